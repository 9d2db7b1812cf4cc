# The two commands a newcomer needs: `make demo` and `make test`.
# Both install what they need first (scripts/setup; idempotent).
SWIFT ?= swift
DEMO_DIR ?= demo
DOCS_DIR ?= .build/docs

# Fuzzing (Fuzz/README.md): each target runs FUZZ_SECONDS under `make fuzz`,
# FUZZ_SMOKE_SECONDS as part of `make test`.
FUZZ_TARGETS := FuzzAnalyzer FuzzLayout FuzzPathData FuzzRender FuzzCommandLine FuzzPlan
FUZZ_SECONDS ?= 300
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_BUILD := .build-fuzz
FUZZ_FLAGS := -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --scratch-path $(FUZZ_BUILD)

# The soak (Tests/SoakTests): simulated seconds of app use. `make test` runs
# the default of the test itself (900 s, a couple of seconds of real time).
SOAK_SECONDS ?= 36000

# `make install` puts the release binary in $(PREFIX)/bin and its shell
# completions where bash, zsh and fish look for them under $(PREFIX)/share;
# DESTDIR stages the whole tree elsewhere (for packaging).
PREFIX ?= /usr/local
INSTALL_BUILD := .build-install
BIN_DIR = $(DESTDIR)$(PREFIX)/bin
BASH_DIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_DIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_DIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: wasm web-test wasm-bench perf-gate embedded-check setup build test demo showcase docs bench clean fuzz fuzz-build fuzz-run soak tsan install uninstall

setup:
	@scripts/setup

build: setup
	$(SWIFT) build

# Chromium runs the real-browser check of the animated SVG, and a Python
# environment (lottie-specs, rlottie) the Lottie checks; without them (no
# network, no apt) those checks are skipped and say so.
test: build
	@scripts/setup --browser || echo "make: chromium could not be installed; the real-browser check will be skipped"
	@scripts/setup --python || echo "make: the Lottie tools could not be installed; the Lottie schema and rlottie checks will be skipped"
	$(SWIFT) test
	@$(MAKE) --no-print-directory embedded-check
	@if scripts/setup --wasm; then $(MAKE) --no-print-directory web-test; \
	else echo "make: the WebAssembly tools could not be installed; the browser build and its tests are skipped"; fi
	@$(MAKE) --no-print-directory fuzz-run FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS)
	@$(MAKE) --no-print-directory perf-gate

# The instruction-count gate: setText, planning, a frame and the 10k diffs
# against the budgets in Benchmarks/budgets.tsv (callgrind counts, which do not
# depend on the machine's load; `make bench` has the wall-clock figures).
# The five core modules compiled as Embedded Swift for WebAssembly (objects
# only): what keeps them buildable where Swift has no runtime (scripts/embedded-check).
embedded-check:
	@scripts/embedded-check

# The engine for the browser: web/dist/kinetype.wasm and the JavaScript modules
# (scripts/wasm; docs/web.md). Open web/playground.html through any static
# server (python3 -m http.server) to try it.
wasm: setup
	@scripts/setup --wasm
	@scripts/wasm --sizes

# The browser build's tests in headless Chromium (skipped, saying so, without it).
web-test: wasm
	@scripts/web-test

# The browser build against the native engine: size, instantiate time,
# setText and frame(at:) in Chromium and natively (docs/web.md's table).
wasm-bench: wasm
	@scripts/wasm-bench

perf-gate: setup
	@scripts/setup --perf
	scripts/perf-gate

# Renders the showcase into $(DEMO_DIR)/ (SVGs, pages, a GIF, a WebP and a
# Lottie file) and previews it in the terminal.
demo: build
	$(SWIFT) run kinetype demo --output $(DEMO_DIR)

# Regenerates the showcase files committed under docs/ (the README shows them).
showcase: build
	$(SWIFT) run kinetype demo --output .build/showcase --no-preview
	for f in docs/*.svg; do cp ".build/showcase/$$(basename "$$f")" docs/; done
	cp .build/showcase/showcase.gif .build/showcase/showcase.webp .build/showcase/showcase.json .build/showcase/write-hello.png docs/

# The Swift standard library is linked in, so the binary runs without the
# toolchain; the system libraries (Cairo, FFmpeg, …) stay shared.
install: setup
	$(SWIFT) build -c release --product kinetype --static-swift-stdlib --scratch-path $(INSTALL_BUILD)
	@bin=$$($(SWIFT) build -c release --static-swift-stdlib --scratch-path $(INSTALL_BUILD) --show-bin-path); \
	install -d "$(BIN_DIR)" "$(BASH_DIR)" "$(ZSH_DIR)" "$(FISH_DIR)" && \
	install -m 755 "$$bin/kinetype" "$(BIN_DIR)/kinetype" && \
	"$$bin/kinetype" completions bash > "$(BASH_DIR)/kinetype" && \
	"$$bin/kinetype" completions zsh > "$(ZSH_DIR)/_kinetype" && \
	"$$bin/kinetype" completions fish > "$(FISH_DIR)/kinetype.fish" && \
	echo "installed $(BIN_DIR)/kinetype and its completions for bash, zsh and fish"

uninstall:
	rm -f "$(BIN_DIR)/kinetype" "$(BASH_DIR)/kinetype" "$(ZSH_DIR)/_kinetype" "$(FISH_DIR)/kinetype.fish"
	@echo "removed $(BIN_DIR)/kinetype and its completions"

# Builds the DocC documentation of the seven library modules with the
# toolchain's docc (no package plugin): one archive per module in $(DOCS_DIR)/,
# from a fresh clone too (the libraries are built, not the tests); the script
# ends with the command that serves them for reading.
docs: setup
	scripts/docs $(DOCS_DIR)

bench: setup
	$(SWIFT) run -c release bench

# Every fuzz target for FUZZ_SECONDS each, from the seeds in Fuzz/Corpus/<target>;
# new inputs collect in $(FUZZ_BUILD)/corpus/<target>, failing ones in
# $(FUZZ_BUILD)/artifacts/. A target fails on a crash, a broken invariant, an
# input slower than 10 s or one needing more than 2 GB.
fuzz:
	@$(MAKE) --no-print-directory fuzz-run

fuzz-build: setup
	@for target in $(FUZZ_TARGETS); do $(SWIFT) build $(FUZZ_FLAGS) --product $$target || exit 1; done

fuzz-run: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/artifacts
	@bin=$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path); \
	echo "fuzz: FuzzPlan's seeds, nothing jumping as a change comes"; \
	if ! FUZZ_PLAN_CONTINUITY=1 SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan-suppressions.txt \
	    $$bin/FuzzPlan Fuzz/Corpus/FuzzPlan -runs=0 -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=$(FUZZ_BUILD)/artifacts/FuzzPlan-continuity- > $(FUZZ_BUILD)/FuzzPlan-continuity.log 2>&1; then \
	  tail -n 40 $(FUZZ_BUILD)/FuzzPlan-continuity.log; \
	  echo "fuzz: a FuzzPlan seed jumps; the input is in $(FUZZ_BUILD)/artifacts/"; \
	  exit 1; \
	fi; \
	for target in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$target; \
	  echo "fuzz: $$target for $(FUZZ_SECONDS) s"; \
	  if ! SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan-suppressions.txt $$bin/$$target $(FUZZ_BUILD)/corpus/$$target Fuzz/Corpus/$$target \
	      -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	      -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$target- > $(FUZZ_BUILD)/$$target.log 2>&1; then \
	    tail -n 40 $(FUZZ_BUILD)/$$target.log; \
	    echo "fuzz: $$target failed; the input is in $(FUZZ_BUILD)/artifacts/ (replay: swift run $$target FILE)"; \
	    exit 1; \
	  fi; \
	  grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^Done" $(FUZZ_BUILD)/$$target.log | tr '\n' ' '; echo; \
	done

# The soak for SOAK_SECONDS of simulated app use (ten hours by default: a
# minute or two of real time).
soak: build
	KINETYPE_SOAK_SECONDS=$(SOAK_SECONDS) $(SWIFT) test --filter SoakTests

# The Director, pool and layout tests under ThreadSanitizer, in a build of
# their own; any report fails the run.
tsan: setup
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test -Xswiftc -sanitize=thread --scratch-path .build-tsan \
	  --filter 'DirectorTests|PoolTests|MonospaceLayout|TypesetterTests'

clean:
	rm -rf .build .build-fuzz .build-tsan $(INSTALL_BUILD) $(DEMO_DIR)
