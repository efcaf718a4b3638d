import KineticCore

/// An animation through a list of values, as `CAKeyframeAnimation`.
///
/// Each pass of the timing (progress 0…1, eased by `timingFunction`) is split into segments between key times;
/// how a segment is traversed depends on `calculationMode`:
///
/// - `linear`: straight interpolation between neighbouring values. `keyTimes` has one entry per value, starts at
///   0, ends at 1 and never decreases (equal neighbours make a jump). Each segment's local progress is eased by
///   its entry of `timingFunctions`.
/// - `discrete`: no interpolation: value i shows from `keyTimes[i]` until `keyTimes[i + 1]`, so `keyTimes` has
///   one more entry than `values` (Core Animation's rule); the last value shows from its key time on. Timing
///   functions do not apply.
/// - `paced`: linear, with key times chosen so the value moves at constant speed (segments last in proportion to
///   `Interpolatable.distance` between their values). `keyTimes` and `timingFunctions` are ignored, as in Core
///   Animation; `timingFunction` still eases the whole pass.
/// - `cubic`: a Catmull-Rom spline through the values (Core Animation's cubic mode with zero tension, continuity
///   and bias), computed as the Barry–Goldman pyramid of interpolations, so any `Interpolatable` works. The end
///   values are repeated as the missing outer neighbours. Segment parameters are uniform, so with uneven key times
///   the speed jumps at the keys (the curve's shape does not depend on key times).
///
/// Without `keyTimes` the keys are evenly spaced. Progress outside 0…1 (a timing function that overshoots)
/// extrapolates the first or last segment.
public struct KeyframeAnimation<Value: Interpolatable>: Animation {
    /// How the values between key times are computed; see the type's documentation.
    public enum CalculationMode: String, Sendable, Hashable, CaseIterable {
        case linear, discrete, paced, cubic
    }

    /// When and how fast the animation plays. Default: Core Animation's defaults (0.25 s, once, removed after).
    public var timing: MediaTiming
    /// Eases the progress of the whole pass before it is split into segments. Default `.linear`.
    public var timingFunction: TimingFunction
    /// Whether the animated value is added to the model value. Only `VectorArithmetic` values can be additive.
    public private(set) var isAdditive: Bool
    /// The keyframes, shared between copies: copying an animation costs one reference count, not one per array.
    @usableFromInline let table: Table
    @usableFromInline var addition: ValueAddition<Value>?

    /// The keyframe values, at least one.
    public var values: [Value] { table.values }
    /// The key times as given (fractions of a pass), or nil for evenly spaced keys.
    public var keyTimes: [Double]? { table.keyTimes }
    /// The per-segment timing functions as given, or nil for linear segments.
    public var timingFunctions: [TimingFunction]? { table.timingFunctions }
    /// How values between keys are computed. Default `.linear`.
    public var calculationMode: CalculationMode { table.calculationMode }

    /// The validated keyframes and what was resolved from them.
    @usableFromInline
    final class Table: Sendable {
        @usableFromInline let values: [Value]
        let keyTimes: [Double]?
        let timingFunctions: [TimingFunction]?
        @usableFromInline let calculationMode: CalculationMode
        /// The key times in use: `values.count` entries (`values.count + 1` for discrete), from 0 to 1.
        @usableFromInline let resolvedKeyTimes: [Double]
        /// One timing function per segment, or empty when every segment is linear.
        @usableFromInline let segmentFunctions: [TimingFunction]

        init(
            values: [Value], keyTimes: [Double]?, timingFunctions: [TimingFunction]?,
            calculationMode: CalculationMode
        ) throws(AnimationError) {
            self.values = values
            self.keyTimes = keyTimes
            self.timingFunctions = timingFunctions
            self.calculationMode = calculationMode
            resolvedKeyTimes = try KeyframeAnimation.resolveKeyTimes(keyTimes, values: values, mode: calculationMode)
            segmentFunctions = try KeyframeAnimation.resolveSegmentFunctions(
                timingFunctions, valueCount: values.count, mode: calculationMode)
        }
    }

    /// A keyframe animation; the parameters are checked against Core Animation's rules.
    ///
    /// - Parameters:
    ///   - values: The keyframe values; at least one.
    ///   - keyTimes: Fractions of a pass at which each value is reached, or nil (default) for even spacing. For
    ///     `linear` and `cubic`: one per value; for `discrete`: one more than the values; each in 0…1, starting at
    ///     0, ending at 1, never decreasing. Ignored for `paced`.
    ///   - timingFunctions: Eases each segment's local progress, or nil (default) for linear segments. Either one
    ///     function per segment (`values.count − 1`) or a single function used for every segment. Ignored for
    ///     `discrete` and `paced`.
    ///   - calculationMode: How values between keys are computed. Default `.linear`.
    ///   - timing: When and how fast it plays. Default `MediaTiming()` (0.25 s, once).
    ///   - timingFunction: Eases the whole pass. Default `.linear`.
    /// - Throws: `AnimationError` saying which rule the values, key times or timing functions break.
    public init(
        values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        calculationMode: CalculationMode = .linear, timing: MediaTiming = MediaTiming(),
        timingFunction: TimingFunction = .linear
    ) throws(AnimationError) {
        guard !values.isEmpty else {
            throw AnimationError("a keyframe animation needs at least one value (got an empty values array)")
        }
        table = try Table(
            values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: calculationMode)
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = false
        self.addition = nil
    }

    /// The value in `state`.
    @inlinable
    public func value(for state: MediaTiming.State, base: Value) -> Value {
        let progress = timingFunction.value(at: state.progress, beforeFlag: state.beforeFlag)
        let animated = keyframeValue(at: progress)
        guard let addition else { return animated }
        return addition.add(base, animated)
    }

    /// The keyframed value at an (eased) pass progress, before any additive offset.
    @inlinable
    public func keyframeValue(at progress: Double) -> Value {
        let values = table.values
        let resolvedKeyTimes = table.resolvedKeyTimes
        let segmentFunctions = table.segmentFunctions
        let calculationMode = table.calculationMode
        let count = values.count
        guard count > 1 else { return values[0] }
        if calculationMode == .discrete {
            // Value i from keyTimes[i] up to keyTimes[i + 1]: the last key time ≤ progress, among the first n.
            return values[Self.lastIndex(in: resolvedKeyTimes, atOrBelow: progress, upTo: count - 1)]
        }
        let segment = Self.lastIndex(in: resolvedKeyTimes, atOrBelow: progress, upTo: count - 2)
        let start = resolvedKeyTimes[segment]
        let length = resolvedKeyTimes[segment + 1] - start
        var local = length > 0 ? (progress - start) / length : (progress < start ? 0 : 1)
        if !segmentFunctions.isEmpty { local = segmentFunctions[segment].value(at: local) }
        if calculationMode == .cubic {
            return Self.catmullRom(
                values[max(segment - 1, 0)], values[segment], values[segment + 1], values[min(segment + 2, count - 1)],
                local)
        }
        return Value.interpolate(from: values[segment], to: values[segment + 1], fraction: local)
    }

    /// The largest i in 0…upper with times[i] ≤ progress (0 when progress is below times[0] or NaN).
    @inlinable
    static func lastIndex(in times: [Double], atOrBelow progress: Double, upTo upper: Int) -> Int {
        var low = 0
        var high = upper
        while low < high {
            let middle = (low + high + 1) / 2
            if times[middle] <= progress { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The uniform Catmull-Rom point between p1 (u = 0) and p2 (u = 1) with neighbours p0 and p3, as the
    /// Barry–Goldman pyramid over knots −1, 0, 1, 2: six interpolations, valid for any `Interpolatable`.
    @inlinable
    static func catmullRom(_ p0: Value, _ p1: Value, _ p2: Value, _ p3: Value, _ u: Double) -> Value {
        let a1 = Value.interpolate(from: p0, to: p1, fraction: u + 1)
        let a2 = Value.interpolate(from: p1, to: p2, fraction: u)
        let a3 = Value.interpolate(from: p2, to: p3, fraction: u - 1)
        let b1 = Value.interpolate(from: a1, to: a2, fraction: (u + 1) / 2)
        let b2 = Value.interpolate(from: a2, to: a3, fraction: u / 2)
        return Value.interpolate(from: b1, to: b2, fraction: u)
    }

    // MARK: Validation

    fileprivate static func resolveKeyTimes(_ keyTimes: [Double]?, values: [Value], mode: CalculationMode)
        throws(AnimationError) -> [Double]
    {
        let count = values.count
        let expected = mode == .discrete ? count + 1 : count
        if mode == .paced { return pacedKeyTimes(values) }
        guard let keyTimes else {
            let segments = Double(max(expected - 1, 1))
            return (0..<expected).map { Double($0) / segments }
        }
        guard keyTimes.count == expected else {
            let rule =
                mode == .discrete
                ? "discrete mode needs one more key time than values"
                : "\(mode.rawValue) mode needs one key time per value"
            throw AnimationError(
                "keyTimes has \(keyTimes.count) entries for \(count) values: \(rule) (\(expected)), or pass nil for "
                    + "evenly spaced keys")
        }
        for (index, time) in keyTimes.enumerated() {
            guard time.isFinite, time >= 0, time <= 1 else {
                throw AnimationError("keyTimes[\(index)] is \(time): every key time must be a fraction in 0…1")
            }
            if index > 0 && time < keyTimes[index - 1] {
                throw AnimationError(
                    "keyTimes[\(index)] is \(time), less than keyTimes[\(index - 1)] = \(keyTimes[index - 1]): key "
                        + "times must never decrease")
            }
        }
        guard keyTimes.first == 0, keyTimes.last == 1 || expected == 1 else {
            throw AnimationError(
                "keyTimes must start at 0 and end at 1 (got \(keyTimes.first ?? .nan) … \(keyTimes.last ?? .nan))")
        }
        return keyTimes
    }

    /// Key times proportional to the cumulative distance between values (even spacing when they are all equal).
    private static func pacedKeyTimes(_ values: [Value]) -> [Double] {
        var cumulative = [0.0]
        for index in values.indices.dropFirst() {
            let step = Value.distance(from: values[index - 1], to: values[index])
            cumulative.append(cumulative[index - 1] + (step.isFinite ? step : 0))
        }
        let total = cumulative[cumulative.count - 1]
        guard total > 0 else {
            let segments = Double(max(values.count - 1, 1))
            return values.indices.map { Double($0) / segments }
        }
        var times = cumulative.map { $0 / total }
        times[times.count - 1] = 1
        return times
    }

    fileprivate static func resolveSegmentFunctions(
        _ functions: [TimingFunction]?, valueCount: Int, mode: CalculationMode
    ) throws(AnimationError) -> [TimingFunction] {
        guard let functions, mode == .linear || mode == .cubic, valueCount > 1 else { return [] }
        let segments = valueCount - 1
        if functions.count == segments { return functions }
        if functions.count == 1 { return Array(repeating: functions[0], count: segments) }
        throw AnimationError(
            "timingFunctions has \(functions.count) entries for \(segments) segments: give one per segment "
                + "(values.count − 1), a single one for every segment, or nil")
    }
}

extension KeyframeAnimation where Value: VectorArithmetic {
    /// A keyframe animation that may be additive: with `isAdditive` the keyframed value is added to the model value.
    ///
    /// The other parameters and the errors are those of the plain initialiser.
    public init(
        values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        calculationMode: CalculationMode = .linear, timing: MediaTiming = MediaTiming(),
        timingFunction: TimingFunction = .linear, isAdditive: Bool
    ) throws(AnimationError) {
        try self.init(
            values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: calculationMode,
            timing: timing, timingFunction: timingFunction)
        self.isAdditive = isAdditive
        addition = isAdditive ? ValueAddition() : nil
    }
}
