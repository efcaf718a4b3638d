import KineticCore

/// Animations of one value played together in a shared timeline, as `CAAnimationGroup`.
///
/// The group's timing maps the parent time to the group's state; each child is then evaluated at the group's
/// local time (`State.time`, seconds into the group's pass), so children's `beginTime`s are offsets inside the
/// group and the group's speed, repeats, autoreverses and fill apply to all of them. Outside the group's active
/// interval (without fill) nothing is applied; a child that runs past the group's end is cut off there.
///
/// Children are applied in order, each seeing as its base the value produced by the children before it (the model
/// value for the first): a later non-additive child overrides earlier ones while it is applied, an additive child
/// adds to them, and a child whose from or to is nil starts or ends at whatever the earlier children show. So a
/// group can sequence animations (a move, then a bounce that begins when the move ends).
public struct AnimationGroup<Value: Interpolatable>: Animation {
    /// The group's timing. Its duration is the children's extent unless one was given.
    public var timing: MediaTiming
    /// The children, applied in order.
    public let animations: [any Animation<Value>]

    /// A group of animations.
    ///
    /// - Parameters:
    ///   - animations: The children, applied in order. May be empty (the group then shows the model value).
    ///   - timing: The group's timing. When its duration is 0 (the default) the group lasts until its last child
    ///     ends: the largest `beginTime + activeDuration / |speed|` among children that end (0.25 s, Core
    ///     Animation's default, when none do). Core Animation itself would use 0.25 s, which cuts most groups
    ///     short; set a duration to clip the children explicitly.
    public init(_ animations: [any Animation<Value>], timing: MediaTiming = MediaTiming()) {
        self.animations = animations
        self.timing = timing
        if !(timing.duration > 0 && timing.duration.isFinite) {
            let ends = animations.map { $0.timing.beginTime + $0.timing.activeDurationInParentTime }
            let extent = ends.filter { $0.isFinite }.max() ?? 0
            self.timing.duration = extent > 0 ? extent : MediaTiming.defaultDuration
        }
    }

    /// The value in `state`: the children evaluated at the group's local time, in order.
    public func value(for state: MediaTiming.State, base: Value) -> Value {
        var result = base
        for child in animations {
            if let value = child.value(at: state.time, base: result) { result = value }
        }
        return result
    }
}
