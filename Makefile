# ShaderFX: two commands set up a fresh Debian 12 machine.
#   make demo   installs what is missing, builds in release mode, renders into demo/
#   make test   installs what is missing, builds, runs every test
#   make dist   the tarball that installs ShaderFX where there is no Swift (dist/)
SHELL := /bin/bash
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# Headers and loaders ShaderFX builds against, and Mesa's software GL for machines without a GPU;
# glslang-tools: glslangValidator, which the translator's tests compile every translation with;
# FreeType, HarfBuzz, fontconfig and the fonts text uses; libharfbuzz-bin fonts-material-design-icons-iconfont: hb-shape, the text tests' oracle;
# libturbojpeg0-dev (JPEG, linked) and librsvg2-2 (SVG, with cairo, opened at run time); for the image
# tests, libjpeg-turbo-progs (cjpeg makes their JPEGs; ffmpeg decodes them as the oracle) and
# librsvg2-bin (rsvg-convert, which the SVG renders are compared with).
PACKAGES := pkg-config libegl-dev libgles-dev libgbm-dev libpng-dev zlib1g-dev libdeflate-dev libegl-mesa0 libgl1-mesa-dri apngdis ffmpeg groff-base zsh fish nodejs glslang-tools strace libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-inter fonts-quicksand fonts-dejavu-core fonts-jetbrains-mono libharfbuzz-bin fonts-material-design-icons-iconfont fonts-noto-color-emoji libturbojpeg0-dev librsvg2-2 libjpeg-turbo-progs librsvg2-bin
# What make bench compares against: ImageMagick's compare, and Pillow and moderngl in a venv.
BENCH_PACKAGES := imagemagick python3-venv
# The release binary links the Swift runtime, libdeflate and libturbojpeg statically (it then runs
# where only libc, libstdc++, libpng and zlib are installed): for it, libdeflate's and
# libturbojpeg's pkg-config files are ours, asking for libdeflate.a and libturbojpeg.a.
STATIC_PKGCONFIG := .build/pkgconfig-static
RELEASE_FLAGS := -c release --static-swift-stdlib --product shaderfx --pkg-config-path $(STATIC_PKGCONFIG)
BIN := .build/release/shaderfx
DEMO := demo
# VERSION is the one place the version is written (a test checks ShaderFXVersion against it).
VERSION := $(shell cat VERSION)
DIST := dist
TARBALL := $(DIST)/shaderfx-$(VERSION)-linux-$(shell uname -m).tar.gz

.PHONY: all deps build release demo test sanitize bench fuzz gallery dist clean help

all: release

help:
	@echo "make demo   - install what is missing, build (release), render the demo into $(DEMO)/"
	@echo "make test   - install what is missing, build, run all tests"
	@echo "make sanitize - every test under AddressSanitizer (with leaks), then ThreadSanitizer"
	@echo "make bench  - build (release) and run the benchmarks"
	@echo "make fuzz   - build the libFuzzer targets, run each FUZZ_TIME s (600); FUZZ_TARGETS picks (Metal Text View PNG Schemas)"
	@echo "make gallery - every effect and transition into gallery/, with one contact sheet"
	@echo "make dist   - $(TARBALL): the binary, man page, completions; runs without Swift"
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
	@mkdir -p $(STATIC_PKGCONFIG)
	@printf 'Name: libdeflate\nDescription: libdeflate, linked statically\nVersion: %s\nLibs: -l:libdeflate.a\nCflags:\n' \
	  "$$(pkg-config --modversion libdeflate)" > $(STATIC_PKGCONFIG)/libdeflate.pc
	@printf 'Name: libturbojpeg\nDescription: TurboJPEG, linked statically\nVersion: %s\nLibs: -l:libturbojpeg.a\nCflags:\n' \
	  "$$(pkg-config --modversion libturbojpeg)" > $(STATIC_PKGCONFIG)/libturbojpeg.pc
	$(SWIFT) build $(RELEASE_FLAGS)

demo: release
	@scripts/demo.sh $(BIN) $(DEMO)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The whole suite, the binary the command-line tests start included, built and run under
# AddressSanitizer with LeakSanitizer (.build-asan), then ThreadSanitizer (.build-tsan). The
# sanitizer runtimes and llvm-symbolizer come with the Swift toolchain (lib/clang/*/lib/linux),
# so a fresh Debian 12 needs nothing beyond `make deps`; scripts/sanitize.sh checks they are
# there. Suppressions (system libraries only, each with its reason): scripts/sanitizers/.
sanitize: deps
	SWIFT=$(SWIFT) scripts/sanitize.sh address
	SWIFT=$(SWIFT) scripts/sanitize.sh thread
# The libFuzzer targets (Fuzz/, docs/FUZZING.md), built with swiftc into .build-fuzz/, never by
# `swift build`; findings are kept under .build-fuzz/findings/.
fuzz:
	@FUZZ_TIME="$(FUZZ_TIME)" FUZZ_TARGETS="$(FUZZ_TARGETS)" scripts/fuzz.sh

bench: release
	@$(MAKE) --no-print-directory deps PACKAGES="$(BENCH_PACKAGES)"
	@scripts/bench.sh $(BIN)

gallery: release
	@scripts/gallery.sh $(BIN) gallery

# Not part of `make test` (a release build); ShaderFXCLITests checks what it packs (GeneratedFilesTests).
dist: release
	@scripts/dist.sh $(BIN) $(DIST)

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz $(DEMO) $(DIST)
