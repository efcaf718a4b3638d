import KineticCore

/// One joint's solve in one substep: the two bodies' velocities being changed, their masses, the anchors rotated
/// by this step's motion so far, the anchors' separation `d`, and the point and angle constraints that several
/// kinds share.
struct JointSolveContext {
    let states: UnsafeMutablePointer<BodyState>
    let ia: Int
    let ib: Int
    let mA: Double
    let iA: Double
    let mB: Double
    let iB: Double
    var vA: Point
    var wA: Double
    var vB: Point
    var wB: Double
    let rA: Point
    let rB: Point
    /// From anchor A to anchor B, in points.
    let d: Point
    /// The substep, in seconds, and its inverse.
    let h: Double
    let inverseH: Double
    let useBias: Bool
    let jointSoftness: Softness

    init(
        joint: Joint, states: UnsafeMutablePointer<BodyState>, jointSoftness: Softness, h: Double, useBias: Bool
    ) {
        self.states = states
        ia = Int(joint.bodyA)
        ib = Int(joint.bodyB)
        mA = states[ia].inverseMass
        iA = states[ia].inverseInertia
        mB = states[ib].inverseMass
        iB = states[ib].inverseInertia
        vA = states[ia].velocity
        wA = states[ia].angularVelocity
        vB = states[ib].velocity
        wB = states[ib].angularVelocity
        rA = states[ia].deltaRotation.rotate(joint.anchorA)
        rB = states[ib].deltaRotation.rotate(joint.anchorB)
        d = (states[ib].deltaPosition - states[ia].deltaPosition) + joint.deltaCenter + rB - rA
        self.h = h
        inverseH = 1 / h
        self.useBias = useBias
        self.jointSoftness = jointSoftness
    }

    /// Writes the velocities back to the bodies.
    func store() {
        states[ia].velocity = vA
        states[ia].angularVelocity = wA
        states[ib].velocity = vB
        states[ib].angularVelocity = wB
    }

    /// Applies `p` at the anchors: −p to A, +p to B.
    mutating func applyLinear(_ p: Point) {
        vA = multiplyAdd(vA, -mA, p)
        wA -= iA * cross(rA, p)
        vB = multiplyAdd(vB, mB, p)
        wB += iB * cross(rB, p)
    }

    /// B's angle relative to A's, less the reference angle, with this step's rotation so far.
    func relativeAngle(_ joint: Joint) -> Double {
        joint.deltaAngle + states[ib].deltaRotation.angle - states[ia].deltaRotation.angle
    }

    /// The point constraint (revolute, weld): anchors together. C = pB − pA = d; Ċ = vB + wB × rB − vA − wA × rA;
    /// K = (mA + mB)·I + iA·[rA]ₓ² + iB·[rB]ₓ² (2×2, symmetric); impulse = −K⁻¹(Ċ + bias) (soft).
    mutating func pointConstraint(_ joint: inout Joint) {
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

    /// The angle constraint (weld): C = θB − θA − reference; Ċ = wB − wA; K = iA + iB.
    mutating func angleConstraint(_ joint: inout Joint) {
        let k = iA + iB
        guard k > 0 else { return }
        var bias = 0.0
        var massScale = 1.0
        var impulseScale = 0.0
        if useBias {
            bias = relativeAngle(joint) * jointSoftness.biasRate
            massScale = jointSoftness.massScale
            impulseScale = jointSoftness.impulseScale
        }
        let impulse = -massScale * (wB - wA + bias) / k - impulseScale * joint.angularImpulse
        joint.angularImpulse += impulse
        wA -= iA * impulse
        wB += iB * impulse
    }
}

/// Solves a symmetric 2×2 system K·x = b; zero when K is singular.
@inline(__always) func solve22(_ k11: Double, _ k12: Double, _ k22: Double, _ b: Point) -> Point {
    var det = k11 * k22 - k12 * k12
    if det != 0 { det = 1 / det }
    return Point(x: det * (k22 * b.x - k12 * b.y), y: det * (k11 * b.y - k12 * b.x))
}

/// Bias and scales of a one-sided limit with `gap` ≥ 0 while apart: speculative when apart (close the gap in
/// one substep, no softness), soft when violated in the solve pass, rigid in the relax pass.
@inline(__always) func limitCoefficients(_ gap: Double, _ inverseH: Double, _ useBias: Bool, _ soft: Softness)
    -> (bias: Double, massScale: Double, impulseScale: Double)
{
    if gap > 0 { return (gap * inverseH, 1, 0) }
    if useBias { return (soft.biasRate * gap, soft.massScale, soft.impulseScale) }
    return (0, 1, 0)
}
