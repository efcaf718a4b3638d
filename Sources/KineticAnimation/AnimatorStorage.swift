import KineticCore

// The Animator's storage, built for evaluation speed: one `PropertyStore` per value type holds the model and
// presentation values of its properties in flat arrays, and one `AnimationList` per concrete animation type holds
// that type's running animations unboxed. A tick runs one tight loop per list with no existentials, no
// allocation and no reference counting per animation. Each list's loop is a closure formed where the list is
// created (in `Animator.add`, which is inlinable), so it is specialised for the concrete animation type even in
// client modules.

/// Where a property's running animation is: an index into its store's lists and into that list's entries.
@usableFromInline
struct EntryLocation: Sendable {
    @usableFromInline var list: Int
    @usableFromInline var index: Int

    @usableFromInline static let none = EntryLocation(list: -1, index: -1)

    @inlinable
    init(list: Int, index: Int) {
        self.list = list
        self.index = index
    }
}

/// The bookkeeping of a running animation that the evaluation loop never reads.
@usableFromInline
struct EntryRecord {
    @usableFromInline var sequence: Int
    @usableFromInline var completion: ((AnimationCompletion) -> Void)?
    @usableFromInline var removesOnCompletion: Bool
    @usableFromInline var hasReported = false

    @inlinable
    init(sequence: Int, completion: ((AnimationCompletion) -> Void)?, removesOnCompletion: Bool) {
        self.sequence = sequence
        self.completion = completion
        self.removesOnCompletion = removesOnCompletion
    }
}

/// A completion to report: when the animation ended (parent time) and in which order it was added.
struct PendingCompletion {
    var end: MediaTime
    var sequence: Int
    var completion: (AnimationCompletion) -> Void
}

/// The type-erased face of a store, for the animator's loop over value types.
@usableFromInline
class AnyPropertyStore {
    @usableFromInline init() {}

    /// Evaluates every running animation at `now`; returns how many reached their end in this call.
    func evaluate(at now: MediaTime) -> Int { 0 }

    /// Reports finished animations once, removing those that are removed on completion.
    func collectFinished(into pending: inout [PendingCompletion]) {}

    /// Removes every running animation, returning their completions to report as interrupted.
    func removeAll(into pending: inout [PendingCompletion]) {}

    /// The number of running animations.
    var runningCount: Int { 0 }
}

/// The properties of one value type and their running animations.
@usableFromInline
final class PropertyStore<Value: Interpolatable>: AnyPropertyStore {
    @usableFromInline var models: [Value] = []
    @usableFromInline var presentations: [Value] = []
    @usableFromInline var names: [String] = []
    @usableFromInline var locations: [EntryLocation] = []
    @usableFromInline var lists: [AnimationListBase<Value>] = []
    @usableFromInline var listIndexByType: [ObjectIdentifier: Int] = [:]

    @usableFromInline override init() {}

    /// Adds a property and returns its slot.
    @usableFromInline
    func addSlot(name: String, modelValue: Value) -> Int {
        models.append(modelValue)
        presentations.append(modelValue)
        names.append(name)
        locations.append(.none)
        return models.count - 1
    }

    /// The list for animations of type `A`, created on first use (here, so its loop is specialised for `A`).
    @inlinable
    func list<A: Animation>(for type: A.Type) -> AnimationList<A> where A.Value == Value {
        if let index = listIndexByType[ObjectIdentifier(type)] {
            return unsafeDowncast(lists[index], to: AnimationList<A>.self)
        }
        let list = AnimationList<A>(index: lists.count)
        listIndexByType[ObjectIdentifier(type)] = lists.count
        lists.append(list)
        return list
    }

    /// The running animation's value for `slot` at `now` (the model value when none is running or it is not applied).
    @usableFromInline
    func currentValue(slot: Int, at now: MediaTime) -> Value {
        let location = locations[slot]
        guard location.list >= 0 else { return models[slot] }
        return lists[location.list].value(ofEntry: location.index, at: now, base: models[slot]) ?? models[slot]
    }

    /// Re-evaluates `slot`'s presentation value at `now`.
    @usableFromInline
    func refresh(slot: Int, at now: MediaTime) {
        presentations[slot] = currentValue(slot: slot, at: now)
    }

    /// Removes `slot`'s running animation, if any, and returns its record.
    @usableFromInline
    func removeAnimation(slot: Int) -> EntryRecord? {
        let location = locations[slot]
        guard location.list >= 0 else { return nil }
        locations[slot] = .none
        presentations[slot] = models[slot]
        return lists[location.list].removeEntry(at: location.index, store: self)
    }

    override func evaluate(at now: MediaTime) -> Int {
        var finished = 0
        for list in lists where list.count > 0 {
            finished += list.evaluate(at: now, store: self)
        }
        return finished
    }

    override func collectFinished(into pending: inout [PendingCompletion]) {
        for list in lists {
            list.collectFinished(store: self, into: &pending)
        }
    }

    override func removeAll(into pending: inout [PendingCompletion]) {
        for slot in locations.indices where locations[slot].list >= 0 {
            if let record = removeAnimation(slot: slot), !record.hasReported, let completion = record.completion {
                pending.append(PendingCompletion(end: 0, sequence: record.sequence, completion: completion))
            }
        }
    }

    override var runningCount: Int { lists.reduce(0) { $0 + $1.count } }
}

/// The type-erased face of a list of running animations of one concrete type.
@usableFromInline
class AnimationListBase<Value: Interpolatable> {
    /// This list's index in its store's `lists`.
    @usableFromInline let index: Int

    @usableFromInline
    init(index: Int) {
        self.index = index
    }

    var count: Int { 0 }
    func evaluate(at now: MediaTime, store: PropertyStore<Value>) -> Int { 0 }
    func value(ofEntry index: Int, at now: MediaTime, base: Value) -> Value? { nil }
    func animation(ofEntry index: Int) -> (animation: any Animation<Value>, start: MediaTime)? { nil }
    func removeEntry(at index: Int, store: PropertyStore<Value>) -> EntryRecord? { nil }
    func collectFinished(store: PropertyStore<Value>, into pending: inout [PendingCompletion]) {}
}

/// The hot part of a running animation: what each tick reads.
@usableFromInline
struct Entry<A: Animation> {
    @usableFromInline var animation: A
    @usableFromInline var slot: Int
    /// The clock time the animation was added: its parent time is `now − start`.
    @usableFromInline var start: MediaTime
    /// `animation.timing.activeDuration`, computed once.
    @usableFromInline var activeDuration: MediaTime
    /// `animation.timing.effectiveDuration` when the timing plays plainly forward (`playsPlainlyForward`), else 0.
    @usableFromInline var forwardPass: MediaTime

    @inlinable
    init(animation: A, slot: Int, start: MediaTime) {
        self.animation = animation
        self.slot = slot
        self.start = start
        self.activeDuration = animation.timing.activeDuration
        self.forwardPass = animation.timing.playsPlainlyForward ? animation.timing.effectiveDuration : 0
    }

    /// The animation's value at `time` (parent time) on `base`, or nil where it is not applied:
    /// `animation.value(at:base:)`, with the common case's state worked out from the durations found when the entry
    /// was made (the same state, to the bit; an animation's timing must not change once added, see
    /// ``Animation/timing``). Mutating only for the inout access, which lets the animation be evaluated in place
    /// rather than copied; it changes nothing.
    @inlinable
    mutating func value(at time: MediaTime, base: A.Value) -> A.Value? {
        if forwardPass > 0,
            let state = animation.timing.forwardState(at: time, pass: forwardPass, activeDuration: activeDuration)
        {
            return animation.value(for: state, base: base)
        }
        return animation.value(at: time, base: base)
    }

    /// Whether the animation is past its end at `time` (parent time): `MediaTiming.phase(at:) == .after`, with the
    /// same arithmetic, but without recomputing the active duration on every frame.
    @inlinable
    func hasEnded(at time: MediaTime) -> Bool {
        let timing = animation.timing
        return time >= timing.beginTime && timing.speed != 0
            && (time - timing.beginTime) * abs(timing.speed) >= activeDuration
    }
}

/// The running animations of one concrete type (within one value type's store).
@usableFromInline
final class AnimationList<A: Animation>: AnimationListBase<A.Value> {
    @usableFromInline var entries: [Entry<A>] = []
    /// Whether each entry has reached its end (set by the evaluation loop).
    @usableFromInline var finished: [Bool] = []
    @usableFromInline var records: [EntryRecord] = []
    /// The evaluation loop, formed where this list was created so that it is specialised for `A`.
    @usableFromInline let evaluator: (AnimationList<A>, MediaTime, PropertyStore<A.Value>) -> Int

    @inlinable
    override init(index: Int) {
        evaluator = { list, now, store in list.evaluateAll(at: now, store: store) }
        super.init(index: index)
    }

    /// Evaluates every entry at `now` into the store's presentation values; returns how many just finished.
    @inlinable
    func evaluateAll(at now: MediaTime, store: PropertyStore<A.Value>) -> Int {
        var newlyFinished = 0
        // Local constants of the arrays the loop only reads: their buffers are retained once, not copied, and need no
        // exclusivity check per element, and the list's `entries` is not accessed while animations (user code among
        // them) are evaluated, so one may ask the animator which animations run (the presentations and the finished
        // flags are held for writing through the loop). Each entry is reached through a mutable pointer and
        // evaluated by a mutating method that changes nothing: with an inout access the compiler evaluates the
        // animation where it lies. Through the array or a read-only pointer it copied each entry out around the call
        // (a keyframe animation's 200 bytes, and a retain and release of its table), the calls inside being free, for
        // all it knew, to change that memory.
        let entries = self.entries
        let models = store.models
        entries.withUnsafeBufferPointer { entries in
            guard let first = entries.baseAddress else { return }
            let entry = UnsafeMutablePointer(mutating: first)
            store.presentations.withUnsafeMutableBufferPointer { presentations in
                finished.withUnsafeMutableBufferPointer { finished in
                    for index in entries.indices {
                        let time = now - entry[index].start
                        let slot = entry[index].slot
                        let base = models[slot]
                        presentations[slot] = entry[index].value(at: time, base: base) ?? base
                        if !finished[index] && entry[index].hasEnded(at: time) {
                            finished[index] = true
                            newlyFinished += 1
                        }
                    }
                }
            }
        }
        return newlyFinished
    }

    /// Appends a running animation for `slot` and returns its index.
    @inlinable
    func append(_ animation: A, slot: Int, start: MediaTime, record: EntryRecord) -> Int {
        entries.append(Entry(animation: animation, slot: slot, start: start))
        finished.append(false)
        records.append(record)
        return entries.count - 1
    }

    override var count: Int { entries.count }

    override func evaluate(at now: MediaTime, store: PropertyStore<A.Value>) -> Int {
        evaluator(self, now, store)
    }

    override func value(ofEntry index: Int, at now: MediaTime, base: A.Value) -> A.Value? {
        entries[index].animation.value(at: now - entries[index].start, base: base)
    }

    override func animation(ofEntry index: Int) -> (animation: any Animation<A.Value>, start: MediaTime)? {
        (entries[index].animation, entries[index].start)
    }

    /// Swap-removes an entry, updating the location of the entry that moves into its place.
    override func removeEntry(at index: Int, store: PropertyStore<A.Value>) -> EntryRecord? {
        let record = records[index]
        let last = entries.count - 1
        if index != last {
            entries.swapAt(index, last)
            finished.swapAt(index, last)
            records.swapAt(index, last)
            store.locations[entries[index].slot].index = index
        }
        entries.removeLast()
        finished.removeLast()
        records.removeLast()
        return record
    }

    override func collectFinished(store: PropertyStore<A.Value>, into pending: inout [PendingCompletion]) {
        var index = entries.count - 1
        while index >= 0 {
            defer { index -= 1 }
            guard finished[index], !records[index].hasReported else { continue }
            records[index].hasReported = true
            let timing = entries[index].animation.timing
            let end = entries[index].start + timing.beginTime + timing.activeDurationInParentTime
            if let completion = records[index].completion {
                pending.append(PendingCompletion(end: end, sequence: records[index].sequence, completion: completion))
            }
            if records[index].removesOnCompletion {
                _ = store.removeAnimation(slot: entries[index].slot)
            }
        }
    }
}
