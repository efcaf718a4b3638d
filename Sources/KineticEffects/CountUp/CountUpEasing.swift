import KineticAnimation
import KineticCore
import KineticLayers

/// How the time-based count-up moves from one value to the next.
public enum CountUpEasing: Sendable, Hashable {
    /// countUp.js's default: (1 − 2^(−10u)) × 1024/1023 over the duration (`RollTransition.easeOutExpoProgress`).
    case easeOutExpo
    /// Any timing curve over the duration: `.linear`, `.easeInEaseOut`, `cubic-bezier(…)`, `steps(…)`…
    case timing(TimingFunction)
    /// A spring; it ignores the duration and lasts until it settles (to within half the last shown decimal).
    case spring(Spring)

    /// True for a linear curve, which smart easing leaves alone (countUp.js applies it only when easing).
    var isLinear: Bool { self == .timing(.linear) }

    /// The transition for a move of `duration` seconds.
    func transition(duration: MediaTime) -> RollTransition {
        switch self {
        case .easeOutExpo: return .easeOutExpo(duration: duration)
        case .timing(let function): return .timed(duration: duration, timingFunction: function)
        case .spring(let spring): return .spring(spring)
        }
    }
}

/// countUp.js's "smart easing" for large jumps: when a move is longer than `threshold`, the value runs linearly to
/// `amount` short of the target in the first half of the duration and eases the rest in the second half, so a
/// count to 1,000,000 does not spend most of its time crawling through the last digits.
public struct SmartEasing: Sendable, Hashable {
    /// Moves longer than this (in value units, > 0) are split. countUp.js: 999.
    public var threshold: Double
    /// How much of the move is eased, in value units, ≥ 0 and below `threshold`. countUp.js: 333.
    public var amount: Double

    /// countUp.js's values: threshold 999, amount 333.
    public static let countUpJS = SmartEasing(threshold: 999, amount: 333)

    public init(threshold: Double = 999, amount: Double = 333) {
        self.threshold = threshold
        self.amount = amount
    }

    /// Checks the range of both values.
    func validate() throws(EffectSpecError) {
        try NumberEffectChecks.positive(threshold, "smart easing threshold", unit: "(value units)")
        try NumberEffectChecks.nonNegative(amount, "smart easing amount", unit: "(value units)")
        guard amount < threshold else {
            throw EffectSpecError(
                "the smart easing amount (\(amount)) must be below its threshold (\(threshold)); countUp.js uses 333 "
                    + "and 999")
        }
    }
}
