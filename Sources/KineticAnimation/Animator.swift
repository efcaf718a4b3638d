import KineticCore

/// How a running animation ended, as reported to its completion handler (exactly once).
public enum AnimationCompletion: String, Sendable, Hashable, CaseIterable {
    /// It reached the end of its active interval (Core Animation's `finished: true`).
    case finished
    /// It was removed, replaced by another animation on the same key, or retargeted before it ended.
    case interrupted
}

/// A property registered with an `Animator`: a typed handle to its model value, presentation value and running
/// animation. Made by `Animator.makeKey`; valid for that animator's lifetime (and only with that animator).
public struct AnimatorKey<Value: Interpolatable>: Hashable {
    @usableFromInline let store: PropertyStore<Value>
    @usableFromInline let slot: Int

    @inlinable
    init(store: PropertyStore<Value>, slot: Int) {
        self.store = store
        self.slot = slot
    }

    /// The name given when the key was made (for diagnostics).
    public var name: String { store.names[slot] }

    public static func == (lhs: AnimatorKey, rhs: AnimatorKey) -> Bool {
        lhs.store === rhs.store && lhs.slot == rhs.slot
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(store))
        hasher.combine(slot)
    }
}

/// Runs animations on typed properties against a clock, as a layer tree's render loop does.
///
/// Each property (an `AnimatorKey`) has a model value, at most one running animation and a presentation value.
/// `tick()` evaluates every running animation at the clock's current time, stores the presentation values and
/// reports the animations that finished. In between ticks, `presentationValue(for:)` returns the value computed by
/// the last evaluation of that key: the last tick, or the last change to the key (adding, removing or retargeting
/// its animation, or setting its model value), which re-evaluates it at the clock's current time.
///
/// Timing: an animation's `beginTime` counts from the moment it is added (Core Animation turns a zero beginTime
/// into "now"; here every beginTime is relative to now, so 0.5 delays the start by half a second).
///
/// Evaluation is allocation-free and specialised per animation type: values are kept in flat typed arrays, one
/// store per value type and one list per animation type, so a tick is a few tight loops. Adding the first animation
/// of a type, and reporting completions, allocate.
///
/// Not thread-safe, by design: an animator belongs to one thread or actor (a render loop). It is not `Sendable`,
/// so the compiler keeps it where it was made. Completion handlers run synchronously inside `tick()`, `add`,
/// `removeAnimation`, `retarget` and `removeAllAnimations`, after the animator's state is updated, so they may
/// add, remove or retarget animations.
public final class Animator {
    /// The clock the animator reads in `tick()` and when animations are added.
    public let clock: any MediaClock
    /// The clock time of the last `tick()` (the creation time before the first).
    public private(set) var time: MediaTime
    @usableFromInline var stores: [AnyPropertyStore] = []
    @usableFromInline var storeIndexByType: [ObjectIdentifier: Int] = [:]
    @usableFromInline var nextSequence = 0

    /// An animator reading `clock` (a `ManualClock` in tests and offline renders, a `SystemClock` live).
    public init(clock: any MediaClock) {
        self.clock = clock
        time = clock.now
    }

    // MARK: Properties

    /// Registers a property with a model value and returns its key.
    ///
    /// - Parameters:
    ///   - name: A name for diagnostics. Default "".
    ///   - modelValue: The property's value when no animation runs.
    @inlinable
    public func makeKey<Value: Interpolatable>(_ name: String = "", modelValue: Value) -> AnimatorKey<Value> {
        let store = self.store(for: Value.self)
        return AnimatorKey(store: store, slot: store.addSlot(name: name, modelValue: modelValue))
    }

    /// Registers `property` of `root`, named after the property, with its current value in `root` as the model
    /// value.
    public func makeKey<Root, Value>(for property: AnimatableProperty<Root, Value>, of root: Root) -> AnimatorKey<Value>
    {
        makeKey(property.name, modelValue: property.value(in: root))
    }

    /// The store for `Value`, created on first use.
    @inlinable
    func store<Value: Interpolatable>(for type: Value.Type) -> PropertyStore<Value> {
        if let index = storeIndexByType[ObjectIdentifier(type)] {
            return unsafeDowncast(stores[index], to: PropertyStore<Value>.self)
        }
        let store = PropertyStore<Value>()
        storeIndexByType[ObjectIdentifier(type)] = stores.count
        stores.append(store)
        return store
    }

    /// The value shown for `key` at its last evaluation (see the type's documentation). Fast: one array read.
    @inlinable
    public func presentationValue<Value>(for key: AnimatorKey<Value>) -> Value {
        key.store.presentations[key.slot]
    }

    /// The value `key` has when no animation runs.
    public func modelValue<Value>(for key: AnimatorKey<Value>) -> Value {
        key.store.models[key.slot]
    }

    /// Sets the model value of `key` and re-evaluates its presentation value at the clock's current time. A running
    /// animation keeps running; nil endpoints and additive animations now use the new value.
    public func setModelValue<Value>(_ value: Value, for key: AnimatorKey<Value>) {
        key.store.models[key.slot] = value
        key.store.refresh(slot: key.slot, at: clock.now)
    }

    /// The velocity of `key` at the clock's current time, in value units per second: exact for springs, a
    /// numerical derivative for other animations (see `Animation.estimatedVelocity`), zero when nothing runs.
    public func velocity<Value: VectorArithmetic>(for key: AnimatorKey<Value>) -> Value {
        motion(of: key, at: clock.now).velocity
    }

    // MARK: Animations

    /// Starts `animation` on `key` now, replacing (and interrupting) the animation running there.
    ///
    /// - Parameters:
    ///   - animation: The animation; its `beginTime` counts from now.
    ///   - key: The property to animate.
    ///   - removedOnCompletion: Whether the animation is removed when it finishes (default true, as Core
    ///     Animation's `isRemovedOnCompletion`). When false it stays, and its fill mode decides what shows.
    ///   - completion: Called once with `.finished` or `.interrupted`. Default nil.
    @inlinable
    public func add<A: Animation>(
        _ animation: A, for key: AnimatorKey<A.Value>, removedOnCompletion: Bool = true,
        completion: ((AnimationCompletion) -> Void)? = nil
    ) {
        let now = clock.now
        let store = key.store
        let replaced = store.removeAnimation(slot: key.slot)
        let list = store.list(for: A.self)
        let record = EntryRecord(
            sequence: takeSequence(), completion: completion, removesOnCompletion: removedOnCompletion)
        let index = list.append(animation, slot: key.slot, start: now, record: record)
        store.locations[key.slot] = EntryLocation(list: list.index, index: index)
        store.refresh(slot: key.slot, at: now)
        reportInterrupted(replaced)
    }

    /// Removes the animation running on `key` (its completion reports `.interrupted`); the key shows its model value.
    public func removeAnimation<Value>(for key: AnimatorKey<Value>) {
        reportInterrupted(key.store.removeAnimation(slot: key.slot))
    }

    /// Removes every running animation; their completions report `.interrupted` in the order they were added.
    public func removeAllAnimations() {
        var pending: [PendingCompletion] = []
        for store in stores { store.removeAll(into: &pending) }
        pending.sort { $0.sequence < $1.sequence }
        for item in pending { item.completion(.interrupted) }
    }

    /// The animation running on `key`, if any.
    public func animation<Value>(for key: AnimatorKey<Value>) -> (any Animation<Value>)? {
        let location = key.store.locations[key.slot]
        guard location.list >= 0 else { return nil }
        return key.store.lists[location.list].animation(ofEntry: location.index)?.animation
    }

    /// The number of running animations (including finished ones kept by `removedOnCompletion: false`).
    public var runningAnimationCount: Int {
        stores.reduce(0) { $0 + $1.runningCount }
    }

    /// Moves `key` towards `target` with a spring that starts from its current presentation value and velocity,
    /// so position and velocity stay continuous (the running animation is interrupted). The model value becomes
    /// `target`.
    ///
    /// - Parameters:
    ///   - key: The property to retarget; it may be idle (the spring then starts at rest from the model value).
    ///   - target: The new target and model value.
    ///   - spring: The spring. Default `Spring.default`.
    ///   - completion: Called once with `.finished` when the spring settles (to 0.1% of the move) or `.interrupted`.
    /// - Throws: `AnimationError` when `spring` is undamped: it would never settle.
    public func retarget<Value: VectorArithmetic>(
        _ key: AnimatorKey<Value>, to target: Value, spring: Spring = .default,
        completion: ((AnimationCompletion) -> Void)? = nil
    ) throws(AnimationError) {
        let current = motion(of: key, at: clock.now)
        let animation = try SpringAnimation(
            from: current.value, to: target, spring: spring, initialVelocity: current.velocity)
        key.store.models[key.slot] = target
        add(animation, for: key, completion: completion)
    }

    /// Evaluates every running animation at the clock's current time, updates the presentation values and reports
    /// the animations that finished, in the order they ended (ties in the order they were added).
    public func tick() {
        let now = clock.now
        time = now
        var finished = 0
        for store in stores {
            finished += store.evaluate(at: now)
        }
        guard finished > 0 else { return }
        var pending: [PendingCompletion] = []
        for store in stores { store.collectFinished(into: &pending) }
        pending.sort { ($0.end, $0.sequence) < ($1.end, $1.sequence) }
        for item in pending { item.completion(.finished) }
    }

    // MARK: Internals

    @usableFromInline
    func takeSequence() -> Int {
        nextSequence += 1
        return nextSequence
    }

    @usableFromInline
    func reportInterrupted(_ record: EntryRecord?) {
        guard let record, !record.hasReported, let completion = record.completion else { return }
        completion(.interrupted)
    }

    /// The value and velocity of `key` at `now`.
    func motion<Value: VectorArithmetic>(of key: AnimatorKey<Value>, at now: MediaTime) -> (
        value: Value, velocity: Value
    ) {
        let store = key.store
        let model = store.models[key.slot]
        let location = store.locations[key.slot]
        guard location.list >= 0, let running = store.lists[location.list].animation(ofEntry: location.index) else {
            return (model, .zero)
        }
        let time = now - running.start
        guard let value = running.animation.value(at: time, base: model) else { return (model, .zero) }
        return (value, running.animation.estimatedVelocity(at: time, base: model) ?? .zero)
    }
}
