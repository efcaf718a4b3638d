import KineticCore

/// Constant acceleration for its items (UIKit's `UIGravityBehavior`). Magnitude 1 = 1000 pt/s². Only one
/// gravity behaviour may be in an animator at a time (adding a second one throws).
public final class GravityBehavior: DynamicBehavior {
    private var list: ItemList
    /// The direction and strength as a vector: (0, 1) is UIKit's default, 1000 pt/s² straight down.
    public var gravityDirection = Point(x: 0, y: 1) { didSet { setNeedsSync() } }

    /// Gravity for `items`, pointing down with magnitude 1.
    public init(items: [any DynamicItem] = []) {
        list = ItemList(items)
    }

    /// The items gravity acts on.
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

    /// The direction in radians (π/2 = down on screen, the default).
    public var angle: Double {
        get { atan2Approx(gravityDirection.y, gravityDirection.x) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The strength: 1 = 1000 pt/s² (default 1).
    public var magnitude: Double {
        get { gravityDirection.length }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets direction (radians) and magnitude (1 = 1000 pt/s²) together.
    public func setAngle(_ angle: Double, magnitude: Double) {
        let (s, c) = sineCosine(angle)
        gravityDirection = Point(x: c * magnitude, y: s * magnitude)
    }

    /// The acceleration in pt/s².
    var acceleration: Point { gravityDirection * 1000 }

    override var involvedItems: [any DynamicItem] { list.items }

    override func validate() throws(PhysicsError) {
        try requireFinite("gravityDirection", gravityDirection.x, gravityDirection.y)
    }

    func contains(_ item: any DynamicItem) -> Bool { list.contains(item) }
}
