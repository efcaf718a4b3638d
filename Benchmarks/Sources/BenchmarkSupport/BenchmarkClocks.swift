// The clocks every benchmark reads. Benchmarks may read the clock; the library never does.
import Foundation

/// CPU time of the calling thread, in seconds: on a shared, loaded machine it is steadier than the wall clock.
public func threadCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// Monotonic wall-clock time, in seconds from an arbitrary origin.
public func wallTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}
