import Synchronization

/// A source of media time. Everything in Kinetic takes times as arguments; only live playback asks a clock.
///
/// Implementations: `ManualClock` (tests, offline rendering: time moves only when told) and `SystemClock`
/// (monotonic wall time, for live playback).
public protocol MediaClock: Sendable {
    /// The current time, in seconds since the clock's origin. Never decreases.
    var now: MediaTime { get }
    /// Suspends the caller until `now >= deadline` without busy-waiting. A manual clock jumps there instead.
    func sleep(until deadline: MediaTime) async throws
}

/// A clock whose time moves only when it is told to: tests and offline renders drive it to exact times.
///
/// `sleep(until:)` advances the clock to the deadline at once, so code written for live playback runs in
/// virtual time, deterministically.
public final class ManualClock: MediaClock {
    private let time: Mutex<MediaTime>

    /// Creates a clock that reads `start` seconds (default 0).
    public init(start: MediaTime = 0) {
        time = Mutex(start)
    }

    public var now: MediaTime { time.withLock { $0 } }

    /// Moves the clock forward by `seconds` (negative values are ignored: a clock never goes back).
    public func advance(by seconds: MediaTime) {
        time.withLock { $0 += max(0, seconds) }
    }

    /// Sets the clock to `newTime` when that is later than the current time.
    public func set(to newTime: MediaTime) {
        time.withLock { $0 = max($0, newTime) }
    }

    public func sleep(until deadline: MediaTime) async throws {
        try Task.checkCancellation()
        set(to: deadline)
    }
}

/// The system's monotonic clock (`ContinuousClock`), in seconds since this value was created.
public struct SystemClock: MediaClock {
    private let origin: ContinuousClock.Instant

    /// Creates a clock that reads 0 now.
    public init() {
        origin = ContinuousClock.now
    }

    public var now: MediaTime {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    public func sleep(until deadline: MediaTime) async throws {
        let remaining = deadline - now
        guard remaining > 0 else { return }
        try await Task.sleep(until: origin.advanced(by: .seconds(deadline)), clock: ContinuousClock())
    }
}
