import KineticCore

/// A persistent contact between two bodies whose bounding boxes overlap.
struct Contact: Sendable {
    var bodyA: Int32
    var bodyB: Int32
    var manifold = Manifold()
    var friction: Double
    var restitution: Double
    var isTouching = false
    /// The step in which the broad phase last saw this pair.
    var lastSeen: UInt32
}

/// One prepared contact point (anchors fixed for the step).
struct ConstraintPoint: Sendable {
    var anchorA: Point = .zero
    var anchorB: Point = .zero
    var baseSeparation: Double = 0
    var relativeVelocity: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
}

/// A contact prepared for the soft-step solver (Box2D v3's `b2ContactConstraint`).
struct ContactConstraint: Sendable {
    var bodyA: Int32
    var bodyB: Int32
    var contact: Int32
    var normal: Point
    var friction: Double
    var restitution: Double
    var softness: Softness
    var pointCount: Int
    var point0 = ConstraintPoint()
    var point1 = ConstraintPoint()
}

/// The contact solver's passes over prepared constraints. All functions take raw buffers: no ARC, no allocation.
enum ContactSolver {
    static func prepare(
        _ constraint: inout ContactConstraint, manifold: Manifold, states: UnsafeMutablePointer<BodyState>
    ) {
        let a = states[Int(constraint.bodyA)]
        let b = states[Int(constraint.bodyB)]
        let normal = manifold.normal
        let tangent = normal.rightPerpendicular
        constraint.normal = normal
        constraint.pointCount = manifold.pointCount
        func preparePoint(_ mp: ManifoldPoint) -> ConstraintPoint {
            var cp = ConstraintPoint()
            cp.normalImpulse = mp.normalImpulse
            cp.tangentImpulse = mp.tangentImpulse
            cp.anchorA = mp.anchorA
            cp.anchorB = mp.anchorB
            cp.baseSeparation = mp.separation - dot(mp.anchorB - mp.anchorA, normal)
            let rnA = cross(mp.anchorA, normal)
            let rnB = cross(mp.anchorB, normal)
            let kNormal = a.inverseMass + b.inverseMass + a.inverseInertia * rnA * rnA + b.inverseInertia * rnB * rnB
            cp.normalMass = kNormal > 0 ? 1 / kNormal : 0
            let rtA = cross(mp.anchorA, tangent)
            let rtB = cross(mp.anchorB, tangent)
            let kTangent = a.inverseMass + b.inverseMass + a.inverseInertia * rtA * rtA + b.inverseInertia * rtB * rtB
            cp.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            let vrA = a.velocity + cross(a.angularVelocity, mp.anchorA)
            let vrB = b.velocity + cross(b.angularVelocity, mp.anchorB)
            cp.relativeVelocity = dot(normal, vrB - vrA)
            return cp
        }
        if manifold.pointCount > 0 { constraint.point0 = preparePoint(manifold.point0) }
        if manifold.pointCount > 1 { constraint.point1 = preparePoint(manifold.point1) }
    }

    @inline(__always) private static func applyImpulse(
        _ impulse: Point, _ cp: ConstraintPoint, _ vA: inout Point, _ wA: inout Double, _ vB: inout Point,
        _ wB: inout Double, _ mA: Double, _ iA: Double, _ mB: Double, _ iB: Double
    ) {
        wA -= iA * cross(cp.anchorA, impulse)
        vA = multiplyAdd(vA, -mA, impulse)
        wB += iB * cross(cp.anchorB, impulse)
        vB = multiplyAdd(vB, mB, impulse)
    }

    static func warmStart(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>
    ) {
        for index in 0..<constraints.count {
            let c = constraints[index]
            let ia = Int(c.bodyA)
            let ib = Int(c.bodyB)
            let mA = states[ia].inverseMass
            let iA = states[ia].inverseInertia
            let mB = states[ib].inverseMass
            let iB = states[ib].inverseInertia
            var vA = states[ia].velocity
            var wA = states[ia].angularVelocity
            var vB = states[ib].velocity
            var wB = states[ib].angularVelocity
            let tangent = c.normal.rightPerpendicular
            if c.pointCount > 0 {
                let p = c.normal * c.point0.normalImpulse + tangent * c.point0.tangentImpulse
                applyImpulse(p, c.point0, &vA, &wA, &vB, &wB, mA, iA, mB, iB)
            }
            if c.pointCount > 1 {
                let p = c.normal * c.point1.normalImpulse + tangent * c.point1.tangentImpulse
                applyImpulse(p, c.point1, &vA, &wA, &vB, &wB, mA, iA, mB, iB)
            }
            states[ia].velocity = vA
            states[ia].angularVelocity = wA
            states[ib].velocity = vB
            states[ib].angularVelocity = wB
        }
    }

    /// One solver iteration: soft with bias (`useBias`, the solve pass) or rigid without (the relax pass).
    static func solve(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>,
        inverseH: Double, maximumPushSpeed: Double, useBias: Bool
    ) {
        for index in 0..<constraints.count {
            let ia = Int(constraints[index].bodyA)
            let ib = Int(constraints[index].bodyB)
            let mA = states[ia].inverseMass
            let iA = states[ia].inverseInertia
            let mB = states[ib].inverseMass
            let iB = states[ib].inverseInertia
            var vA = states[ia].velocity
            var wA = states[ia].angularVelocity
            let dpA = states[ia].deltaPosition
            let qA = states[ia].deltaRotation
            var vB = states[ib].velocity
            var wB = states[ib].angularVelocity
            let dpB = states[ib].deltaPosition
            let qB = states[ib].deltaRotation
            let dp = dpB - dpA
            let normal = constraints[index].normal
            let softness = constraints[index].softness
            let count = constraints[index].pointCount
            @inline(__always) func solveNormal(_ cp: inout ConstraintPoint) {
                let prA = qA.rotate(cp.anchorA)
                let prB = qB.rotate(cp.anchorB)
                let s = dot(dp + prB - prA, normal) + cp.baseSeparation
                var bias = 0.0
                var massScale = 1.0
                var impulseScale = 0.0
                if s > 0 {
                    bias = s * inverseH  // speculative: close the gap exactly
                } else if useBias {
                    bias = max(softness.biasRate * s, -maximumPushSpeed)
                    massScale = softness.massScale
                    impulseScale = softness.impulseScale
                }
                let dv = (vB + cross(wB, cp.anchorB)) - (vA + cross(wA, cp.anchorA))
                let vn = dot(dv, normal)
                var impulse = -cp.normalMass * massScale * (vn + bias) - impulseScale * cp.normalImpulse
                let newImpulse = max(cp.normalImpulse + impulse, 0)
                impulse = newImpulse - cp.normalImpulse
                cp.normalImpulse = newImpulse
                cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
                applyImpulse(normal * impulse, cp, &vA, &wA, &vB, &wB, mA, iA, mB, iB)
            }
            if count > 0 { solveNormal(&constraints[index].point0) }
            if count > 1 { solveNormal(&constraints[index].point1) }
            let friction = constraints[index].friction
            if friction > 0 {
                let tangent = normal.rightPerpendicular
                @inline(__always) func solveTangent(_ cp: inout ConstraintPoint) {
                    let dv = (vB + cross(wB, cp.anchorB)) - (vA + cross(wA, cp.anchorA))
                    let vt = dot(dv, tangent)
                    var impulse = -cp.tangentMass * vt
                    let maxFriction = friction * cp.normalImpulse
                    let newImpulse = min(max(cp.tangentImpulse + impulse, -maxFriction), maxFriction)
                    impulse = newImpulse - cp.tangentImpulse
                    cp.tangentImpulse = newImpulse
                    applyImpulse(tangent * impulse, cp, &vA, &wA, &vB, &wB, mA, iA, mB, iB)
                }
                if count > 0 { solveTangent(&constraints[index].point0) }
                if count > 1 { solveTangent(&constraints[index].point1) }
            }
            states[ia].velocity = vA
            states[ia].angularVelocity = wA
            states[ib].velocity = vB
            states[ib].angularVelocity = wB
        }
    }

    /// The restitution pass: points that approached faster than `threshold` and took an impulse leave at
    /// −e times their approach speed. Box2D runs one pass; a two-point face then leaves at only ~⅞ of the target
    /// (the second point undoes part of the first), so this repeats the pass `iterations` times (Gauss–Seidel
    /// converges to the two points' joint solution).
    static func applyRestitution(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>,
        threshold: Double, iterations: Int = 6
    ) {
        for _ in 0..<iterations { restitutionPass(constraints, states, threshold: threshold) }
    }

    private static func restitutionPass(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>,
        threshold: Double
    ) {
        for index in 0..<constraints.count where constraints[index].restitution > 0 {
            let ia = Int(constraints[index].bodyA)
            let ib = Int(constraints[index].bodyB)
            let mA = states[ia].inverseMass
            let iA = states[ia].inverseInertia
            let mB = states[ib].inverseMass
            let iB = states[ib].inverseInertia
            var vA = states[ia].velocity
            var wA = states[ia].angularVelocity
            var vB = states[ib].velocity
            var wB = states[ib].angularVelocity
            let normal = constraints[index].normal
            let restitution = constraints[index].restitution
            @inline(__always) func restitute(_ cp: inout ConstraintPoint) {
                if cp.relativeVelocity > -threshold || cp.maxNormalImpulse == 0 { return }
                let dv = (vB + cross(wB, cp.anchorB)) - (vA + cross(wA, cp.anchorA))
                let vn = dot(dv, normal)
                var impulse = -cp.normalMass * (vn + restitution * cp.relativeVelocity)
                let newImpulse = max(cp.normalImpulse + impulse, 0)
                impulse = newImpulse - cp.normalImpulse
                cp.normalImpulse = newImpulse
                cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
                applyImpulse(normal * impulse, cp, &vA, &wA, &vB, &wB, mA, iA, mB, iB)
            }
            if constraints[index].pointCount > 0 { restitute(&constraints[index].point0) }
            if constraints[index].pointCount > 1 { restitute(&constraints[index].point1) }
            states[ia].velocity = vA
            states[ia].angularVelocity = wA
            states[ib].velocity = vB
            states[ib].angularVelocity = wB
        }
    }
}
