# Kinetic — the two commands: `make demo` and `make test`. See README.md.
SWIFT ?= swift
DEMO_DIR ?= kinetic-demo

.PHONY: setup build demo test lint format bench fuzz clean

setup:
	@./scripts/setup.sh

build: setup
	$(SWIFT) build

demo: setup
	$(SWIFT) build -c release --product kinetic
	$$($(SWIFT) build -c release --show-bin-path)/kinetic demo --out $(DEMO_DIR)

test: setup
	$(SWIFT) build
	$(SWIFT) test
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks/Sources

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks/Sources

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks/Sources

# Every benchmark prints its figures; RESULTS.md records them with the command. Peers (pymunk, Box2D) are
# installed from PyPI by the dynamics benchmark's peers/ scripts when asked.
BENCHMARKS ?= AnimationBenchmark RenderBenchmark RasterBenchmark EffectsBenchmark DynamicsBenchmark TerminalBenchmark

bench: setup
	cd Benchmarks && $(SWIFT) build -c release
	cd Benchmarks && for b in $(BENCHMARKS); do \
		if [ -d Sources/$$b ]; then echo "== $$b"; $$($(SWIFT) build -c release --show-bin-path)/$$b || exit 1; fi; \
	done

# Fuzzing (Fuzz/, its own package built with libFuzzer and AddressSanitizer): each target runs FUZZ_RUNS inputs,
# one target at a time, and the command fails if any crashed. Settings: see scripts/fuzz.sh.
FUZZ_RUNS ?= 1000000

fuzz: setup
	FUZZ_RUNS=$(FUZZ_RUNS) SWIFT=$(SWIFT) ./scripts/fuzz.sh

clean:
	rm -rf .build Benchmarks/.build $(DEMO_DIR)
