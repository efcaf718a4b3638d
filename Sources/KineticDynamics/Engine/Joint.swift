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

/// Solves a symmetric 2×2 system K·x = b; zero when K is singular.
@inline(__always) private func solve22(_ k11: Double, _ k12: Double, _ k22: Double, _ b: Point) -> Point {
    var det = k11 * k22 - k12 * k12
    if det != 0 { det = 1 / det }
    return Point(x: det * (k22 * b.x - k12 * b.y), y: det * (k11 * b.y - k12 * b.x))
}

/// Bias and scales of a one-sided limit with `gap` ≥ 0 while apart: speculative when apart (close the gap in
/// one substep, no softness), soft when violated in the solve pass, rigid in the relax pass.
@inline(__always) private func limitCoefficients(_ gap: Double, _ inverseH: Double, _ useBias: Bool, _ soft: Softness)
    -> (bias: Double, massScale: Double, impulseScale: Double)
{
    if gap > 0 { return (gap * inverseH, 1, 0) }
    if useBias { return (soft.biasRate * gap, soft.massScale, soft.impulseScale) }
    return (0, 1, 0)
}

/// The joint solver's passes (joints are few: clarity over raw speed here).
enum JointSolver {
    static func prepare(
        _ joint: inout Joint, bodies: UnsafeMutablePointer<Body>, states: UnsafeMutablePointer<BodyState>, h: Double
    ) {
        let a = bodies[Int(joint.bodyA)]
        let b = bodies[Int(joint.bodyB)]
        joint.anchorA = a.rotation.rotate(joint.localAnchorA)
        joint.anchorB = b.rotation.rotate(joint.localAnchorB)
        joint.deltaCenter = b.center - a.center
        joint.deltaAngle = b.angle - a.angle - joint.referenceAngle
        let sa = states[Int(joint.bodyA)]
        let sb = states[Int(joint.bodyB)]
        let mA = sa.inverseMass
        let iA = sa.inverseInertia
        let mB = sb.inverseMass
        let iB = sb.inverseInertia
        joint.springSoftness = Softness(hertz: joint.hertz, zeta: joint.dampingRatio, h: h)
        switch joint.kind {
        case .distance:
            let d = joint.deltaCenter + joint.anchorB - joint.anchorA
            joint.axis = d.normalizedOrZero
            let crA = cross(joint.anchorA, joint.axis)
            let crB = cross(joint.anchorB, joint.axis)
            let k = mA + mB + iA * crA * crA + iB * crB * crB
            joint.axialMass = k > 0 ? 1 / k : 0
        case .target:
            joint.angularSoftness = Softness(hertz: 0.5, zeta: 0.1, h: h)
        case .prismatic:
            joint.axis = a.rotation.rotate(joint.localAxisA)
            let d = joint.deltaCenter + joint.anchorB - joint.anchorA
            let a1 = cross(d + joint.anchorA, joint.axis)
            let a2 = cross(joint.anchorB, joint.axis)
            let k = mA + mB + iA * a1 * a1 + iB * a2 * a2
            joint.axialMass = k > 0 ? 1 / k : 0
        case .revolute, .weld:
            break
        }
    }

    static func warmStart(_ joint: Joint, states: UnsafeMutablePointer<BodyState>) {
        let ia = Int(joint.bodyA)
        let ib = Int(joint.bodyB)
        let mA = states[ia].inverseMass
        let iA = states[ia].inverseInertia
        let mB = states[ib].inverseMass
        let iB = states[ib].inverseInertia
        let rA = states[ia].deltaRotation.rotate(joint.anchorA)
        let rB = states[ib].deltaRotation.rotate(joint.anchorB)
        var linear = Point.zero
        var angularA = 0.0
        var angularB = 0.0
        switch joint.kind {
        case .distance:
            linear = joint.axis * (joint.impulse + joint.lowerImpulse - joint.upperImpulse)
            angularA = cross(rA, linear)
            angularB = cross(rB, linear)
        case .target:
            linear = joint.linearImpulse
            angularB = cross(rB, linear) + joint.angularImpulse
        case .revolute, .weld:
            linear = joint.linearImpulse
            angularA = cross(rA, linear) + joint.angularImpulse
            angularB = cross(rB, linear) + joint.angularImpulse
        case .prismatic:
            let axis = states[ia].deltaRotation.rotate(joint.axis)
            let d = (states[ib].deltaPosition - states[ia].deltaPosition) + joint.deltaCenter + rB - rA
            let perp = axis.leftPerpendicular
            let a1 = cross(d + rA, axis)
            let a2 = cross(rB, axis)
            let s1 = cross(d + rA, perp)
            let s2 = cross(rB, perp)
            let axial = joint.lowerImpulse - joint.upperImpulse
            linear = perp * joint.linearImpulse.x + axis * axial
            angularA = joint.linearImpulse.x * s1 + joint.linearImpulse.y + axial * a1
            angularB = joint.linearImpulse.x * s2 + joint.linearImpulse.y + axial * a2
        }
        states[ia].velocity = multiplyAdd(states[ia].velocity, -mA, linear)
        states[ia].angularVelocity -= iA * angularA
        states[ib].velocity = multiplyAdd(states[ib].velocity, mB, linear)
        states[ib].angularVelocity += iB * angularB
    }

    static func solve(
        _ joint: inout Joint, states: UnsafeMutablePointer<BodyState>, jointSoftness: Softness, h: Double,
        useBias: Bool
    ) {
        let ia = Int(joint.bodyA)
        let ib = Int(joint.bodyB)
        let mA = states[ia].inverseMass
        let iA = states[ia].inverseInertia
        let mB = states[ib].inverseMass
        let iB = states[ib].inverseInertia
        var vA = states[ia].velocity
        var wA = states[ia].angularVelocity
        var vB = states[ib].velocity
        var wB = states[ib].angularVelocity
        let rA = states[ia].deltaRotation.rotate(joint.anchorA)
        let rB = states[ib].deltaRotation.rotate(joint.anchorB)
        let d = (states[ib].deltaPosition - states[ia].deltaPosition) + joint.deltaCenter + rB - rA
        let inverseH = 1 / h

        func applyLinear(_ p: Point) {
            vA = multiplyAdd(vA, -mA, p)
            wA -= iA * cross(rA, p)
            vB = multiplyAdd(vB, mB, p)
            wB += iB * cross(rB, p)
        }
        func relativeAngle() -> Double {
            joint.deltaAngle + states[ib].deltaRotation.angle - states[ia].deltaRotation.angle
        }
        func pointConstraint() {
            let cdot = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
            var bias = Point.zero
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                bias = d * jointSoftness.biasRate
                massScale = jointSoftness.massScale
                impulseScale = jointSoftness.impulseScale
            }
            let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
            let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
            let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
            let b = solve22(k11, k12, k22, cdot + bias)
            let impulse = Point(
                x: -massScale * b.x - impulseScale * joint.linearImpulse.x,
                y: -massScale * b.y - impulseScale * joint.linearImpulse.y)
            joint.linearImpulse += impulse
            applyLinear(impulse)
        }
        func angleConstraint() {
            let k = iA + iB
            guard k > 0 else { return }
            var bias = 0.0
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                bias = relativeAngle() * jointSoftness.biasRate
                massScale = jointSoftness.massScale
                impulseScale = jointSoftness.impulseScale
            }
            let impulse = -massScale * (wB - wA + bias) / k - impulseScale * joint.angularImpulse
            joint.angularImpulse += impulse
            wA -= iA * impulse
            wB += iB * impulse
        }

        switch joint.kind {
        case .distance:
            let length = d.length
            let axis = d.normalizedOrZero
            let vr = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
            if !joint.isRope {
                let c = length - joint.length
                var softness = joint.springSoftness
                if joint.hertz == 0 { softness = useBias ? jointSoftness : .rigid }
                let bias = softness.biasRate * c
                var impulse =
                    -softness.massScale * joint.axialMass * (dot(axis, vr) + bias) - softness.impulseScale
                    * joint.impulse
                if joint.hertz == 0 && !useBias { impulse = -joint.axialMass * dot(axis, vr) }
                joint.impulse += impulse
                applyLinear(axis * impulse)
            } else {
                // Upper limit only: the anchors may come closer but not separate beyond `length`.
                let (bias, massScale, impulseScale) = limitCoefficients(
                    joint.length - length, inverseH, useBias, jointSoftness)
                let cdot = -dot(axis, vr)
                var impulse = -massScale * joint.axialMass * (cdot + bias) - impulseScale * joint.upperImpulse
                let newImpulse = max(0, joint.upperImpulse + impulse)
                impulse = newImpulse - joint.upperImpulse
                joint.upperImpulse = newImpulse
                applyLinear(axis * -impulse)
            }
        case .target:
            // A bias-free angular damper so that the item does not spin, then the soft point constraint.
            if iB > 0 {
                let angular = -wB / iB
                let impulse =
                    joint.angularSoftness.massScale * angular - joint.angularSoftness.impulseScale
                    * joint.angularImpulse
                joint.angularImpulse += impulse
                wB += iB * impulse
            }
            let cdot = vB + cross(wB, rB)
            let separation = states[ib].deltaPosition + rB + joint.deltaCenter - joint.target
            let softness = joint.springSoftness
            let bias = separation * softness.biasRate
            let k11 = mB + iB * rB.y * rB.y
            let k12 = -iB * rB.x * rB.y
            let k22 = mB + iB * rB.x * rB.x
            let b = solve22(k11, k12, k22, cdot + bias)
            var impulse = Point(
                x: -softness.massScale * b.x - softness.impulseScale * joint.linearImpulse.x,
                y: -softness.massScale * b.y - softness.impulseScale * joint.linearImpulse.y)
            let old = joint.linearImpulse
            joint.linearImpulse += impulse
            let maxImpulse = joint.maximumForce * h
            let magnitude = joint.linearImpulse.length
            if magnitude > maxImpulse { joint.linearImpulse = joint.linearImpulse * (maxImpulse / magnitude) }
            impulse = joint.linearImpulse - old
            vB = multiplyAdd(vB, mB, impulse)
            wB += iB * cross(rB, impulse)
        case .revolute:
            pointConstraint()
        case .weld:
            angleConstraint()
            pointConstraint()
        case .prismatic:
            let axis = states[ia].deltaRotation.rotate(joint.axis)
            let translation = dot(axis, d)
            let a1 = cross(d + rA, axis)
            let a2 = cross(rB, axis)
            // One-sided limits on the translation: lower pushes B along +axis, upper along −axis.
            let axialMass = joint.axialMass
            func limit(_ gap: Double, _ sign: Double, _ accumulated: inout Double) {
                let (bias, massScale, impulseScale) = limitCoefficients(gap, inverseH, useBias, jointSoftness)
                let cdot = sign * (dot(axis, vB - vA) + a2 * wB - a1 * wA)
                var impulse = -axialMass * massScale * (cdot + bias) - impulseScale * accumulated
                let newImpulse = max(accumulated + impulse, 0)
                impulse = sign * (newImpulse - accumulated)
                accumulated = newImpulse
                vA = multiplyAdd(vA, -mA * impulse, axis)
                wA -= iA * impulse * a1
                vB = multiplyAdd(vB, mB * impulse, axis)
                wB += iB * impulse * a2
            }
            if joint.lowerTranslation > -Double.infinity {
                limit(translation - joint.lowerTranslation, 1, &joint.lowerImpulse)
            }
            if joint.upperTranslation < Double.infinity {
                limit(joint.upperTranslation - translation, -1, &joint.upperImpulse)
            }
            // The perpendicular and angular constraints as one 2×2 block.
            let perp = axis.leftPerpendicular
            let s1 = cross(d + rA, perp)
            let s2 = cross(rB, perp)
            let cdot = Point(x: dot(perp, vB - vA) + s2 * wB - s1 * wA, y: wB - wA)
            var bias = Point.zero
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                bias = Point(x: dot(perp, d), y: relativeAngle()) * jointSoftness.biasRate
                massScale = jointSoftness.massScale
                impulseScale = jointSoftness.impulseScale
            }
            let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
            let k12 = iA * s1 + iB * s2
            var k22 = iA + iB
            if k22 == 0 { k22 = 1 }
            let b = solve22(k11, k12, k22, cdot + bias)
            let impulse = Point(
                x: -massScale * b.x - impulseScale * joint.linearImpulse.x,
                y: -massScale * b.y - impulseScale * joint.linearImpulse.y)
            joint.linearImpulse += impulse
            let p = perp * impulse.x
            vA = multiplyAdd(vA, -mA, p)
            wA -= iA * (impulse.x * s1 + impulse.y)
            vB = multiplyAdd(vB, mB, p)
            wB += iB * (impulse.x * s2 + impulse.y)
        }
        states[ia].velocity = vA
        states[ia].angularVelocity = wA
        states[ib].velocity = vB
        states[ib].angularVelocity = wB
    }
}
