import KineticCore

/// What kind of body: one that moves under forces and contacts, or one that stays where it is put.
public enum BodyKind: Sendable, Equatable {
    /// Moves under gravity, forces, contacts and joints.
    case dynamic
    /// Never moves by itself (infinite mass); can be moved by hand. UIKit's anchored items and boundaries.
    case `static`
}

/// A handle to a body in a ``PhysicsWorld``. Stale handles (of removed bodies) are refused with an error.
public struct BodyID: Hashable, Sendable {
    let index: Int32
    let generation: UInt32
}

/// Everything needed to create a body. Units: points, seconds, radians; mass follows UIKit (density · area / 10⁴).
public struct BodyDefinition: Sendable {
    /// The collision shape, relative to ``position``.
    public var shape: BodyShape
    /// The body's centre (the item's centre) in world points.
    public var position: Point
    /// Rotation in radians (clockwise on a y-down screen). Default 0.
    public var angle: Double = 0
    /// Dynamic or static. Default dynamic.
    public var kind: BodyKind = .dynamic
    /// Mass per area in UIKit's units: mass = density · area / 10⁴, so a 100×100 item of density 1 has mass 1.
    /// Must be > 0. Default 1.
    public var density: Double = 1
    /// Coulomb friction coefficient, ≥ 0; pairs mix as √(f₁·f₂); against a boundary the item's own value
    /// applies. Default 0 (UIKit's).
    public var friction: Double = 0
    /// Restitution in 0…1; pairs take the larger; against a boundary the item's own value. Default 0.
    public var elasticity: Double = 0
    /// Linear damping in 1/s (UIKit's resistance): v ← v / (1 + h·resistance) per substep. Default 0.
    public var resistance: Double = 0
    /// Angular damping in 1/s (UIKit's angularResistance). Default 0.
    public var angularResistance: Double = 0
    /// When false the body never turns (infinite moment of inertia). Default true.
    public var allowsRotation: Bool = true
    /// Initial velocity in pt/s. Default zero.
    public var velocity: Point = .zero
    /// Initial angular velocity in rad/s (positive turns clockwise on screen). Default 0.
    public var angularVelocity: Double = 0
    /// Multiplies the world's gravity for this body. Default 1; 0 ignores gravity.
    public var gravityScale: Double = 1
    /// Item–item filter: two non-boundary bodies collide when their groups share a bit. Default 1.
    public var collisionGroups: UInt64 = 1
    /// Item–boundary filter: a boundary and an item collide when their boundary groups share a bit. Default 1.
    public var boundaryGroups: UInt64 = 1
    /// True for boundaries (UIKit's collision boundaries): static, and they lend the item their material. Default
    /// false.
    public var isBoundary: Bool = false
    /// A value the owner may use to find its object again (the animator stores an item index). Default 0.
    public var userData: Int = 0

    /// A body of `shape` whose centre is at `position`; every other property takes its default.
    public init(shape: BodyShape, position: Point) {
        self.shape = shape
        self.position = position
    }
}

/// A body's cold data: transform, mass and material (the hot solver state is ``BodyState``).
struct Body: Sendable {
    // The fields every contact reads each step (narrow phase, broad phase, constraint selection) come first, in
    // the first two cache lines of the record.
    /// Centre of mass in world points.
    var center: Point
    var rotation: Rotation
    /// The shape's own bounding box (radius included).
    var shapeBounds = BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
    var kind: BodyKind
    var isAwake: Bool
    var shapeKind: ShapeKind
    var isBoundary: Bool
    /// The body moved far in its last step (the continuous-collision test) or was moved or changed by hand since:
    /// its contacts' manifolds are computed afresh, never recycled.
    var isFast = false
    var vertexStart: Int32
    var vertexCount: Int32
    var radius: Double
    var maximumExtent: Double
    /// The broad-phase box: the shape's box grown by the speculative distance and the step's motion.
    var bounds = BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
    /// The body's angle in radians, accumulated (it may exceed ±π after turning more than half a turn).
    var angle: Double
    /// The centre of mass relative to the body's origin (the item centre), in the body frame.
    var localCentroid: Point
    var mass: Double
    var inverseMass: Double
    var inertia: Double
    var inverseInertia: Double
    var gravityScale: Double
    var force: Point = .zero
    var torque: Double = 0
    var linearDamping: Double
    var angularDamping: Double
    var friction: Double
    var restitution: Double
    var allowsRotation: Bool
    var minimumExtent: Double
    var area: Double
    var sleepTime: Double = 0
    var collisionGroups: UInt64
    var boundaryGroups: UInt64
    var userData: Int
    var generation: UInt32
    var isAlive: Bool = true
    /// Next body of the same sleeping island (−1 ends the list).
    var islandNext: Int32 = -1
    /// Number of touching contacts (any kind) — for velocity reporting.
    var touchingCount: Int32 = 0

    var isDynamic: Bool { kind == .dynamic }

    /// The world transform of the centre of mass.
    @inline(__always) var transform: RigidTransform { RigidTransform(p: center, q: rotation) }

    /// The item's centre (the body origin) in world points.
    var origin: Point { center - rotation.rotate(localCentroid) }
}

/// The solver's per-body state, touched by every inner loop: kept small and separate from ``Body``.
struct BodyState: Sendable {
    var velocity: Point = .zero
    var angularVelocity: Double = 0
    /// Position change since the start of the step.
    var deltaPosition: Point = .zero
    /// Rotation change since the start of the step.
    var deltaRotation = Rotation.identity
    var inverseMass: Double = 0
    var inverseInertia: Double = 0
}

/// Per-step integration inputs of an awake body, computed once per step.
struct IntegrationInput: Sendable {
    var body: Int32
    var linearAcceleration: Point
    var angularAcceleration: Double
    var linearDampingFactor: Double
    var angularDampingFactor: Double
}

/// A body's entry in the sweep-and-prune broad phase: its bounds and awake flag, kept sorted by `minX` in one
/// compact array so that the sweep never touches the (large) body records of pairs that do not overlap.
struct Proxy: Sendable {
    var minX: Double = 0
    var maxX: Double = 0
    var minY: Double = 0
    var maxY: Double = 0
    var body: Int32
    var isAwake = false
    /// Whether the box was moved in this step's broad phase.
    var moved = false

    init(body: Int32) { self.body = body }
}

/// A body that moved far in the last step, with the motion to check against static shapes.
struct FastBody: Sendable {
    var body: Int32
    var startCenter: Point
    var startAngle: Double
    var deltaPosition: Point
    var deltaAngle: Double
}
