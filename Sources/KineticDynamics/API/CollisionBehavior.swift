import KineticCore

/// What a collision behaviour makes collide (UIKit's `UICollisionBehavior.Mode`).
public struct CollisionMode: OptionSet, Sendable {
    public let rawValue: Int
    /// Creates a mode from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The behaviour's items collide with each other.
    public static let items = CollisionMode(rawValue: 1)
    /// The behaviour's items collide with its boundaries.
    public static let boundaries = CollisionMode(rawValue: 2)
    /// Both. The default.
    public static let everything: CollisionMode = [.items, .boundaries]
}

/// Insets from the reference bounds, in points (positive moves the boundary inwards).
public struct EdgeInsets: Sendable, Equatable {
    /// Points from the top edge.
    public var top: Double
    /// Points from the left edge.
    public var left: Double
    /// Points from the bottom edge.
    public var bottom: Double
    /// Points from the right edge.
    public var right: Double
    /// No inset.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// Insets of the given sizes.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// Who a boundary contact was with: an item or a boundary's identifier.
public enum CollisionPartner {
    /// Another item.
    case item(any DynamicItem)
    /// A boundary added with this identifier; the reference bounds have the identifier `nil`.
    case boundary(String?)
}

/// Receives a collision behaviour's contacts (UIKit's `UICollisionBehaviorDelegate`). Every method has an empty
/// default. Contacts begin when the shapes come within the speculative distance (2 pt) and end when they part.
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items began touching at `point` (reference coordinates).
    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem,
        at point: Point)
    /// Two items stopped touching.
    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem)
    /// An item began touching a boundary (`nil` identifier = the reference bounds).
    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: String?,
        at point: Point)
    /// An item stopped touching a boundary.
    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?
    )
}

extension CollisionBehaviorDelegate {
    public func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem,
        at point: Point
    ) {}
    public func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem
    ) {}
    public func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: String?,
        at point: Point
    ) {}
    public func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?
    ) {}
}

/// Makes its items collide with each other and with boundaries (UIKit's `UICollisionBehavior`). Boundaries are
/// two-sided segments: the reference bounds (optionally inset) and any segments or paths you add by identifier.
/// An animator holds at most 64 collision behaviours.
public final class CollisionBehavior: DynamicBehavior {
    private var list: ItemList
    /// Items, boundaries or both. Default ``CollisionMode/everything``.
    public var collisionMode: CollisionMode = .everything { didSet { setNeedsSync() } }
    /// When true the animator's reference bounds (inset by ``referenceBoundsInsets``) are a boundary. Default false.
    public var translatesReferenceBoundsIntoBoundary = false { didSet { boundariesChanged() } }
    /// Insets applied to the reference bounds boundary. Default zero.
    public private(set) var referenceBoundsInsets = EdgeInsets.zero
    /// Receives contact callbacks (held weakly).
    public weak var collisionDelegate: (any CollisionBehaviorDelegate)?
    private(set) var boundaries: [(identifier: String, points: [Point])] = []
    /// Bodies created for the boundaries in the current animator, with their identifiers.
    var boundaryBodies: [(body: BodyID, identifier: String?)] = []
    var boundariesAreCurrent = false

    /// Collisions for `items`, mode everything, no boundaries.
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

    /// Makes the reference bounds, inset by `insets`, a boundary.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// Adds (or replaces) a straight boundary from `from` to `to`, in reference coordinates.
    public func addBoundary(withIdentifier identifier: String, from: Point, to: Point) {
        addBoundary(withIdentifier: identifier, path: [from, to])
    }

    /// Adds (or replaces) a boundary along a polyline: segments between consecutive points (repeat the first
    /// point at the end to close it).
    public func addBoundary(withIdentifier identifier: String, path: [Point]) {
        boundaries.removeAll { $0.identifier == identifier }
        boundaries.append((identifier, path))
        boundariesChanged()
    }

    /// Removes the boundary with `identifier`.
    public func removeBoundary(withIdentifier identifier: String) {
        boundaries.removeAll { $0.identifier == identifier }
        boundariesChanged()
    }

    /// Removes every added boundary (not the reference bounds).
    public func removeAllBoundaries() {
        boundaries.removeAll()
        boundariesChanged()
    }

    /// The identifiers of the added boundaries, in the order they were added.
    public var boundaryIdentifiers: [String] { boundaries.map(\.identifier) }

    /// The points of the boundary with `identifier`.
    public func boundary(withIdentifier identifier: String) -> [Point]? {
        boundaries.first { $0.identifier == identifier }?.points
    }

    private func boundariesChanged() {
        boundariesAreCurrent = false
        setNeedsSync()
    }

    override var involvedItems: [any DynamicItem] { list.items }

    override func validate() throws(PhysicsError) {
        for (identifier, points) in boundaries {
            guard points.count >= 2 else {
                throw PhysicsError("boundary \"\(identifier)\" needs at least 2 points (got \(points.count))")
            }
            for p in points { try requireFinite("boundary \"\(identifier)\"", p.x, p.y) }
        }
        let i = referenceBoundsInsets
        try requireFinite("referenceBoundsInsets", i.top, i.left, i.bottom, i.right)
    }

    /// Rebuilds the boundary bodies in `animator`'s world with filter bit `group`.
    func rebuildBoundaries(in world: PhysicsWorld, referenceBounds: Rect, group: UInt64) throws(PhysicsError) {
        removeBoundaryBodies(from: world)
        func add(_ from: Point, _ to: Point, _ identifier: String?) throws(PhysicsError) {
            guard from != to else { return }
            var definition = BodyDefinition(shape: .segment(from: from, to: to), position: .zero)
            definition.kind = .static
            definition.isBoundary = true
            definition.boundaryGroups = group
            definition.collisionGroups = 0
            boundaryBodies.append((try world.addBody(definition), identifier))
        }
        if translatesReferenceBoundsIntoBoundary {
            let r = referenceBounds.standardized
            let i = referenceBoundsInsets
            let corners = [
                Point(x: r.minX + i.left, y: r.minY + i.top), Point(x: r.maxX - i.right, y: r.minY + i.top),
                Point(x: r.maxX - i.right, y: r.maxY - i.bottom), Point(x: r.minX + i.left, y: r.maxY - i.bottom),
            ]
            for k in 0..<4 { try add(corners[k], corners[(k + 1) % 4], nil) }
        }
        for (identifier, points) in boundaries {
            for k in 0..<(points.count - 1) { try add(points[k], points[k + 1], identifier) }
        }
        boundariesAreCurrent = true
    }

    func removeBoundaryBodies(from world: PhysicsWorld) {
        for entry in boundaryBodies { try? world.removeBody(entry.body) }
        boundaryBodies.removeAll()
        boundariesAreCurrent = false
    }

    override func didLeave(_ animator: DynamicAnimator) {
        removeBoundaryBodies(from: animator.world)
    }
}
