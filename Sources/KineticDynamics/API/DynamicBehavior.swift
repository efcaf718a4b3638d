import KineticCore

/// The base of every behaviour (UIKit's `UIDynamicBehavior`). Use it directly to group behaviours: add children
/// and an `action` that runs before every step.
public class DynamicBehavior {
    /// Behaviours that come and go with this one.
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// Called before every engine step (1/120 s by default) while the behaviour is in an animator.
    public var action: (() -> Void)?
    /// The animator this behaviour is in, if any.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?

    /// A behaviour with no children and no action.
    public init() {}

    /// Adds a child behaviour; it joins the animator this behaviour is in.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        setNeedsSync()
    }

    /// Removes a child behaviour.
    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        childBehaviors.removeAll { $0 === behavior }
        setNeedsSync()
    }

    /// Tells the animator to re-read this behaviour before the next step.
    func setNeedsSync() { dynamicAnimator?.setNeedsSync() }

    /// The items this behaviour acts on (the animator gives each a body).
    var involvedItems: [any DynamicItem] { [] }

    /// Throws when a property holds a value the engine cannot use.
    func validate() throws(PhysicsError) {}

    /// Called before each step: apply forces, update joints.
    func prepareStep(_ animator: DynamicAnimator) throws(PhysicsError) {}

    /// Called when the behaviour leaves `animator`: remove what it created there.
    func didLeave(_ animator: DynamicAnimator) {}
}

/// A list of items kept by identity (an item appears once).
struct ItemList {
    private(set) var items: [any DynamicItem] = []
    /// The items' identities, for membership in constant time (a behaviour of 10,000 items is built in
    /// linear time, and each contact event checks its items without a scan).
    private var members: Set<ObjectIdentifier> = []

    init(_ items: [any DynamicItem]) {
        self.items.reserveCapacity(items.count)
        members.reserveCapacity(items.count)
        for item in items { add(item) }
    }

    mutating func add(_ item: any DynamicItem) {
        guard members.insert(ObjectIdentifier(item)).inserted else { return }
        items.append(item)
    }

    mutating func remove(_ item: any DynamicItem) {
        guard members.remove(ObjectIdentifier(item)) != nil else { return }
        items.removeAll { $0 === item }
    }

    func contains(_ item: any DynamicItem) -> Bool { members.contains(ObjectIdentifier(item)) }
}

/// Checks that every component of `value` is finite.
func requireFinite(_ name: String, _ values: Double...) throws(PhysicsError) {
    for value in values where !value.isFinite {
        throw PhysicsError("\(name) must be finite (got \(value))")
    }
}
