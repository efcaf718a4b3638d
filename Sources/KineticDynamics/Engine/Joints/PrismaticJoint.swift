import KineticCore

// The prismatic joint (AttachmentBehavior's sliding attachment): B slides along an axis fixed in A, without
// relative rotation, within [lowerTranslation, upperTranslation].
//
//   Axis u (A's axis rotated with A), its perpendicular n; translation t = u · d.
//   Limits (one-sided, accumulated impulses ≥ 0): lower C = t − lower ≥ 0 pushes B along +u, upper
//   C = upper − t ≥ 0 along −u; Ċ = ±(u · (vB − vA) + a2 wB − a1 wA), a1 = (d + rA) × u, a2 = rB × u, with the
//   axial mass 1 / (mA + mB + iA a1² + iB a2²).
//   Perpendicular and angle as one 2×2 block: Ċ = (n · (vB − vA) + s2 wB − s1 wA, wB − wA), s1 = (d + rA) × n,
//   s2 = rB × n; K = [[mA + mB + iA s1² + iB s2², iA s1 + iB s2], [·, iA + iB]] (1 when both are 0).

extension JointSolver {
    static func preparePrismatic(_ joint: inout Joint, rotationA: Rotation, _ m: JointMasses) {
        joint.axis = rotationA.rotate(joint.localAxisA)
        let d = joint.deltaCenter + joint.anchorB - joint.anchorA
        let a1 = cross(d + joint.anchorA, joint.axis)
        let a2 = cross(joint.anchorB, joint.axis)
        let k = m.mA + m.mB + m.iA * a1 * a1 + m.iB * a2 * a2
        joint.axialMass = k > 0 ? 1 / k : 0
    }

    static func warmStartPrismatic(_ joint: Joint, states: UnsafeMutablePointer<BodyState>, rA: Point, rB: Point)
        -> WarmStart
    {
        let ia = Int(joint.bodyA)
        let ib = Int(joint.bodyB)
        let axis = states[ia].deltaRotation.rotate(joint.axis)
        let d = (states[ib].deltaPosition - states[ia].deltaPosition) + joint.deltaCenter + rB - rA
        let perp = axis.leftPerpendicular
        let a1 = cross(d + rA, axis)
        let a2 = cross(rB, axis)
        let s1 = cross(d + rA, perp)
        let s2 = cross(rB, perp)
        let axial = joint.lowerImpulse - joint.upperImpulse
        return WarmStart(
            linear: perp * joint.linearImpulse.x + axis * axial,
            angularA: joint.linearImpulse.x * s1 + joint.linearImpulse.y + axial * a1,
            angularB: joint.linearImpulse.x * s2 + joint.linearImpulse.y + axial * a2)
    }

    static func solvePrismatic(_ joint: inout Joint, _ c: inout JointSolveContext) {
        let axis = c.states[c.ia].deltaRotation.rotate(joint.axis)
        let translation = dot(axis, c.d)
        let a1 = cross(c.d + c.rA, axis)
        let a2 = cross(c.rB, axis)
        // One-sided limits on the translation: lower pushes B along +axis, upper along −axis.
        let axialMass = joint.axialMass
        func limit(_ gap: Double, _ sign: Double, _ accumulated: inout Double) {
            let (bias, massScale, impulseScale) = limitCoefficients(gap, c.inverseH, c.useBias, c.jointSoftness)
            let cdot = sign * (dot(axis, c.vB - c.vA) + a2 * c.wB - a1 * c.wA)
            var impulse = -axialMass * massScale * (cdot + bias) - impulseScale * accumulated
            let newImpulse = max(accumulated + impulse, 0)
            impulse = sign * (newImpulse - accumulated)
            accumulated = newImpulse
            c.vA = multiplyAdd(c.vA, -c.mA * impulse, axis)
            c.wA -= c.iA * impulse * a1
            c.vB = multiplyAdd(c.vB, c.mB * impulse, axis)
            c.wB += c.iB * impulse * a2
        }
        if joint.lowerTranslation > -Double.infinity {
            limit(translation - joint.lowerTranslation, 1, &joint.lowerImpulse)
        }
        if joint.upperTranslation < Double.infinity {
            limit(joint.upperTranslation - translation, -1, &joint.upperImpulse)
        }
        // The perpendicular and angular constraints as one 2×2 block.
        let perp = axis.leftPerpendicular
        let s1 = cross(c.d + c.rA, perp)
        let s2 = cross(c.rB, perp)
        let cdot = Point(x: dot(perp, c.vB - c.vA) + s2 * c.wB - s1 * c.wA, y: c.wB - c.wA)
        var bias = Point.zero
        var massScale = 1.0
        var impulseScale = 0.0
        if c.useBias {
            bias = Point(x: dot(perp, c.d), y: c.relativeAngle(joint)) * c.jointSoftness.biasRate
            massScale = c.jointSoftness.massScale
            impulseScale = c.jointSoftness.impulseScale
        }
        let k11 = c.mA + c.mB + c.iA * s1 * s1 + c.iB * s2 * s2
        let k12 = c.iA * s1 + c.iB * s2
        var k22 = c.iA + c.iB
        if k22 == 0 { k22 = 1 }
        let b = solve22(k11, k12, k22, cdot + bias)
        let impulse = Point(
            x: -massScale * b.x - impulseScale * joint.linearImpulse.x,
            y: -massScale * b.y - impulseScale * joint.linearImpulse.y)
        joint.linearImpulse += impulse
        let p = perp * impulse.x
        c.vA = multiplyAdd(c.vA, -c.mA, p)
        c.wA -= c.iA * (impulse.x * s1 + impulse.y)
        c.vB = multiplyAdd(c.vB, c.mB, p)
        c.wB += c.iB * (impulse.x * s2 + impulse.y)
    }
}
