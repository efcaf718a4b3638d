import KineticCore

/// How the animator sees an item's outline for collisions (UIKit's `UIDynamicItemCollisionBoundsType`).
public enum DynamicItemCollisionBoundsType: Sendable, Equatable {
    /// The item's bounds as a rectangle. The default.
    case rectangle
    /// The bounds with corners rounded by `cornerRadius` points (0…half the shorter side). Not in UIKit: for
    /// rounded views (buttons, cards).
    case roundedRectangle(cornerRadius: Double)
    /// The ellipse inscribed in the bounds: a circle when the bounds are square, else a 16-gon.
    case ellipse
    /// A convex polygon: points relative to the item's centre (the hull is taken; at most 16 vertices).
    case path([Point])
}

/// Something the animator moves: UIKit's `UIDynamicItem`. The animator reads `center`, `bounds.size`,
/// `transform` (its rotation) and `collisionBoundsType` when the item first joins, then writes `center` and
/// `transform` as its steps move the body: by the time anything can look (an action, a delegate, the caller after
/// ``DynamicAnimator/advance(by:)``) the item is where its body is. Sizes are in points and must be > 0.
public protocol DynamicItem: AnyObject {
    /// The centre in the animator's reference coordinates, in points.
    var center: Point { get set }
    /// The bounds: only the size matters, in points; both sides must be > 0.
    var bounds: Rect { get }
    /// The transform; the animator sets it to a pure rotation by the item's angle (clockwise on screen).
    var transform: AffineTransform { get set }
    /// The collision outline. Default ``DynamicItemCollisionBoundsType/rectangle``.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
}

extension DynamicItem {
    /// The rectangle, as in UIKit.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
}

/// A plain dynamic item: a box with a centre, a size and a rotation, for scenes that have no views.
///
/// Its properties are plain stored values without the runtime's exclusivity checks (an animator writes them after
/// its steps; like any non-`Sendable` class it belongs to one thread at a time).
public final class BasicDynamicItem: DynamicItem {
    /// The centre, in points.
    @exclusivity(unchecked) public var center: Point
    /// The bounds (origin 0, 0), in points.
    @exclusivity(unchecked) public var bounds: Rect
    /// The transform (a rotation once the animator moves the item).
    @exclusivity(unchecked) public var transform: AffineTransform
    /// The collision outline. Default rectangle.
    public var collisionBoundsType: DynamicItemCollisionBoundsType

    /// An item whose frame (unrotated) is `frame`, rotated by `angle` radians about its centre.
    public init(frame: Rect, angle: Double = 0, collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle) {
        center = frame.center
        bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        transform = angle == 0 ? .identity : .rotation(angle)
        self.collisionBoundsType = collisionBoundsType
    }

    /// The rotation of ``transform``, in radians in −π…π.
    public var angle: Double { atan2Approx(transform.b, transform.a) }
}
