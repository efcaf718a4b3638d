import KineticAnimation
import KineticCore

/// How a rolling column (or anything else an effect moves) travels to a new target: a fixed duration with a timing
/// curve, or a spring.
///
/// A new target arriving mid-way starts a new transition from where the value is at that moment (never from
/// where it was going), so nothing jumps. A spring also keeps the current velocity; for a spring that does not
/// bounce (damping ratio ≥ 1) the kept velocity is limited so that the value never passes its target.
public enum RollTransition: Sendable, Hashable {
    /// `duration` seconds (> 0) eased by `timingFunction`.
    case timed(duration: MediaTime, timingFunction: TimingFunction)
    /// A spring; the transition lasts until it settles.
    case spring(Spring)

    /// The seed's transition: 1 s, linear (PMElevateLabel animates `UIView` frames with `.CurveLinear`).
    public static let seed = RollTransition.timed(duration: 1, timingFunction: .linear)
    /// The rolling digits' default: a critically damped spring of 0.6 s (SwiftUI `duration: 0.6, bounce: 0`):
    /// quick, no overshoot, and smooth when a new value arrives mid-roll.
    public static let `default` = RollTransition.spring(Spring(criticallyDampedDuration: 0.6))

    /// Checks the duration.
    ///
    /// - Throws: `EffectSpecError` when a timed transition's duration is not finite and > 0.
    public func validate() throws(EffectSpecError) {
        if case .timed(let duration, _) = self, !(duration.isFinite && duration > 0) {
            throw EffectSpecError("a transition's duration must be finite and > 0 seconds (got \(duration))")
        }
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
