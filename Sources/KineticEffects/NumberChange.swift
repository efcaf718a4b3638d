import KineticCore

/// A value a number effect shows from `time` on.
public struct NumberChange: Sendable, Hashable {
    /// When the value arrives, in seconds, ≥ 0.
    public var time: MediaTime
    /// The value; its magnitude at most `NumberFormat.maximumMagnitude`.
    public var value: Double

    public init(time: MediaTime, value: Double) {
        self.time = time
        self.value = value
    }

    /// `values[i]` at `start + i × interval` seconds.
    ///
    /// - Parameters:
    ///   - interval: Seconds between two values, > 0. Default 1 (the seed's one value per second).
    ///   - start: The time of the first value, in seconds. Default 0.
    public static func sequence(_ values: [Double], interval: MediaTime = 1, start: MediaTime = 0) -> [NumberChange] {
        values.enumerated().map { NumberChange(time: start + Double($0.offset) * interval, value: $0.element) }
    }

    /// `from`, `from + step`, … up to `to` (included when the steps land on it), one value per `interval`: the
    /// seed's scene is `counting(from: 0, to: 30)`.
    ///
    /// - Parameters:
    ///   - step: The change per value, finite and ≠ 0, pointing from `from` towards `to`. Default 1 (or −1 when
    ///     `to` < `from`).
    ///   - interval: Seconds between two values, > 0. Default 1.
    ///   - start: The time of the first value. Default 0.
    /// - Throws: `EffectSpecError` for a step of 0, a step pointing away from `to`, or more than 100,000 values.
    public static func counting(
        from: Double, to: Double, step: Double? = nil, interval: MediaTime = 1, start: MediaTime = 0
    ) throws(EffectSpecError) -> [NumberChange] {
        let step = step ?? (to >= from ? 1 : -1)
        guard from.isFinite, to.isFinite, step.isFinite, step != 0 else {
            throw EffectSpecError("counting needs finite values and a step ≠ 0 (got \(from) → \(to) by \(step))")
        }
        guard (to - from) * step >= 0 else {
            throw EffectSpecError(
                "the step \(step) points away from \(to) when counting from \(from); use a step of \(-step)")
        }
        // In Double first: a tiny step over a long range is more values than an Int holds.
        let steps = ((to - from) / step + 1e-9).rounded(.down)
        guard steps.isFinite, steps < 100_000 else {
            throw EffectSpecError(
                "counting from \(from) to \(to) by \(step) makes \(steps.isFinite ? "\(steps + 1)" : "too many") values; "
                    + "at most 100,000: use a larger step")
        }
        let count = Int(steps) + 1
        return sequence((0..<count).map { from + Double($0) * step }, interval: interval, start: start)
    }

    /// Checks a list of changes: at least one, times finite, ≥ 0 and not decreasing, values finite and within
    /// `NumberFormat.maximumMagnitude`.
    static func validate(_ changes: [NumberChange]) throws(EffectSpecError) {
        guard !changes.isEmpty else { throw EffectSpecError("give at least one value") }
        var previous = 0.0
        for change in changes {
            guard change.time.isFinite, change.time >= previous else {
                throw EffectSpecError(
                    "value times must be finite, ≥ 0 and in order (got \(change.time) s after \(previous) s)")
            }
            guard change.value.isFinite, abs(change.value) <= NumberFormat.maximumMagnitude else {
                throw EffectSpecError("values must be finite and within ±10¹⁵ (got \(change.value))")
            }
            previous = change.time
        }
    }
}
