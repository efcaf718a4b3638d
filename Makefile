# Kinetic — the two commands: `make demo` and `make test`. See README.md.
SWIFT ?= swift
DEMO_DIR ?= kinetic-demo
PREFIX ?= /usr/local

.PHONY: setup setup-test build demo test check lint format bench fuzz clean install docs check-cpu

# What building and rendering need (C libraries, fonts, ffmpeg); setup-test adds the tests' browser and tmux.
setup:
	@./scripts/setup.sh demo

setup-test:
	@./scripts/setup.sh test

build: setup
	$(SWIFT) build

# The processor the release build is for: empty (any x86-64, or the platform's default) or haswell (AVX2, 2013 on:
# the physics solver works on eight constraints at once instead of four, the same bits;
# `make install KINETIC_CPU=haswell`). Checked by the targets that build with it (check-cpu).
KINETIC_CPU ?=
LANES8_FLAGS = -Xswiftc -DKINETIC_LANES8 -Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell
CPU_FLAGS = $(if $(filter haswell,$(KINETIC_CPU)),$(LANES8_FLAGS))

# The kinetic command as it ships: release, with the Swift runtime and Foundation linked in (a binary that needs no
# Swift toolchain to run, only the C libraries of `make setup`, and starts in half the time).
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib --product kinetic $(CPU_FLAGS)

demo: check-cpu setup
	$(RELEASE_BUILD)
	$$($(SWIFT) build -c release --show-bin-path)/kinetic demo --out $(DEMO_DIR)

# Installs the kinetic command into $(PREFIX)/bin (make install PREFIX=$$HOME/.local).
install: check-cpu setup
	$(RELEASE_BUILD)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $$($(SWIFT) build -c release --show-bin-path)/kinetic $(DESTDIR)$(PREFIX)/bin/kinetic

check-cpu:
	@case "$(KINETIC_CPU)" in ""|haswell) ;; *) echo "make: KINETIC_CPU is empty (any x86-64) or haswell (AVX2: eight-lane solver), not '$(KINETIC_CPU)'" >&2; exit 64;; esac

# Every target is built with SwiftPM's explicit import check as an error: a module that imports a target it does not
# declare as a dependency fails the build, so Package.swift (and docs/ARCHITECTURE.md's table) is what the code does.
IMPORT_CHECK = --explicit-target-dependency-import-check error

test: setup-test
	$(SWIFT) build --build-tests $(IMPORT_CHECK)
	SWIFT="$(SWIFT)" ./scripts/docs.sh
	./scripts/python-tools.sh
	$(SWIFT) test --skip-build
	SWIFT="$(SWIFT)" ./scripts/lanes8-tests.sh
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks/Sources Examples

# The fast tier: the build and the tests that need no browser, ffmpeg, tmux, Python players or package build — the
# engine, the renderer's goldens, the exporters' mappings, the terminal's screens. `make test` is the whole suite.
CHECK_SKIP = KineticCLITests|KineticOutputTests|ChromiumComparisonTests|PlayerComparisonTests|DocumentationSiteTests|PackageConsumerTests|LiveDeployExampleTests|VideoEncoderTests|ArticleExampleTests|ReadmeExampleTests

check: setup
	$(SWIFT) build --build-tests $(IMPORT_CHECK)
	$(SWIFT) test --skip-build --skip '$(CHECK_SKIP)'

# The documentation site (DocC, every public module, merged) in .build/docs-site; see scripts/docs.sh.
docs: setup
	SWIFT="$(SWIFT)" ./scripts/docs.sh

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks/Sources Examples

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks/Sources Examples

# Every benchmark prints its figures; RESULTS.md records them with the command. The dynamics benchmark's peers:
# pymunk and pybox2d from PyPI (see Benchmarks/peers/README.md), Box2D v3.1.1 built by scripts/box2d3-peer.sh, and
# Box2D 3.2 (SSE2 and AVX2) built by scripts/box2d32-peer.sh from its source tarball, which no registry carries:
# `make bench BOX2D32_SOURCE=path/to/box2d-617d32ab.tar.gz` adds Box2D's own scenes against it
# (DynamicsBenchmark --box2d-scenes).
BOX2D32_SOURCE ?=
BENCHMARKS ?= AnimationBenchmark RenderBenchmark RasterBenchmark EffectsBenchmark DynamicsBenchmark TerminalBenchmark TextLayoutBenchmark ExportBenchmark

bench: check-cpu setup-test
	@./scripts/box2d3-peer.sh || echo "(Box2D v3 peer not built; DynamicsBenchmark runs without it)"
	@if [ -n "$(BOX2D32_SOURCE)" ]; then ./scripts/box2d32-peer.sh "$(BOX2D32_SOURCE)"; \
		else echo "(Box2D 3.2 peer not built: set BOX2D32_SOURCE to its source tarball)"; fi
	cd Benchmarks && $(SWIFT) build -c release
	cd Benchmarks && for b in $(BENCHMARKS); do \
		if [ -d Sources/$$b ]; then echo "== $$b"; $$($(SWIFT) build -c release --show-bin-path)/$$b || exit 1; fi; \
	done
	@if [ -n "$(BOX2D32_SOURCE)" ]; then cd Benchmarks && $$($(SWIFT) build -c release --show-bin-path)/DynamicsBenchmark --box2d-scenes; fi
	@# The same scenes with the solver eight lanes wide, built for AVX2 (as Box2D's AVX2 build), where there is AVX2.
	@if [ -n "$(BOX2D32_SOURCE)" ] && grep -qw avx2 /proc/cpuinfo 2>/dev/null; then cd Benchmarks && \
		$(SWIFT) build -c release --scratch-path .build-lanes8 --product DynamicsBenchmark $(LANES8_FLAGS) && \
		$$($(SWIFT) build -c release --scratch-path .build-lanes8 --show-bin-path $(LANES8_FLAGS))/DynamicsBenchmark \
		--box2d-scenes; fi
	$(RELEASE_BUILD)
	./Benchmarks/serve.sh $$($(SWIFT) build -c release --show-bin-path)/kinetic
	./scripts/python-tools.sh
	.build/venv/bin/python3 Benchmarks/peers/chromium_gif.py --kinetic $$($(SWIFT) build -c release --show-bin-path)/kinetic

# Fuzzing (Fuzz/, its own package built with libFuzzer and AddressSanitizer): each target runs FUZZ_RUNS inputs,
# one target at a time, and the command fails if any crashed. Settings: see scripts/fuzz.sh.
FUZZ_RUNS ?= 1000000

fuzz: setup
	FUZZ_RUNS=$(FUZZ_RUNS) SWIFT=$(SWIFT) ./scripts/fuzz.sh

clean:
	rm -rf .build Benchmarks/.build Benchmarks/.build-lanes8 $(DEMO_DIR)
