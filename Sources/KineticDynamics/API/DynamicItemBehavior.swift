import KineticCore

/// Material and motion properties of its items (UIKit's `UIDynamicItemBehavior`). When an item is in several,
/// the one added to the animator last wins.
public final class DynamicItemBehavior: DynamicBehavior {
    private var list: ItemList
    /// Restitution, 0…1: 0 does not bounce, 1 bounces back at full speed. Default 0.
    public var elasticity: Double = 0 { didSet { setNeedsSync() } }
    /// Coulomb friction, ≥ 0 (pairs mix as √(f₁f₂); against boundaries the item's own). Default 0.
    public var friction: Double = 0 { didSet { setNeedsSync() } }
    /// Mass per area: mass = density · area / 10⁴ (a 100×100 item of density 1 has mass 1). > 0, default 1.
    public var density: Double = 1 { didSet { setNeedsSync() } }
    /// Linear damping in 1/s, ≥ 0 (velocity decays as 1/(1 + h·resistance) per substep). Default 0.
    public var resistance: Double = 0 { didSet { setNeedsSync() } }
    /// Angular damping in 1/s, ≥ 0. Default 0.
    public var angularResistance: Double = 0 { didSet { setNeedsSync() } }
    /// When false the items never turn. Default true.
    public var allowsRotation = true { didSet { setNeedsSync() } }
    /// When true the items stay in place (static bodies that others collide with). Default false.
    public var isAnchored = false { didSet { setNeedsSync() } }
    /// Electric charge for electric and magnetic fields (any finite value). Default 0.
    public var charge: Double = 0 { didSet { setNeedsSync() } }

    /// Properties for `items`, at UIKit's defaults.
    public init(items: [any DynamicItem] = []) {
        list = ItemList(items)
    }

    /// The items.
    public var items: [any DynamicItem] { list.items }
    /// Adds an item.
    public func addItem(_ item: any DynamicItem) {
        list.add(item)
        setNeedsSync()
    }
    /// Removes an item.
    public func removeItem(_ item: any DynamicItem) {
        list.remove(item)
        setNeedsSync()
    }

    func contains(_ item: any DynamicItem) -> Bool { list.contains(item) }

    override var involvedItems: [any DynamicItem] { list.items }

    override func validate() throws(PhysicsError) {
        try PhysicsWorld.validateMaterial(
            density: density, friction: friction, elasticity: elasticity, resistance: resistance,
            angularResistance: angularResistance)
        try requireFinite("charge", charge)
    }

    /// Adds `velocity` (pt/s) to the item's velocity and wakes it. Throws if the item is not in an animator
    /// through this behaviour or the value is not finite.
    public func addLinearVelocity(_ velocity: Point, for item: any DynamicItem) throws(PhysicsError) {
        try requireFinite("velocity", velocity.x, velocity.y)
        let (world, body) = try bodyOf(item)
        try world.setVelocity(
            of: body, try world.velocity(of: body) + velocity, angularVelocity: try world.angularVelocity(of: body))
    }

    /// The item's velocity in pt/s (zero when it is not in an animator).
    public func linearVelocity(for item: any DynamicItem) -> Point {
        guard let (world, body) = try? bodyOf(item) else { return .zero }
        return (try? world.velocity(of: body)) ?? .zero
    }

    /// Adds `velocity` (rad/s, positive turns clockwise on screen) to the item's angular velocity.
    public func addAngularVelocity(_ velocity: Double, for item: any DynamicItem) throws(PhysicsError) {
        try requireFinite("angular velocity", velocity)
        let (world, body) = try bodyOf(item)
        try world.setVelocity(
            of: body, try world.velocity(of: body), angularVelocity: try world.angularVelocity(of: body) + velocity)
    }

    /// The item's angular velocity in rad/s (zero when it is not in an animator).
    public func angularVelocity(for item: any DynamicItem) -> Double {
        guard let (world, body) = try? bodyOf(item) else { return 0 }
        return (try? world.angularVelocity(of: body)) ?? 0
    }

    private func bodyOf(_ item: any DynamicItem) throws(PhysicsError) -> (PhysicsWorld, BodyID) {
        guard list.contains(item), let animator = dynamicAnimator else {
            throw PhysicsError("the item is not in this behaviour, or the behaviour is not in an animator")
        }
        try animator.syncIfNeeded()
        guard let body = animator.body(of: item) else { throw PhysicsError("the item has no body in the animator") }
        return (animator.world, body)
    }
}
