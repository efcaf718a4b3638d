import KineticCore

/// When a `Shimmer` fades in, sweeps, stops and fades out, in seconds of the layer's timeline.
///
/// ```
/// beginTime ─ begin fade ─ slideBeginTime ─ sweep, pause, sweep, pause … ─ slideEndTime ─ end fade ─ endTime
/// ```
///
/// Stopping finishes the sweep in progress, as Facebook Shimmer does: with `stopAt` in cycle n (counted from 0,
/// a cycle starting exactly at `stopAt` included), the slide ends after n + 1 cycles. A stop during the begin fade
/// lets the first sweep play.
public struct ShimmerTimeline: Sendable, Hashable {
    /// When the begin fade starts.
    public let beginTime: MediaTime
    /// When the first sweep starts: `beginTime` + the begin fade.
    public let slideBeginTime: MediaTime
    /// One sweep and its pause, in seconds.
    public let cycleDuration: MediaTime
    /// How many cycles play, or nil when the effect never stops.
    public let cycleCount: Int?
    /// How long the fade back to the plain content lasts after the last cycle, in seconds.
    public let endFadeDuration: MediaTime

    /// The timeline of `shimmer` with cycles of `cycleDuration` seconds (> 0).
    public init(shimmer: Shimmer, cycleDuration: MediaTime) {
        beginTime = shimmer.beginTime
        slideBeginTime = shimmer.beginTime + shimmer.beginFadeDuration
        self.cycleDuration = cycleDuration
        endFadeDuration = shimmer.endFadeDuration
        if let stop = shimmer.stopAt {
            let elapsed = max(0, stop - slideBeginTime)
            let cycles = (elapsed / cycleDuration).rounded(.down)
            cycleCount = cycles.isFinite && cycles < 1e9 ? Int(cycles) + 1 : 1_000_000_000
        } else {
            cycleCount = nil
        }
    }

    /// When the last sweep's cycle ends and the end fade starts; nil when the effect never stops.
    public var slideEndTime: MediaTime? {
        cycleCount.map { slideBeginTime + Double($0) * cycleDuration }
    }

    /// When the end fade is over and the content is plain again; nil when the effect never stops.
    public var endTime: MediaTime? {
        slideEndTime.map { $0 + endFadeDuration }
    }

    /// How far into its cycle the mask is at `time`: 0 before the first sweep, `cycleDuration` once the last
    /// cycle has ended, otherwise the time since the current cycle started.
    public func cycleTime(at time: MediaTime) -> MediaTime {
        guard time > slideBeginTime else { return 0 }
        if let end = slideEndTime, time >= end { return cycleDuration }
        return (time - slideBeginTime).truncatingRemainder(dividingBy: cycleDuration)
    }
}
