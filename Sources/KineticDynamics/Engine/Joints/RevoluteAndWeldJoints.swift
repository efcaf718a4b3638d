import KineticCore

// The revolute joint (a pin: AttachmentBehavior's pin attachment) and the weld joint (a fixed attachment).
//
//   Revolute: the point constraint alone — C = d (anchor B − anchor A), Ċ = vB + wB × rB − vA − wA × rA,
//   K = (mA + mB)·I + iA·[rA]ₓ² + iB·[rB]ₓ²; the bodies turn freely about the pin.
//   Weld: the angle constraint first — C = θB − θA − reference, Ċ = wB − wA, K = iA + iB — then the point
//   constraint. Both are JointSolveContext's shared constraints, soft in the solve pass and rigid in the relax pass.

extension JointSolver {
    /// The warm start of a pin (revolute or weld): the point impulse at the anchors and the angular impulse.
    static func warmStartPin(_ joint: Joint, rA: Point, rB: Point) -> WarmStart {
        let linear = joint.linearImpulse
        return WarmStart(
            linear: linear, angularA: cross(rA, linear) + joint.angularImpulse,
            angularB: cross(rB, linear) + joint.angularImpulse)
    }
}
