import KineticAnimation
import KineticCore
import KineticLayers

/// How a rolling column (or anything else an effect moves) travels to a new target: a fixed duration with a timing
/// curve, or a spring.
///
/// A new target arriving mid-way starts a new transition from where the value is at that moment (never from
/// where it was going), so nothing jumps. A spring also keeps the current velocity; for a spring that does not
/// bounce (damping ratio ≥ 1) the kept velocity is limited so that the value never passes its target.
public enum RollTransition: Sendable, Hashable {
    /// `duration` seconds (> 0) eased by `timingFunction`.
    case timed(duration: MediaTime, timingFunction: TimingFunction)
    /// `duration` seconds (> 0) on countUp.js's `easeOutExpo` curve, (1 − 2^(−10u)) × 1024/1023 at progress u:
    /// fast at first, then a long gentle approach (see `easeOutExpoProgress(_:)`).
    case easeOutExpo(duration: MediaTime)
    /// A spring; the transition lasts until it settles.
    case spring(Spring)
    /// No animation: the new value shows at once (PMElevateLabel's `setValue(_:animated: false)`; the count-up
    /// switches its digits this way).
    case instant

    /// The seed's transition: 1 s, linear (PMElevateLabel animates `UIView` frames with `.CurveLinear`).
    public static let seed = RollTransition.timed(duration: 1, timingFunction: .linear)
    /// The rolling digits' default: a critically damped spring of 0.6 s (SwiftUI `duration: 0.6, bounce: 0`):
    /// quick, no overshoot, and smooth when a new value arrives mid-roll.
    public static let `default` = RollTransition.spring(Spring(criticallyDampedDuration: 0.6))

    /// Checks the duration.
    ///
    /// - Throws: `EffectSpecError` when a timed transition's duration is not finite and > 0.
    public func validate() throws(EffectSpecError) {
        switch self {
        case .timed(let duration, _), .easeOutExpo(let duration):
            guard duration.isFinite, duration > 0 else {
                throw EffectSpecError("a transition's duration must be finite and > 0 seconds (got \(duration))")
            }
        case .spring(let spring):
            guard spring.dampingRatio > 0 else {
                throw EffectSpecError("an undamped spring never settles; give it a bounce below 1 (damping > 0)")
            }
        case .instant:
            break
        }
    }

    /// countUp.js's `easeOutExpo` at progress `u` in 0…1: (1 − 2^(−10u)) × 1024/1023, scaled so that it ends
    /// exactly at 1 (0.5 at u ≈ 0.1; 0.999 at u ≈ 0.9). 1 from u = 1 on, 0 before 0.
    public static func easeOutExpoProgress(_ u: Double) -> Double {
        if u >= 1 { return 1 }
        if u <= 0 { return 0 }
        return (1 - power(2, -10 * u)) * 1024 / 1023
    }
}

extension Spring {
    /// A spring of SwiftUI's `duration` with no bounce, for constants known to be valid (`.smooth` otherwise).
    init(criticallyDampedDuration duration: Double) {
        do {
            self = try Spring(duration: duration, bounce: 0)
        } catch {
            self = .smooth
        }
    }
}
