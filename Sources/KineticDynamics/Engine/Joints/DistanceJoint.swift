import KineticCore

// The distance joint (AttachmentBehavior's distance, spring and rope attachments).
//
//   Axis: u = d / |d|, where d is anchor B − anchor A.
//   Position: C = |d| − length.
//   Velocity: Ċ = u · (vB + wB × rB − vA − wA × rA).
//   Effective mass: k = mA + mB + iA (rA × u)² + iB (rB × u)²; axialMass = 1/k.
//   Rigid or spring: impulse = −s_m · axialMass · (Ċ + s_b · C) − s_i · accumulated, where the softness s is the
//   joint's spring (hertz > 0) or the world's joint softness (rigid); the relax pass is rigid and bias-free.
//   Rope: only the upper limit C ≤ 0 is kept (a one-sided limit: the accumulated impulse stays ≥ 0).

extension JointSolver {
    static func prepareDistance(_ joint: inout Joint, _ m: JointMasses) {
        let d = joint.deltaCenter + joint.anchorB - joint.anchorA
        joint.axis = d.normalizedOrZero
        let crA = cross(joint.anchorA, joint.axis)
        let crB = cross(joint.anchorB, joint.axis)
        let k = m.mA + m.mB + m.iA * crA * crA + m.iB * crB * crB
        joint.axialMass = k > 0 ? 1 / k : 0
    }

    static func warmStartDistance(_ joint: Joint, rA: Point, rB: Point) -> WarmStart {
        let linear = joint.axis * (joint.impulse + joint.lowerImpulse - joint.upperImpulse)
        return WarmStart(linear: linear, angularA: cross(rA, linear), angularB: cross(rB, linear))
    }

    static func solveDistance(_ joint: inout Joint, _ c: inout JointSolveContext) {
        let length = c.d.length
        let axis = c.d.normalizedOrZero
        let vr = (c.vB + cross(c.wB, c.rB)) - (c.vA + cross(c.wA, c.rA))
        if !joint.isRope {
            let position = length - joint.length
            var softness = joint.springSoftness
            if joint.hertz == 0 { softness = c.useBias ? c.jointSoftness : .rigid }
            let bias = softness.biasRate * position
            var impulse =
                -softness.massScale * joint.axialMass * (dot(axis, vr) + bias) - softness.impulseScale
                * joint.impulse
            if joint.hertz == 0 && !c.useBias { impulse = -joint.axialMass * dot(axis, vr) }
            joint.impulse += impulse
            c.applyLinear(axis * impulse)
        } else {
            // Upper limit only: the anchors may come closer but not separate beyond `length`.
            let (bias, massScale, impulseScale) = limitCoefficients(
                joint.length - length, c.inverseH, c.useBias, c.jointSoftness)
            let cdot = -dot(axis, vr)
            var impulse = -massScale * joint.axialMass * (cdot + bias) - impulseScale * joint.upperImpulse
            let newImpulse = max(0, joint.upperImpulse + impulse)
            impulse = newImpulse - joint.upperImpulse
            joint.upperImpulse = newImpulse
            c.applyLinear(axis * -impulse)
        }
    }
}
