import KineticCore

/// Pushes its items (UIKit's `UIPushBehavior`). Magnitude 1 accelerates a 100×100 item of density 1 (mass 1)
/// at 100 pt/s²: the force is 100 · magnitude (mass·pt/s²). A continuous push applies that force every step;
/// an instantaneous push gives an impulse of 100 · magnitude (mass·pt/s) once — Δv = 100 pt/s for mass 1 —
/// then turns itself off (set ``active`` again to repeat it).
public final class PushBehavior: DynamicBehavior {
    /// Continuous (a force while active) or instantaneous (one impulse).
    public enum Mode: Sendable {
        /// A force applied every step while active.
        case continuous
        /// One impulse, the next time the animator steps.
        case instantaneous
    }

    private var list: ItemList
    private var offsets: [(item: any DynamicItem, offset: Point)] = []
    /// The mode, fixed at creation.
    public let mode: Mode
    /// Whether the push acts. Default true; an instantaneous push sets it to false after acting.
    public var active = true { didSet { setNeedsSync() } }
    /// Direction and strength as a vector; its length is ``magnitude``. Default zero (no push).
    public var pushDirection = Point.zero { didSet { setNeedsSync() } }

    /// A push on `items` in `mode`, with zero magnitude until you set one.
    public init(items: [any DynamicItem] = [], mode: Mode) {
        list = ItemList(items)
        self.mode = mode
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
        offsets.removeAll { $0.item === item }
        setNeedsSync()
    }

    /// The direction in radians (0 = right, π/2 = down on screen).
    public var angle: Double {
        get { atan2Approx(pushDirection.y, pushDirection.x) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The strength (1 = 100 pt/s² on mass 1). Default 0.
    public var magnitude: Double {
        get { pushDirection.length }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets the direction (radians) and magnitude together.
    public func setAngle(_ angle: Double, magnitude: Double) {
        let (s, c) = sineCosine(angle)
        pushDirection = Point(x: c * magnitude, y: s * magnitude)
    }

    /// Where the push acts on `item`, relative to its centre in the item's own (rotating) frame, in points.
    /// Default zero (the centre: no spin).
    public func setTargetOffsetFromCenter(_ offset: Point, for item: any DynamicItem) {
        offsets.removeAll { $0.item === item }
        offsets.append((item, offset))
    }

    /// The offset set for `item` (zero by default).
    public func targetOffsetFromCenter(for item: any DynamicItem) -> Point {
        offsets.first { $0.item === item }?.offset ?? .zero
    }

    override var involvedItems: [any DynamicItem] { list.items }

    override func validate() throws(PhysicsError) {
        try requireFinite("pushDirection", pushDirection.x, pushDirection.y)
        for entry in offsets { try requireFinite("targetOffsetFromCenter", entry.offset.x, entry.offset.y) }
    }

    override func prepareStep(_ animator: DynamicAnimator) throws(PhysicsError) {
        guard active, pushDirection != .zero else { return }
        let force = pushDirection * 100
        for item in list.items {
            guard let body = animator.body(of: item) else { continue }
            let world = animator.world
            let i = try world.index(of: body)
            let point = world.bodies[i].rotation.rotate(targetOffsetFromCenter(for: item)) + world.bodies[i].origin
            switch mode {
            case .continuous: try world.applyForce(to: body, force, at: point)
            case .instantaneous: try world.applyImpulse(to: body, force, at: point)
            }
        }
        if mode == .instantaneous { active = false }
    }
}
