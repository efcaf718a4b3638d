#!/usr/bin/env bash
# The physics solver's eight-lane bundles (`make install KINETIC_CPU=haswell`) give the same bits as its four lanes: the
# engine's tests — its determinism records and reference trajectories among them — built with KINETIC_LANES8 in a
# build directory of their own, for Haswell (AVX2, as `KINETIC_CPU=haswell` builds) when this processor has AVX2, else for
# the default target (the same eight lanes, each operation done in two halves). Part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
flags=(-Xswiftc -DKINETIC_LANES8)
if grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
    flags+=(-Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell)
    target="Haswell (AVX2)"
else
    target="the default target (this processor has no AVX2)"
fi
echo "lanes8-tests: the engine's tests with eight-lane solver bundles, built for $target"
"$SWIFT" build --build-tests --scratch-path .build/lanes8 "${flags[@]}"
"$SWIFT" test --skip-build --scratch-path .build/lanes8 --filter KineticDynamicsTests
