import KineticCore

/// A spring moving a vector value from `from` to `to`, as `CASpringAnimation` (and SwiftUI's springs).
///
/// The spring is evaluated at the timing's `State.time` (seconds into the pass), so every component follows
/// m x″ + c x′ + k (x − to) = 0 from `from` with `initialVelocity`. Unlike `CASpringAnimation`, whose initial
/// velocity is a scalar fraction of the distance, the velocity here is a value (units per second), which is what
/// retargeting a moving property needs. It knows its velocity exactly (`velocity(for:base:)`).
///
/// A nil `from` or `to` is the model value. When the timing's duration is 0 (the default), the animation lasts its
/// natural duration: the spring's settling duration to within `settlingThreshold` of the move.
public struct SpringAnimation<Value: VectorArithmetic>: Animation {
    /// When and how fast the animation plays; its duration is the natural duration unless one was given.
    public var timing: MediaTiming
    /// The start value, or nil for the model value.
    public let from: Value?
    /// The target value, or nil for the model value.
    public let to: Value?
    /// The spring's physics.
    public let spring: Spring
    /// The velocity at the start, in value units per second. Default zero.
    public let initialVelocity: Value
    /// Whether the spring's value is added to the model value (`from` and `to` are then offsets; nil counts as
    /// zero). Default false.
    public let isAdditive: Bool
    /// How close to the target counts as settled when choosing the natural duration, as a fraction of the distance
    /// from `from` to `to`. Default 0.001.
    public let settlingThreshold: Double
    /// The settling duration in seconds (how long the motion takes to stay within `settlingThreshold`), or nil for
    /// an undamped spring, which never settles.
    public let naturalDuration: MediaTime?

    /// A spring animation.
    ///
    /// - Parameters:
    ///   - from: The start value, or nil (default) for the model value (zero when additive).
    ///   - to: The target, or nil (default) for the model value (zero when additive).
    ///   - spring: The spring. Default `Spring.default` (mass 1, stiffness 100, damping 10).
    ///   - initialVelocity: The start velocity in value units per second. Default zero.
    ///   - timing: When and how fast it plays. A duration of 0 (the default) means the natural duration.
    ///   - isAdditive: Whether the spring's value is added to the model value. Default false.
    ///   - settlingThreshold: The settled band for the natural duration, a fraction of the distance, > 0.
    ///     Default 0.001. When `from` or `to` is nil (the distance is unknown until the model value is) the band is
    ///     that fraction of a unit move, with the speed of `initialVelocity` towards the target; when `from` equals
    ///     `to` it is in value units. A velocity component across the move is ignored for this estimate.
    /// - Throws: `AnimationError` when the natural duration is needed but the spring never settles (undamped): give
    ///   the timing a duration; or when `settlingThreshold` is not greater than 0.
    public init(
        from: Value? = nil, to: Value? = nil, spring: Spring = .default, initialVelocity: Value = .zero,
        timing: MediaTiming = MediaTiming(), isAdditive: Bool = false, settlingThreshold: Double = 0.001
    ) throws(AnimationError) {
        guard settlingThreshold > 0, settlingThreshold.isFinite else {
            throw AnimationError(
                "settlingThreshold must be a finite fraction greater than 0 (got \(settlingThreshold)); the default "
                    + "is 0.001")
        }
        self.from = from
        self.to = to
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.isAdditive = isAdditive
        self.settlingThreshold = settlingThreshold
        self.timing = timing
        let settle = Self.naturalDuration(
            spring: spring, from: from ?? (isAdditive ? .zero : nil), to: to ?? (isAdditive ? .zero : nil),
            velocity: initialVelocity, threshold: settlingThreshold)
        naturalDuration = settle
        if !(timing.duration > 0 && timing.duration.isFinite) {
            guard let settle else {
                throw AnimationError(
                    "an undamped spring (damping 0) never settles, so this spring animation has no natural duration: "
                        + "set timing.duration, or give the spring some damping")
            }
            // A spring already at rest on its target settles at once; a zero duration would mean 0.25 s.
            self.timing.duration = settle > 0 ? settle : MediaTiming.defaultDuration
        }
    }

    /// The value in `state`: the spring's position `state.time` seconds after release.
    @inlinable
    public func value(for state: MediaTiming.State, base: Value) -> Value {
        let b = spring.basis(at: state.time)
        let reference: Value = isAdditive ? .zero : base
        let start = from ?? reference
        let end = to ?? reference
        let position = end + (start - end).scaled(by: b.position) + initialVelocity.scaled(by: b.positionPerVelocity)
        return isAdditive ? base + position : position
    }

    /// The exact velocity in `state`, in value units per second of `state.time`.
    @inlinable
    public func velocity(for state: MediaTiming.State, base: Value) -> Value? {
        let b = spring.basis(at: state.time)
        let reference: Value = isAdditive ? .zero : base
        let displacement = (from ?? reference) - (to ?? reference)
        return displacement.scaled(by: b.velocity) + initialVelocity.scaled(by: b.velocityPerVelocity)
    }

    /// The settling duration of the move projected on one axis: displacement 1 (the threshold being relative) and
    /// the component of the velocity along the move, in distances per second. Nil when it never settles.
    private static func naturalDuration(
        spring: Spring, from: Value?, to: Value?, velocity: Value, threshold: Double
    ) -> MediaTime? {
        let speed = velocity.magnitudeSquared.squareRoot()
        guard let from, let to else {
            // Unknown distance: a unit move, with the velocity pointing towards the target.
            return spring.settlingDuration(threshold: threshold, from: 0, to: 1, initialVelocity: speed)
        }
        let displacement = from - to
        let distance = displacement.magnitudeSquared.squareRoot()
        guard distance > 0 else {
            // No move: settle the velocity's excursion to the threshold in absolute units.
            return spring.settlingDuration(threshold: threshold, from: 0, to: 0, initialVelocity: speed)
        }
        // The velocity's component along the displacement, by the polarisation identity (no dot product needed).
        let along =
            ((displacement + velocity).magnitudeSquared - (displacement - velocity).magnitudeSquared) / (4 * distance)
        return spring.settlingDuration(threshold: threshold, from: 1, to: 0, initialVelocity: along / distance)
    }
}
