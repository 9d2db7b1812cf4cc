# The two commands a newcomer needs: `make demo` and `make test`.
SWIFT ?= swift
DEMO_DIR ?= demo

.PHONY: setup build test demo bench clean

setup:
	@scripts/setup

build: setup
	$(SWIFT) build

test: build
	$(SWIFT) test

demo: build
	$(SWIFT) run kinetype demo --out $(DEMO_DIR)

bench: setup
	$(SWIFT) run -c release bench

clean:
	rm -rf .build $(DEMO_DIR)
