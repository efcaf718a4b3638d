import KineticCore

// The target joint (SnapBehavior): body B's anchor pulled to a world target.
//
//   Angular damper first, bias-free: impulse = s_m · (−wB / iB) − s_i · accumulated, with a 0.5 Hz, ζ 0.1
//   softness, so the item does not spin.
//   Position: C = pB + rB − target (B's anchor in world space, this step's motion included).
//   Velocity: Ċ = vB + wB × rB.
//   Effective mass (B alone): K = mB·I + iB·[rB]ₓ²; impulse = −s_m K⁻¹(Ċ + s_b C) − s_i · accumulated, with the
//   joint's spring softness; the accumulated impulse is clamped to maximumForce · h.

extension JointSolver {
    static func prepareTarget(_ joint: inout Joint, h: Double) {
        joint.angularSoftness = Softness(hertz: 0.5, zeta: 0.1, h: h)
    }

    static func warmStartTarget(_ joint: Joint, rB: Point) -> WarmStart {
        let linear = joint.linearImpulse
        return WarmStart(linear: linear, angularA: 0, angularB: cross(rB, linear) + joint.angularImpulse)
    }

    static func solveTarget(_ joint: inout Joint, _ c: inout JointSolveContext) {
        // A bias-free angular damper so that the item does not spin, then the soft point constraint.
        if c.iB > 0 {
            let angular = -c.wB / c.iB
            let impulse =
                joint.angularSoftness.massScale * angular - joint.angularSoftness.impulseScale
                * joint.angularImpulse
            joint.angularImpulse += impulse
            c.wB += c.iB * impulse
        }
        let cdot = c.vB + cross(c.wB, c.rB)
        let separation = c.states[c.ib].deltaPosition + c.rB + joint.deltaCenter - joint.target
        let softness = joint.springSoftness
        let bias = separation * softness.biasRate
        let k11 = c.mB + c.iB * c.rB.y * c.rB.y
        let k12 = -c.iB * c.rB.x * c.rB.y
        let k22 = c.mB + c.iB * c.rB.x * c.rB.x
        let b = solve22(k11, k12, k22, cdot + bias)
        var impulse = Point(
            x: -softness.massScale * b.x - softness.impulseScale * joint.linearImpulse.x,
            y: -softness.massScale * b.y - softness.impulseScale * joint.linearImpulse.y)
        let old = joint.linearImpulse
        joint.linearImpulse += impulse
        let maxImpulse = joint.maximumForce * c.h
        let magnitude = joint.linearImpulse.length
        if magnitude > maxImpulse { joint.linearImpulse = joint.linearImpulse * (maxImpulse / magnitude) }
        impulse = joint.linearImpulse - old
        c.vB = multiplyAdd(c.vB, c.mB, impulse)
        c.wB += c.iB * cross(c.rB, impulse)
    }
}
