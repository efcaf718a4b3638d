#pragma once

/// Asks the processor to bring the cache line holding `address` into every cache level ahead of a read: a hint,
/// never a fault (any address may be given), and no instruction at all where the compiler has none for it. Swift
/// has no spelling for it (`__builtin_prefetch` is a compiler builtin, not a function Swift can import).
static inline __attribute__((always_inline)) void kinetic_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

