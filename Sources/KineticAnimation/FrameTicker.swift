import KineticCore
import Synchronization

/// A display link on a `MediaClock`: calls you once per frame of a fixed-rate grid, like `CADisplayLink`.
///
/// Frames fall on the clock's grid of `frameDuration` steps (times k / framesPerSecond, like a display's vsync).
/// Between frames the ticker sleeps on the clock until the next deadline: no busy-waiting. With a `SystemClock`
/// that is live playback; with a `ManualClock` the clock jumps from deadline to deadline, so a run is exact and
/// instant (tests, offline renders).
///
/// When a frame's callback (or anything else) takes so long that later deadlines pass, those frames are dropped:
/// the next callback gets the latest deadline that has passed, and `droppedFrameCount` counts the ones skipped.
///
/// `FrameTicker` is `Sendable`: `pause()`, `resume()` and `stop()` may be called from any task while `run`
/// is running in another. The callback runs in the caller's isolation (`run` inherits it), so it may use
/// non-`Sendable` state such as an `Animator`:
///
/// ```swift
/// let ticker = try FrameTicker(clock: SystemClock(), framesPerSecond: 60)
/// try await ticker.run { frame in
///     animator.tick()
///     render(at: frame.targetTimestamp)
/// }
/// ```
public final class FrameTicker: Sendable {
    /// One frame: what `CADisplayLink` reports in its callback.
    public struct Frame: Sendable, Hashable {
        /// The deadline that was just reached (the frame now on screen), in clock seconds.
        public var timestamp: MediaTime
        /// The next deadline (when the frame being prepared will show): `timestamp + frameDuration`.
        public var targetTimestamp: MediaTime
        /// The frame's index on the clock's grid: `timestamp = index / framesPerSecond`.
        public var index: Int
        /// How many frames this run has dropped so far, this frame's gap included.
        public var droppedFrameCount: Int
    }

    /// The rates a ticker accepts, in frames per second.
    public static let supportedRates = [30, 60, 120]

    /// The clock the ticker sleeps on.
    public let clock: any MediaClock
    /// The target rate: 30, 60 or 120 frames per second.
    public let framesPerSecond: Int

    private struct State {
        var isRunning = false
        var isPaused = false
        /// Counts pauses, so a pause and resume between two looks at the state is still seen as one.
        var pauseCount = 0
        var stopRequested = false
        var droppedFrameCount = 0
        var resumeWaiter: CheckedContinuation<Void, Never>?

        mutating func takeWaiter() -> CheckedContinuation<Void, Never>? {
            defer { resumeWaiter = nil }
            return resumeWaiter
        }
    }

    private let state = Mutex(State())

    /// A ticker on `clock` at `framesPerSecond`.
    ///
    /// - Parameters:
    ///   - clock: The clock to read and sleep on.
    ///   - framesPerSecond: 30, 60 or 120. Default 60.
    /// - Throws: `AnimationError` for any other rate.
    public init(clock: any MediaClock, framesPerSecond: Int = 60) throws(AnimationError) {
        guard Self.supportedRates.contains(framesPerSecond) else {
            throw AnimationError(
                "a frame ticker runs at 30, 60 or 120 frames per second (got \(framesPerSecond)); the default is 60")
        }
        self.clock = clock
        self.framesPerSecond = framesPerSecond
    }

    /// Seconds between frames: 1 / framesPerSecond.
    public var frameDuration: MediaTime { 1 / Double(framesPerSecond) }

    /// Frames dropped by the current (or last) run.
    public var droppedFrameCount: Int { state.withLock { $0.droppedFrameCount } }

    /// Whether `run` is running.
    public var isRunning: Bool { state.withLock { $0.isRunning } }

    /// Whether the ticker is paused.
    public var isPaused: Bool { state.withLock { $0.isPaused } }

    /// Stops calling back until `resume()`. Frames that pass while paused are not counted as dropped.
    public func pause() {
        state.withLock { state in
            state.isPaused = true
            state.pauseCount += 1
        }
    }

    /// Resumes after `pause()`, from the next deadline on the grid.
    public func resume() {
        let waiter = state.withLock { state in
            state.isPaused = false
            return state.takeWaiter()
        }
        waiter?.resume()
    }

    /// Makes `run` return before its next callback (also when paused). The ticker can run again afterwards.
    public func stop() {
        let waiter = state.withLock { state in
            state.stopRequested = true
            return state.takeWaiter()
        }
        waiter?.resume()
    }

    /// Calls `onFrame` once per frame until `stop()`, the task's cancellation, or an error thrown by `onFrame`.
    ///
    /// The first frame is the first deadline after the clock's current time. The dropped-frame count starts at 0.
    ///
    /// - Throws: `CancellationError` when the task is cancelled, whatever `onFrame` or the clock throws, and
    ///   `AnimationError` if this ticker is already running.
    public func run(
        isolation: isolated (any Actor)? = #isolation, _ onFrame: (Frame) throws -> Void
    ) async throws {
        try state.withLock { (state) throws(AnimationError) in
            guard !state.isRunning else {
                throw AnimationError("this frame ticker is already running; stop it or make another one")
            }
            state.isRunning = true
            state.stopRequested = false
            state.droppedFrameCount = 0
        }
        defer { state.withLock { $0.isRunning = false } }
        let rate = Double(framesPerSecond)
        var next = Self.gridIndex(atOrBefore: clock.now, rate: rate) + 1
        var pauses = state.withLock { $0.pauseCount }
        while true {
            try Task.checkCancellation()
            let (stopped, paused, pauseCount) = state.withLock { ($0.stopRequested, $0.isPaused, $0.pauseCount) }
            if stopped { return }
            if paused {
                await waitUntilResumed()
                continue
            }
            if pauseCount != pauses {
                // Resumed (perhaps before this loop saw the pause): continue from the next deadline, no drops.
                pauses = pauseCount
                next = Self.gridIndex(atOrBefore: clock.now, rate: rate) + 1
            }
            try await clock.sleep(until: Double(next) / rate)
            let (stoppedNow, pausesNow) = state.withLock { ($0.stopRequested, $0.pauseCount) }
            if stoppedNow { return }
            if pausesNow != pauses { continue }
            // Deadlines that passed before the latest one are dropped frames.
            let current = max(next, Self.gridIndex(atOrBefore: clock.now, rate: rate))
            let dropped = state.withLock { state in
                state.droppedFrameCount += current - next
                return state.droppedFrameCount
            }
            try onFrame(
                Frame(
                    timestamp: Double(current) / rate, targetTimestamp: Double(current + 1) / rate, index: current,
                    droppedFrameCount: dropped))
            next = current + 1
        }
    }

    /// The index of the last grid time at or before `time`, tolerating rounding (3/60 · 60 may give 2.9999…).
    private static func gridIndex(atOrBefore time: MediaTime, rate: Double) -> Int {
        let position = (time * rate * (1 + 1e-12)).rounded(.down)
        guard position.isFinite, position < Double(Int.max / 2), position > -Double(Int.max / 2) else { return 0 }
        return Int(position)
    }

    private func waitUntilResumed() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    guard state.isPaused, !state.stopRequested, !Task.isCancelled else { return true }
                    state.resumeWaiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.takeWaiter() }?.resume()
        }
    }
}
