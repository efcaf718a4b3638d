import KineticAnimation
import KineticCore

/// A number that moves from target to target over time: a list of transitions, each beginning where the value is
/// when it begins (so a new target arriving mid-way never makes the value jump), the last begun one in charge.
///
/// A pure function of time once built: `value(at:)` and `velocity(at:)` can be sampled at any time in any order.
/// Digit columns use one for their place on the strip, their left edge, their width and their opacity.
public struct RetargetingMotion: Sendable, Hashable {
    /// One transition: from `from` (the value when it began) to `to`.
    public struct Segment: Sendable, Hashable {
        /// When it begins, in seconds.
        public var beginTime: MediaTime
        /// The value when it began.
        public var from: Double
        /// Its target.
        public var to: Double
        /// The velocity it started with, in value units per second (springs only; 0 for timed transitions).
        public var initialVelocity: Double
        /// How it travels.
        public var transition: RollTransition
        /// How long it lasts in seconds: a timed transition's duration, or the time a spring takes to stay within
        /// the motion's `settleThreshold` of `to`.
        public var duration: MediaTime
    }

    /// The value before the first transition.
    public let initialValue: Double
    /// The transitions in order of `beginTime`.
    public private(set) var segments: [Segment] = []
    /// How close to its target a spring counts as arrived, in value units, > 0. Default 0.001.
    public let settleThreshold: Double

    /// The longest a spring transition is allowed to last: 60 s (an undamped spring never settles).
    public static let longestSpring: MediaTime = 60

    /// A motion resting at `value`.
    public init(value: Double, settleThreshold: Double = 0.001) {
        initialValue = value
        self.settleThreshold = settleThreshold > 0 ? settleThreshold : 0.001
    }

    /// Where the value is heading: the last transition's target, or the initial value.
    public var target: Double { segments.last?.to ?? initialValue }

    /// When the last transition ends (0 when there is none).
    public var endTime: MediaTime { segments.last.map { $0.beginTime + $0.duration } ?? 0 }

    /// The value at `time` (seconds).
    public func value(at time: MediaTime) -> Double {
        guard let index = segmentIndex(at: time) else { return initialValue }
        return Self.value(of: segments[index], at: time)
    }

    /// The velocity at `time`, in value units per second: exact for springs, a central difference for timed
    /// transitions (one-sided at their start).
    public func velocity(at time: MediaTime) -> Double {
        guard let index = segmentIndex(at: time) else { return 0 }
        let segment = segments[index]
        let local = time - segment.beginTime
        guard local < segment.duration else { return 0 }
        switch segment.transition {
        case .spring(let spring):
            return spring.velocity(
                at: local, from: segment.from, to: segment.to, initialVelocity: segment.initialVelocity)
        case .instant:
            return 0
        case .timed, .easeOutExpo:
            let step = min(1e-4, segment.duration / 4)
            let before = Self.value(of: segment, at: max(segment.beginTime, time - step))
            let after = Self.value(of: segment, at: time + step)
            return (after - before) / (time + step - max(segment.beginTime, time - step))
        }
    }

    /// Starts moving to `target` at `time` with `transition`, from wherever the value is then. Transitions that
    /// would begin after `time` are dropped (the newest target wins). A target equal to the current one changes
    /// nothing.
    ///
    /// A spring keeps the current velocity; when it does not bounce (damping ratio ≥ 1) only the part of the
    /// velocity towards the target is kept, at most ω₀ × distance, which is exactly what keeps a critically or
    /// over-damped spring from passing its target.
    public mutating func move(to target: Double, at time: MediaTime, transition: RollTransition) {
        // Segments are in order of beginTime, so the dropped ones are at the end: popping them keeps a move O(1)
        // (scanning every segment made n moves cost O(n²): 18,000 values took minutes to lay out).
        while let last = segments.last, last.beginTime > time { segments.removeLast() }
        if target == self.target { return }
        let from = value(at: time)
        var velocity = 0.0
        let duration: MediaTime
        switch transition {
        case .timed(let length, _), .easeOutExpo(let length):
            duration = length
        case .instant:
            duration = 0
        case .spring(let spring):
            velocity = self.velocity(at: time)
            let distance = target - from
            if spring.dampingRatio >= 1 {
                let towards = distance == 0 ? 0 : velocity * (distance > 0 ? 1 : -1)
                let kept = min(max(towards, 0), spring.naturalFrequency * abs(distance))
                velocity = distance == 0 ? 0 : kept * (distance > 0 ? 1 : -1)
            }
            let settle = spring.settlingDuration(
                threshold: settleThreshold, from: from, to: target, initialVelocity: velocity)
            duration = min(settle ?? Self.longestSpring, Self.longestSpring)
        }
        segments.append(
            Segment(
                beginTime: time, from: from, to: target, initialVelocity: velocity, transition: transition,
                duration: duration))
    }

    /// The index of the last segment begun at `time`, or nil before the first.
    private func segmentIndex(at time: MediaTime) -> Int? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].beginTime <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    private static func value(of segment: Segment, at time: MediaTime) -> Double {
        let local = time - segment.beginTime
        if local >= segment.duration { return segment.to }
        switch segment.transition {
        case .timed(_, let function):
            let eased = function.value(at: max(0, local) / segment.duration)
            return segment.from + (segment.to - segment.from) * eased
        case .easeOutExpo:
            let eased = RollTransition.easeOutExpoProgress(local / segment.duration)
            return segment.from + (segment.to - segment.from) * eased
        case .instant:
            return segment.to
        case .spring(let spring):
            return spring.value(
                at: local, from: segment.from, to: segment.to, initialVelocity: segment.initialVelocity)
        }
    }
}
