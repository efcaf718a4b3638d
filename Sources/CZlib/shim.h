#pragma once
#include <zlib.h>

/// deflateInit2 is a function-like macro (it passes the library version and struct size): not imported by Swift.
static inline int kinetic_deflate_init(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY);
}

/// inflateInit is a function-like macro: not imported by Swift.
static inline int kinetic_inflate_init(z_streamp stream) {
    return inflateInit(stream);
}
