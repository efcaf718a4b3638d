#!/bin/bash
# Box2D 3.2 for DynamicsBenchmark's Box2D scenes: its static library built twice from its source — the default
# x86-64 build (SSE2, 4-wide lanes) and the AVX2 build (8-wide lanes, -mavx2 -DBOX2D_AVX2) — with Box2D's release
# flags, then Benchmarks/peers/box2d3_scenes.c built against each (-DBOX2D_32). Box2D's source cannot be fetched from this
# machine's registries (PyPI's pyb2d3 carries 3.1.1): give the source tarball of Box2D's main line at commit
# 617d32ab (b2GetVersion 3.2.0, MIT licence), a folder named box2d-617d32ab inside. Idempotent and quiet when done.
#
#   scripts/box2d32-peer.sh path/to/box2d-617d32ab.tar.gz [DIR]     # DIR: Benchmarks/.build/peers
set -euo pipefail
TARBALL="${1:?usage: scripts/box2d32-peer.sh BOX2D_SOURCE_TARBALL [DIR] (Box2D at commit 617d32ab)}"
DIR="${2:-Benchmarks/.build/peers}"
SOURCE="$(cd "$(dirname "$0")/.." && pwd)/Benchmarks/peers/box2d3_scenes.c"
SHORTEST="$(cd "$(dirname "$0")/.." && pwd)/Benchmarks/peers/shortest_float.cpp"
[ -f "$TARBALL" ] || { echo "box2d32-peer: no file '$TARBALL': give Box2D's source tarball (commit 617d32ab)" >&2; exit 66; }
mkdir -p "$DIR"
if [ ! -f "$DIR/box2d-617d32ab/src/solver.c" ]; then
    tar xzf "$TARBALL" -C "$DIR"
    [ -f "$DIR/box2d-617d32ab/src/solver.c" ] || { echo "box2d32-peer: '$TARBALL' holds no box2d-617d32ab/src" >&2; exit 65; }
fi
ROOT="$DIR/box2d-617d32ab"
command -v g++ >/dev/null || {
    echo "box2d32-peer: needs g++ for the trajectory output's number formatter (Debian: apt-get install g++)" >&2
    exit 69
}
# The trajectory output's number formatter is C++17's std::to_chars.
if [ ! -f "$DIR/shortest_float.o" ] || [ "$DIR/shortest_float.o" -ot "$SHORTEST" ]; then
    g++ -O2 -std=c++17 -Wall -Wextra -Werror -c "$SHORTEST" -o "$DIR/shortest_float.o.partial"
    mv "$DIR/shortest_float.o.partial" "$DIR/shortest_float.o"
fi
for build in sse2 avx2; do
    extra=()
    [ "$build" = avx2 ] && extra=(-mavx2 -DBOX2D_AVX2)
    library="$DIR/box2d-3.2-$build/libbox2d.a"
    if [ ! -f "$library" ]; then
        objects="$DIR/box2d-3.2-$build/objects"
        mkdir -p "$objects"
        for file in "$ROOT"/src/*.c; do
            cc -std=gnu17 -O2 -DNDEBUG -ffp-contract=off "${extra[@]}" -I "$ROOT/include" -I "$ROOT/src" \
                -c "$file" -o "$objects/$(basename "${file%.c}").o"
        done
        ar rcs "$library.partial" "$objects"/*.o
        mv "$library.partial" "$library"
    fi
    program="$DIR/box2d32_scenes_$build"
    if [ ! -x "$program" ] || [ "$program" -ot "$SOURCE" ] || [ "$program" -ot "$DIR/shortest_float.o" ]; then
        cc -O2 -std=gnu17 -Wall -Wextra -Werror "${extra[@]}" -DBOX2D_32=1 -I "$ROOT/include" "$SOURCE" \
            "$DIR/shortest_float.o" "$library" -lm -lpthread -lstdc++ -o "$program.partial"
        mv "$program.partial" "$program"
    fi
done
