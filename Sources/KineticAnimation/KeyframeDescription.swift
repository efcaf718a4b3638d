import KineticCore

/// How a keyframed value goes from one key to the next, in the terms keyframe formats (Lottie, SVG's SMIL, CSS)
/// share.
public enum KeyframeCurve: Sendable, Hashable {
    /// Stays at the key's value until the next key, then jumps (a Lottie hold keyframe, SMIL's discrete mode).
    case hold
    /// Straight interpolation.
    case linear
    /// Interpolation eased by a cubic Bézier timing curve: x is the fraction of the segment's time, y the fraction
    /// of the change (a Lottie keyframe's `o` and `i` handles, SMIL's keySplines).
    case cubicBezier(CubicBezier)
}

/// One key of a ``KeyframeDescription``.
public struct PassKeyframe<Value: Interpolatable>: Sendable {
    /// Where the key sits in a pass of the animation: the timing's progress, 0…1, before any easing.
    public var progress: Double
    /// The value at the key.
    public var value: Value
    /// How the value goes on to the next key (ignored on the last key).
    public var curve: KeyframeCurve

    public init(progress: Double, value: Value, curve: KeyframeCurve) {
        self.progress = progress
        self.value = value
        self.curve = curve
    }
}

/// One pass of an animation (progress 0 → 1 of its timing) as keys, exactly: for a progress p between key i and
/// key i + 1 (p_i ≤ p < p_(i+1)) the animation shows `Value.interpolate(from: v_i, to: v_(i+1), fraction: c(u))`
/// with u = (p − p_i) / (p_(i+1) − p_i) and c key i's curve (a hold shows v_i); at p = 1 it shows the last value.
/// Two keys at the same progress make a jump.
///
/// Exporters unroll the timing (begin time, speed, repeats, autoreversing, fill) around it.
public struct KeyframeDescription<Value: Interpolatable>: Sendable {
    /// At least one key; progress from 0 to 1, never decreasing.
    public var keys: [PassKeyframe<Value>]
    /// True when the keys were computed from the `base` given (an endpoint left to the model value, an additive
    /// animation): they hold only while that is the value underneath.
    public var usesBase: Bool

    public init(keys: [PassKeyframe<Value>], usesBase: Bool) {
        self.keys = keys
        self.usesBase = usesBase
    }
}

/// An animation that can say exactly what one pass shows, as keys: what exporters to keyframe formats need to
/// write eased keyframes instead of sampling.
public protocol KeyframeDescribable: Animation {
    /// One pass as keys for the model value `base`, or nil when the animation has no exact keyframe form (a
    /// cumulative repeat, cubic keyframes, an eased pass over several keyframes).
    func keyframeDescription(base: Value) -> KeyframeDescription<Value>?
}

extension TimingFunction {
    /// The keys of `from` → `to` eased by this function over progress `start`…`end`: one eased segment, or a hold
    /// per step. (Shared by basic and keyframe animations.)
    func keys<Value: Interpolatable>(from: Value, to: Value, start: Double, end: Double) -> [PassKeyframe<Value>] {
        switch self {
        case .linear:
            return [PassKeyframe(progress: start, value: from, curve: .linear)]
        case .cubicBezier(let curve):
            return [PassKeyframe(progress: start, value: from, curve: .cubicBezier(curve))]
        case .steps(let count, let position):
            let steps = max(count, position.minimumStepCount)
            return (0..<steps).map { k in
                // The level a step shows, read half-way through it (exact: a step is flat).
                let level = value(at: (Double(k) + 0.5) / Double(steps))
                return PassKeyframe(
                    progress: start + (end - start) * Double(k) / Double(steps),
                    value: Value.interpolate(from: from, to: to, fraction: level), curve: .hold)
            }
        }
    }
}

extension BasicAnimation: KeyframeDescribable {
    /// The move from start to end eased by `timingFunction` (holds for steps); nil when cumulative.
    public func keyframeDescription(base: Value) -> KeyframeDescription<Value>? {
        guard !isCumulative else { return nil }
        let start: Value
        let end: Value
        let usesBase: Bool
        switch endpoints {
        case .between(let a, let b): (start, end, usesBase) = (a, b, false)
        case .fromTowardsBase(let a): (start, end, usesBase) = (a, base, true)
        case .baseTowards(let b): (start, end, usesBase) = (base, b, true)
        case .base: (start, end, usesBase) = (base, base, true)
        case .baseOffset(let change, let addition): (start, end, usesBase) = (base, addition.add(base, change), true)
        case .addedToBase(let a, let b, let addition):
            (start, end, usesBase) = (addition.add(base, a), addition.add(base, b), true)
        }
        var keys = timingFunction.keys(from: start, to: end, start: 0, end: 1)
        keys.append(
            PassKeyframe(
                progress: 1, value: Value.interpolate(from: start, to: end, fraction: timingFunction.value(at: 1)),
                curve: .hold))
        return KeyframeDescription(keys: keys, usesBase: usesBase)
    }
}

extension KeyframeAnimation: KeyframeDescribable {
    /// The keyframes at their key times with their segment functions (holds for discrete mode and for steps);
    /// nil for cubic mode, and for a pass eased by `timingFunction` over more than one segment.
    public func keyframeDescription(base: Value) -> KeyframeDescription<Value>? {
        let values = table.values.map { addition?.add(base, $0) ?? $0 }
        let times = table.resolvedKeyTimes
        let usesBase = addition != nil
        guard let last = values.last else { return nil }
        if values.count == 1 {
            return KeyframeDescription(
                keys: [
                    PassKeyframe(progress: 0, value: last, curve: .hold),
                    PassKeyframe(progress: 1, value: last, curve: .hold),
                ], usesBase: usesBase)
        }
        switch table.calculationMode {
        case .cubic:
            return nil
        case .discrete:
            guard timingFunction == .linear, times.count == values.count + 1 else { return nil }
            var keys = values.indices.map { PassKeyframe(progress: times[$0], value: values[$0], curve: .hold) }
            keys.append(PassKeyframe(progress: 1, value: last, curve: .hold))
            return KeyframeDescription(keys: keys, usesBase: usesBase)
        case .linear, .paced:
            guard times.count == values.count else { return nil }
            let functions = table.calculationMode == .linear ? table.segmentFunctions : []
            if timingFunction != .linear {
                // An eased pass is one eased segment only when there is one linear segment.
                guard values.count == 2, functions.allSatisfy({ $0 == .linear }) else { return nil }
                var keys = timingFunction.keys(from: values[0], to: values[1], start: 0, end: 1)
                keys.append(
                    PassKeyframe(
                        progress: 1,
                        value: Value.interpolate(from: values[0], to: values[1], fraction: timingFunction.value(at: 1)),
                        curve: .hold))
                return KeyframeDescription(keys: keys, usesBase: usesBase)
            }
            var keys: [PassKeyframe<Value>] = []
            for segment in 0..<(values.count - 1) {
                let function = functions.isEmpty ? TimingFunction.linear : functions[segment]
                keys += function.keys(
                    from: values[segment], to: values[segment + 1], start: times[segment], end: times[segment + 1])
            }
            keys.append(PassKeyframe(progress: 1, value: last, curve: .hold))
            return KeyframeDescription(keys: keys, usesBase: usesBase)
        }
    }
}
