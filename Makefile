# ShaderFX: two commands set up a fresh Debian 12 machine.
#   make demo   installs what is missing, builds in release mode, renders into demo/
#   make test   installs what is missing, builds, runs every test
SHELL := /bin/bash
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# Headers and loaders ShaderFX builds against, and Mesa's software GL for machines without a GPU.
PACKAGES := pkg-config libegl-dev libgles-dev libgbm-dev libpng-dev zlib1g-dev libdeflate-dev libegl-mesa0 libgl1-mesa-dri apngdis ffmpeg
RELEASE_FLAGS := -c release --static-swift-stdlib --product shaderfx
BIN := .build/release/shaderfx
DEMO := demo

.PHONY: all deps build release demo test bench gallery clean help

all: release

help:
	@echo "make demo   - install what is missing, build (release), render the demo into $(DEMO)/"
	@echo "make test   - install what is missing, build, run all tests"
	@echo "make bench  - build (release) and run the benchmarks"
	@echo "make gallery - every effect and transition into gallery/, with one contact sheet"
	@echo "make clean  - remove build products and rendered output"

# Installs the system packages that are missing (as root), or prints the command to run.
deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "Missing system packages:$$missing"; \
	    echo "Run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
	@test -x "$(SWIFT)" || { echo "Swift is not installed: put a Swift 6.3 (or later) toolchain on PATH (expected /opt/swift/usr/bin/swift)"; exit 1; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

demo: release
	@scripts/demo.sh $(BIN) $(DEMO)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: release
	@scripts/bench.sh $(BIN)

gallery: release
	@scripts/gallery.sh $(BIN) gallery

clean:
	rm -rf .build $(DEMO)
