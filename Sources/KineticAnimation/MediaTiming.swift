import KineticCore

/// Core Animation's timing model (`CAMediaTiming`) for one animation: maps a time in the parent's timeline to
/// the animation's progress and repeat index, or to "not applied".
///
/// The mapping, in the two stages of `CAMediaTiming.h`:
///
/// 1. **Active local time** `t = (parentTime − beginTime) × speed + timeOffset` (`localTime(at:)`).
/// 2. **Basic local time**: `t` is folded into the active duration and split into repeats of
///    `effectiveDuration` (two of them, forward then back, for one repeat when `autoreverses`).
///
/// Decisions, where Core Animation's documentation is silent or says "undefined":
///
/// - **The active interval always starts at `beginTime`** in parent time and lasts `activeDuration / |speed|`
///   (forever when speed is 0 or the repeats are infinite). Before it the phase is `.before`; from its end on
///   (the end itself included) the phase is `.after`.
/// - **timeOffset shifts where playback starts, not when**: the animation still runs for its whole active
///   duration and wraps around, so a 5 s animation with timeOffset 2 shows 2…5 s and then 0…2 s (the behaviour
///   documented for `CAMediaTiming.timeOffset` and illustrated by D. Rönnqvist, "Controlling Animation Timing").
/// - **speed 0 is a pause**: local time stands still at `timeOffset` (wrapped as above; a timeOffset of exactly
///   the active duration shows the end), so the state is the same at every parent time from `beginTime` on.
///   Before `beginTime` the usual backwards-fill rule applies (the filled state is the same paused state).
/// - **Negative speed plays the same interval backwards**: from `beginTime` on, local time runs down from
///   `timeOffset` (from the end when timeOffset is 0) for `activeDuration / |speed|` seconds. Backwards fill shows
///   the state the backwards playback starts from; forwards fill the state it ends on (progress 0 for a plain
///   animation).
/// - **duration ≤ 0** (and NaN or infinite durations) means Core Animation's default 0.25 s.
/// - **repeatCount 0 and repeatDuration 0 both mean "once"** (negative or NaN values too). A fractional
///   repeatCount plays that fraction of the last repeat, also below 1 (0.5 plays the first half).
/// - **repeatCount and repeatDuration both set** (undefined in Core Animation): the animation stops at whichever
///   limit comes first, `min(repeatDuration, repeatCount × repeat length)`, as SMIL defines for repeatCount and
///   repeatDur together.
/// - **At the exact end of the active interval** with forwards fill the state is the final one (progress 1 for a
///   forward animation, last repeat); without forwards fill the animation is removed (`state(at:)` is nil).
///   Inside the interval an exact repeat boundary belongs to the repeat about to play: the next one (progress 0)
///   when playing forwards, as in Web Animations; the previous one (progress 1) when playing backwards.
/// - beginTime, speed or timeOffset NaN or infinite, or a NaN parent time: the animation is not applied.
public struct MediaTiming: Sendable, Hashable {
    /// When the animation starts, in seconds of the parent's timeline. Default 0.
    public var beginTime: MediaTime
    /// The length of one pass from start to end, in seconds of local time. Default 0, which means Core
    /// Animation's default animation duration of 0.25 s (see `effectiveDuration`).
    public var duration: MediaTime
    /// Local seconds per parent second. Default 1. 2 plays twice as fast; 0 pauses at `timeOffset`; a negative
    /// speed plays the active interval backwards.
    public var speed: Double
    /// Seconds added to the active local time, wrapping around the active duration. Default 0.
    public var timeOffset: MediaTime
    /// How many times the animation repeats; fractional counts play part of the last repeat; `.infinity` repeats
    /// forever. Default 0, which (like 1) means once.
    public var repeatCount: Double
    /// How long, in local seconds, the animation repeats for; may end mid-repeat; `.infinity` repeats forever.
    /// Default 0, which means unused.
    public var repeatDuration: MediaTime
    /// Whether each repeat plays forward and then back. One repeat then lasts 2 × `effectiveDuration`.
    /// Default false.
    public var autoreverses: Bool
    /// What the animation shows outside its active interval. Default `.removed`.
    public var fillMode: FillMode

    /// Core Animation's default animation duration, used when `duration` is 0: 0.25 s.
    public static let defaultDuration: MediaTime = 0.25

    /// Creates a timing; every parameter defaults to Core Animation's default.
    public init(
        beginTime: MediaTime = 0, duration: MediaTime = 0, speed: Double = 1, timeOffset: MediaTime = 0,
        repeatCount: Double = 0, repeatDuration: MediaTime = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The duration of one pass in local seconds: `duration`, or 0.25 s when it is 0 (or negative, NaN or
    /// infinite).
    public var effectiveDuration: MediaTime {
        duration > 0 && duration.isFinite ? duration : Self.defaultDuration
    }

    /// The length of one repeat in local seconds: `effectiveDuration`, doubled when `autoreverses`.
    public var repeatLength: MediaTime {
        autoreverses ? 2 * effectiveDuration : effectiveDuration
    }

    /// How long the animation plays, in local seconds; `.infinity` for infinite repeats. With autoreverses one
    /// repeat is forward + back, so `repeatCount = 2, autoreverses = true` with duration d gives 4d.
    public var activeDuration: MediaTime { activeDuration(repeatLength: repeatLength) }

    /// `activeDuration` for a repeat of `repeatLength` local seconds (what `repeatLength` gives).
    @inline(__always)
    private func activeDuration(repeatLength: MediaTime) -> MediaTime {
        let byCount = repeatCount > 0 ? repeatCount * repeatLength : repeatLength
        guard repeatDuration > 0 else { return byCount }
        return repeatCount > 0 ? min(repeatDuration, byCount) : repeatDuration
    }

    /// How long the active interval lasts in parent seconds: `activeDuration / |speed|`, `.infinity` when paused
    /// (speed 0) or repeating forever.
    public var activeDurationInParentTime: MediaTime {
        speed == 0 ? .infinity : activeDuration / abs(speed)
    }

    /// Core Animation's active local time, `(parentTime − beginTime) × speed + timeOffset`, before it is wrapped
    /// into the active duration. With speed 0 this is `timeOffset` at every parent time.
    public func localTime(at parentTime: MediaTime) -> MediaTime {
        speed == 0 ? timeOffset : (parentTime - beginTime) * speed + timeOffset
    }

    /// Where `parentTime` falls: before `beginTime`, inside the active interval, or at or after its end.
    /// A NaN time (or a NaN speed) counts as `.before`.
    public func phase(at parentTime: MediaTime) -> Phase {
        guard parentTime >= beginTime else { return .before }
        guard speed != 0 else { return .active }
        let elapsed = (parentTime - beginTime) * abs(speed)
        guard !elapsed.isNaN else { return .before }
        return elapsed >= activeDuration ? .after : .active
    }

    /// The animation's state at `parentTime`, or nil when it is not applied there: before `beginTime` without
    /// backwards fill, at or after the end without forwards fill, or for non-finite timing values or a NaN time.
    ///
    /// Backwards fill shows the state at the start of the active interval (progress 0 for a forward animation);
    /// forwards fill shows the state at its end (progress 1 of the last repeat for a forward animation, the
    /// fraction reached for a fractional repeatCount or a repeatDuration). Does not allocate.
    public func state(at parentTime: MediaTime) -> State? {
        if playsPlainlyForward {
            // The common case, tested before anything else.
            let single = effectiveDuration
            if let state = forwardState(
                at: parentTime, pass: single, activeDuration: activeDuration(repeatLength: single))
            {
                return state
            }
        }
        guard beginTime.isFinite, speed.isFinite, timeOffset.isFinite, !parentTime.isNaN else { return nil }
        let phase = phase(at: parentTime)
        let startApproach: Approach = speed > 0 ? .fromAbove : (speed < 0 ? .fromBelow : .still)
        switch phase {
        case .before:
            guard fillMode.fillsBackwards else { return nil }
            return state(atLocalTime: timeOffset, approach: startApproach, phase: .before)
        case .active:
            return state(atLocalTime: localTime(at: parentTime), approach: startApproach, phase: .active)
        case .after:
            guard fillMode.fillsForwards else { return nil }
            // The limit from inside the interval: a forward animation reaches its end from below.
            let end = speed > 0 ? timeOffset + activeDuration : timeOffset - activeDuration
            return state(atLocalTime: end, approach: speed > 0 ? .fromBelow : .fromAbove, phase: .after)
        }
    }

    /// Whether the timing plays forwards with no offset and no reversing (speed finite and above 0, timeOffset 0,
    /// autoreverses false, beginTime finite): the common case, whose states inside the active interval
    /// `forwardState(at:pass:activeDuration:)` gives.
    @inlinable
    var playsPlainlyForward: Bool {
        speed > 0 && timeOffset == 0 && !autoreverses && beginTime.isFinite && speed.isFinite
    }

    /// The state at `parentTime` of a timing that plays plainly forward (`playsPlainlyForward`), given its
    /// `effectiveDuration` (`single`) and `activeDuration`, or nil when `parentTime` is outside the active interval
    /// (or NaN): there `phase(at:)` is `.active`, and the general path of `state(at:)` reduces to this, without
    /// wrapping or boundary bookkeeping, to the same bits. The animator passes the durations it kept.
    @inlinable
    func forwardState(at parentTime: MediaTime, pass single: MediaTime, activeDuration: MediaTime) -> State? {
        // `parentTime >= beginTime` is false for NaN, and the position is then never NaN.
        guard parentTime >= beginTime else { return nil }
        let position = (parentTime - beginTime) * speed
        guard position < activeDuration else { return nil }
        let repeatIndex = max(Self.roundedDown(position / single), 0)
        let intoRepeat = min(max(position - repeatIndex * single, 0), single)
        let progress = min(max(intoRepeat / single, 0), 1)
        return State(
            progress: progress, iteration: repeatIndex < Double(Int.max) ? Int(repeatIndex) : Int.max,
            time: progress * single, phase: .active, isReversing: false, beforeFlag: false)
    }

    /// `value.rounded(.down)`, the same Double for every value, without a call into the C library for the values the
    /// common case meets: a whole number from truncation when `value` is above 0 and below 2⁵² (every Double above is
    /// whole already). Any other value (zeros, negative, NaN) goes to `rounded(.down)`.
    @inlinable @inline(__always)
    static func roundedDown(_ value: Double) -> Double {
        if value > 0 && value < 0x1p52 { return Double(Int64(value)) }
        return value >= 0x1p52 ? value : value.rounded(.down)
    }

    /// From which side a local time is reached, which decides where exact wrap and repeat boundaries fall.
    private enum Approach {
        /// Local time increasing into this instant (a forward animation's end): a boundary ends the repeat.
        case fromBelow
        /// Local time increasing out of this instant (a forward animation's start and interior): a boundary
        /// starts the next repeat.
        case fromAbove
        /// Local time standing still (speed 0): no wrap inside 0…activeDuration; a boundary starts the next repeat
        /// except at the very end.
        case still
    }

    private func state(atLocalTime localTime: MediaTime, approach: Approach, phase: Phase) -> State? {
        let active = activeDuration
        let position = wrapped(localTime, into: active, approach: approach)
        guard position.isFinite else { return nil }
        let length = repeatLength
        let single = effectiveDuration
        // An exact boundary closes the repeat that ends there when approached from below, or at the very end.
        let closesRepeat = approach == .fromBelow || position >= active
        var repeatIndex = closesRepeat ? (position / length).rounded(.up) - 1 : (position / length).rounded(.down)
        repeatIndex = max(repeatIndex, 0)
        let intoRepeat = min(max(position - repeatIndex * length, 0), length)
        let isReversing = autoreverses && (intoRepeat > single || (intoRepeat == single && !closesRepeat))
        let rawProgress = isReversing ? (length - intoRepeat) / single : intoRepeat / single
        let progress = min(max(rawProgress, 0), 1)
        // The animation's start side: before the interval playing forwards, after it playing backwards.
        let atStartSide = (phase == .before && speed >= 0) || (phase == .after && speed < 0)
        let atEndSide = (phase == .after && speed > 0) || (phase == .before && speed < 0)
        return State(
            progress: progress,
            iteration: repeatIndex < Double(Int.max) ? Int(repeatIndex) : Int.max,
            time: progress * single,
            phase: phase,
            isReversing: isReversing,
            beforeFlag: (atStartSide && !isReversing) || (atEndSide && isReversing))
    }

    /// Folds a local time into 0…period (the active duration, or one repeat when that is infinite), keeping
    /// exact boundaries on the side `approach` says.
    private func wrapped(_ time: MediaTime, into active: MediaTime, approach: Approach) -> MediaTime {
        let period = active.isFinite ? active : repeatLength
        switch approach {
        case .fromAbove, .still:
            let upper = approach == .still ? time <= active : time < active
            if time >= 0 && (upper || !active.isFinite) { return time }
            let folded = time - period * (time / period).rounded(.down)
            return folded < period ? folded : period.nextDown
        case .fromBelow:
            if time > 0 && (time <= active) { return time }
            let folded = time - period * ((time / period).rounded(.up) - 1)
            return folded > 0 ? folded : period
        }
    }
}
