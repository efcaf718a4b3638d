#!/bin/bash
# Box2D v3.1.1 for DynamicsBenchmark: its static library and headers, as built by Box2D's own CMake with its
# defaults (Release, SSE2), taken from the pyb2d3 0.11.1 wheel on PyPI (Box2D's source cannot be fetched from this
# machine's registries; the wheel is pinned by its sha256). Then Benchmarks/peers/box2d3_scenes.c is built against
# it. Idempotent and quiet when done. x86-64 Linux only. Usage: scripts/box2d3-peer.sh [DIR]
set -euo pipefail
DIR="${1:-Benchmarks/.build/peers}"
WHEEL=pyb2d3-0.11.1-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl
SHA256=a7612910aa5b087874c98c5090895348bdce9f2967a575290fb1c57f727b7479
SOURCE="$(dirname "$0")/../Benchmarks/peers/box2d3_scenes.c"
SHORTEST="$(dirname "$0")/../Benchmarks/peers/shortest_float.cpp"
if [ -x "$DIR/box2d3_scenes" ] && [ "$DIR/box2d3_scenes" -nt "$SOURCE" ] && [ "$DIR/box2d3_scenes" -nt "$SHORTEST" ]; then
    exit 0
fi
mkdir -p "$DIR"
if [ ! -f "$DIR/box2d-3.1.1/lib64/libbox2d.a" ]; then
    if [ "$(uname -m)" != x86_64 ]; then
        echo "box2d3-peer: the pinned Box2D v3 build is for x86-64; this machine is $(uname -m)" >&2
        exit 69
    fi
    # pip from the test tools' virtual environment when there is one (Debian's python3 may have no pip).
    PYTHON=python3
    if [ -x .build/venv/bin/python3 ]; then PYTHON=.build/venv/bin/python3; fi
    "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
        --platform manylinux_2_28_x86_64 --python-version 3.11 --implementation cp --abi cp311 \
        --dest "$DIR" pyb2d3==0.11.1
    echo "$SHA256  $DIR/$WHEEL" | sha256sum --check --quiet
    rm -rf "$DIR/box2d-3.1.1.partial"
    "$PYTHON" -m zipfile -e "$DIR/$WHEEL" "$DIR/box2d-3.1.1.partial"
    grep -q 'PACKAGE_VERSION "3.1.1"' "$DIR/box2d-3.1.1.partial/lib64/cmake/box2d/box2dConfigVersion.cmake"
    rm -rf "$DIR/box2d-3.1.1.partial/pyb2d3"
    mv "$DIR/box2d-3.1.1.partial" "$DIR/box2d-3.1.1"
    rm "$DIR/$WHEEL"
fi
command -v g++ >/dev/null || {
    echo "box2d3-peer: needs g++ for the trajectory output's number formatter (Debian: apt-get install g++)" >&2
    exit 69
}
# The trajectory output's number formatter is C++17's std::to_chars (shortest_float.cpp).
g++ -O2 -std=c++17 -Wall -Wextra -Werror -c "$SHORTEST" -o "$DIR/shortest_float.o"
cc -O2 -std=c17 -Wall -Wextra -Werror -I"$DIR/box2d-3.1.1/include" "$SOURCE" "$DIR/shortest_float.o" \
    "$DIR/box2d-3.1.1/lib64/libbox2d.a" -lm -lpthread -lstdc++ -o "$DIR/box2d3_scenes.partial"
mv "$DIR/box2d3_scenes.partial" "$DIR/box2d3_scenes"
