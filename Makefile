# The two commands a newcomer needs: `make demo` and `make test`.
# Both install what they need first (scripts/setup; idempotent).
SWIFT ?= swift
DEMO_DIR ?= demo

.PHONY: setup build test demo bench clean

setup:
	@scripts/setup

build: setup
	$(SWIFT) build

# Chromium runs the real-browser check of the animated SVG; without it (no
# network, no apt) that one check is skipped and says so.
test: build
	@scripts/setup --browser || echo "make: chromium could not be installed; the real-browser check will be skipped"
	$(SWIFT) test

# Renders the showcase into $(DEMO_DIR)/ and previews it in the terminal.
demo: build
	$(SWIFT) run kinetype demo --out $(DEMO_DIR)

bench: setup
	$(SWIFT) run -c release bench

clean:
	rm -rf .build $(DEMO_DIR)
