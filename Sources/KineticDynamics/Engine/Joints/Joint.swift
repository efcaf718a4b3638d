import KineticCore

/// The kinds of joint the UIKit behaviours map to: `AttachmentBehavior`'s distance, rope, spring, pin, fixed and
/// sliding attachments, and `SnapBehavior`'s target.
enum JointKind: Sendable {
    /// Keeps two anchors at `length` (rigid, or a spring when `hertz` > 0); `isRope` only limits the maximum.
    case distance
    /// Pulls body B's anchor to a world target with a soft spring and an angular damper (snap).
    case target
    /// Pins two anchors together; the bodies turn freely about the pin.
    case revolute
    /// Pins two anchors together and locks the relative angle.
    case weld
    /// Lets B slide along an axis fixed in A, without relative rotation, within a translation range.
    case prismatic
}

/// Names a joint in a world; stale once the joint is removed (its slot may be reused).
struct JointHandle: Sendable, Equatable {
    var index: Int32
    var generation: UInt32
}

/// A joint between body A (index 0 is the world's ground) and body B, with its solver state.
struct Joint: Sendable {
    var kind: JointKind
    var bodyA: Int32
    var bodyB: Int32
    /// Anchors relative to each body's centre of mass, in the body frame.
    var localAnchorA: Point
    var localAnchorB: Point
    var length: Double = 0
    var isRope = false
    /// Spring stiffness in hertz (0 = rigid) and damping ratio.
    var hertz: Double = 0
    var dampingRatio: Double = 0
    /// Target point in world coordinates and the most force the target joint applies (mass·pt/s²).
    var target: Point = .zero
    var maximumForce: Double = .infinity
    /// Sliding axis in A's frame (unit), and the allowed translation range along it in points.
    var localAxisA = Point(x: 1, y: 0)
    var lowerTranslation = -Double.infinity
    var upperTranslation = Double.infinity
    /// Relative angle (B − A) to hold, in radians.
    var referenceAngle: Double = 0
    var isAlive = true
    var generation: UInt32 = 0

    // Solver state, prepared each step.
    var anchorA: Point = .zero
    var anchorB: Point = .zero
    var deltaCenter: Point = .zero
    var deltaAngle: Double = 0
    var axis: Point = .zero
    var axialMass: Double = 0
    var impulse: Double = 0
    var lowerImpulse: Double = 0
    var upperImpulse: Double = 0
    var linearImpulse: Point = .zero
    var angularImpulse: Double = 0
    var springSoftness = Softness.rigid
    var angularSoftness = Softness.rigid

    init(kind: JointKind, bodyA: Int32, bodyB: Int32, localAnchorA: Point, localAnchorB: Point) {
        self.kind = kind
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
    }
}
