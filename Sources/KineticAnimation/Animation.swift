import KineticCore

/// An animation of one value over time: a pure function from a time in its parent's timeline to a value.
///
/// Conforming types are values (`BasicAnimation`, `KeyframeAnimation`, `SpringAnimation`, `AnimationGroup`, or your
/// own). Each has a `MediaTiming` that maps the parent time to a `MediaTiming.State`; the animation only says what
/// value a state shows. `base` is the model value of the animated property: the value the animation starts from or
/// returns to when an endpoint is missing, and the value additive animations add to.
public protocol Animation<Value>: Sendable {
    /// The animated value's type.
    associatedtype Value: Interpolatable

    /// When and how fast the animation plays, in Core Animation's terms. It must not change while the animation
    /// runs on an ``Animator`` (an animation that is a class could change it): the animator keeps what it derives
    /// from the timing when the animation is added (its active duration, the length of a pass).
    var timing: MediaTiming { get }

    /// The value the animation shows in `state` (a state of `timing`), given the model value `base`.
    func value(for state: MediaTiming.State, base: Value) -> Value

    /// The rate of change of `value(for:base:)` with respect to `state.time`, in value units per second of the
    /// animation's own time, when the animation knows it exactly; nil otherwise (the default), in which case
    /// `estimatedVelocity(at:base:)` differentiates numerically.
    func velocity(for state: MediaTiming.State, base: Value) -> Value?
}

extension Animation {
    /// No exact velocity: `estimatedVelocity(at:base:)` falls back to a numerical derivative.
    public func velocity(for state: MediaTiming.State, base: Value) -> Value? { nil }

    /// The value at `parentTime` (seconds in the parent's timeline), or nil when the timing says the animation is
    /// not applied there (before it starts or after it ends without fill): the property then shows `base`.
    @inlinable
    public func value(at parentTime: MediaTime, base: Value) -> Value? {
        guard let state = timing.state(at: parentTime) else { return nil }
        return value(for: state, base: base)
    }
}

extension Animation where Value: VectorArithmetic {
    /// The velocity at `parentTime` in value units per second of the parent's timeline, or nil when the animation is
    /// not applied there.
    ///
    /// Exact when the animation provides `velocity(for:base:)` (springs do), times the timing's rate (speed, negated
    /// on an autoreverse's way back, 0 while filling). Otherwise a central difference over ±`step` parent seconds
    /// inside the same pass, one-sided at the edges of a pass; `.zero` while filling.
    ///
    /// - Parameters:
    ///   - parentTime: The time, in seconds of the parent's timeline.
    ///   - base: The property's model value (see ``Animation``).
    ///   - step: The difference step in parent seconds, > 0. Default 1e-4 s, which keeps both truncation and
    ///     rounding errors near 1e-8 of the value's scale for eased animations of a second or so.
    public func estimatedVelocity(at parentTime: MediaTime, base: Value, step: MediaTime = 1e-4) -> Value? {
        guard let state = timing.state(at: parentTime) else { return nil }
        let rate = timing.timeRate(in: state)
        if let exact = velocity(for: state, base: base) { return exact.scaled(by: rate) }
        guard rate != 0, step > 0 else { return .zero }
        let here = value(for: state, base: base)
        let samePass = { (other: MediaTiming.State?) -> MediaTiming.State? in
            guard let other, other.phase == .active, other.iteration == state.iteration,
                other.isReversing == state.isReversing
            else { return nil }
            return other
        }
        let before = samePass(timing.state(at: parentTime - step))
        let after = samePass(timing.state(at: parentTime + step))
        switch (before, after) {
        case (let before?, let after?):
            return (value(for: after, base: base) - value(for: before, base: base)).scaled(by: 1 / (2 * step))
        case (let before?, nil):
            return (here - value(for: before, base: base)).scaled(by: 1 / step)
        case (nil, let after?):
            return (value(for: after, base: base) - here).scaled(by: 1 / step)
        case (nil, nil):
            return .zero
        }
    }
}

extension MediaTiming {
    /// How many seconds of animation time (`State.time`) pass per parent second in `state`: the speed while
    /// active, negated on the backward pass of an autoreverse; 0 while filling (the value is frozen).
    @inlinable
    func timeRate(in state: State) -> Double {
        guard state.phase == .active else { return 0 }
        return state.isReversing ? -speed : speed
    }
}

/// Adds two values of a vector type. Additive animations and `by` values need addition, which `Interpolatable`
/// alone does not have; the initialisers that offer them (constrained to `VectorArithmetic`) capture it here as a
/// metatype rather than a closure, so animations of plain values stay trivially copyable (no reference counting
/// in the evaluation loop).
@usableFromInline
struct ValueAddition<Value>: @unchecked Sendable {
    // @unchecked: a metatype is immutable; `SendableMetatype` (Swift 6.2) would say so but older compilers lack it.
    @usableFromInline let adder: any ValueAdding<Value>.Type

    @inlinable
    init() where Value: VectorArithmetic {
        adder = VectorAddition<Value>.self
    }

    @inlinable
    func add(_ a: Value, _ b: Value) -> Value { adder.add(a, b) }
}

/// A type that knows how to add two `Value`s.
@usableFromInline
protocol ValueAdding<Value> {
    associatedtype Value
    static func add(_ a: Value, _ b: Value) -> Value
}

/// Addition of a vector type.
@usableFromInline
enum VectorAddition<Vector: VectorArithmetic>: ValueAdding {
    @inlinable
    static func add(_ a: Vector, _ b: Vector) -> Vector { a + b }
}
