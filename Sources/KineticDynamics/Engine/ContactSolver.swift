import CPrefetch
import KineticCore

/// A contact's bodies (as in its ``Contact``) and the step in which the broad phase last saw the pair.
struct ContactLink: Sendable {
    var bodyA: Int32
    var bodyB: Int32
    var lastSeen: UInt32
}

/// A persistent contact between two bodies whose bounding boxes overlap.
struct Contact: Sendable {
    var bodyA: Int32
    var bodyB: Int32
    var manifold = Manifold()
    var friction: Double
    var restitution: Double
    var isTouching = false
    /// The pose the manifold was computed for: B's frame in A's (NaN until the first manifold), both rotations,
    /// and the speculative distance. While the pair's relative pose stays within
    /// ``PhysicsSettings/contactRecycleDistance`` of it, the manifold is recycled: its points and anchors are kept
    /// and only their separations follow the bodies (``NarrowPhase``).
    var cachedRelativePose = RigidTransform(p: Point(x: Double.nan, y: Double.nan), q: .identity)
    var cachedRotationA = Rotation.identity
    var cachedRotationB = Rotation.identity
    var cachedSpeculativeDistance = 0.0
}

extension Contact {
    /// Asks for every cache line of the record at `contact`, ahead of reading it (the narrow phase and the pack
    /// stage read contacts scattered through the records).
    @inline(__always) static func prefetch(_ contact: UnsafePointer<Contact>) {
        let start = UnsafeRawPointer(contact)
        for offset in stride(from: 0, to: MemoryLayout<Contact>.size, by: 64) { kinetic_prefetch(start + offset) }
        kinetic_prefetch(start + (MemoryLayout<Contact>.size - 1))
    }
}

/// One prepared contact point. The anchors are fixed for the step, so every lever arm the solver needs is
/// precomputed here: r × n and r × t (for velocities and impulses) and n · r (for the separation update), for both
/// bodies, and the solver never touches the anchors themselves.
struct ConstraintPoint: Sendable {
    var baseSeparation: Double = 0
    var relativeVelocity: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
    /// rA × n, rB × n.
    var normalArmA: Double = 0
    var normalArmB: Double = 0
    /// rA × t, rB × t.
    var tangentArmA: Double = 0
    var tangentArmB: Double = 0
    /// n · rA, n · rB.
    var normalReachA: Double = 0
    var normalReachB: Double = 0
}

/// A touching contact chosen for this step's solver, before colouring: its index and bodies. Three 32-bit integers
/// and nothing else (``ConstraintColoring`` compares two lists of them word by word).
struct SelectedContact: Sendable {
    var contact: Int32
    var bodyA: Int32
    var bodyB: Int32
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
        _ constraint: inout ContactConstraint, contact: UnsafePointer<Contact>, impulses: ContactImpulses,
        states: UnsafeMutablePointer<BodyState>
    ) {
        let a = states[Int(constraint.bodyA)]
        let b = states[Int(constraint.bodyB)]
        let normal = contact.pointee.manifold.normal
        let tangent = normal.rightPerpendicular
        constraint.normal = normal
        constraint.pointCount = contact.pointee.manifold.pointCount
        func preparePoint(_ mp: ManifoldPoint, _ normalImpulse: Double, _ tangentImpulse: Double) -> ConstraintPoint {
            var cp = ConstraintPoint()
            cp.normalImpulse = normalImpulse
            cp.tangentImpulse = tangentImpulse
            cp.baseSeparation = mp.baseSeparation(along: normal)
            cp.normalArmA = cross(mp.anchorA, normal)
            cp.normalArmB = cross(mp.anchorB, normal)
            cp.tangentArmA = cross(mp.anchorA, tangent)
            cp.tangentArmB = cross(mp.anchorB, tangent)
            cp.normalReachA = dot(normal, mp.anchorA)
            cp.normalReachB = dot(normal, mp.anchorB)
            let kNormal =
                a.inverseMass + b.inverseMass + a.inverseInertia * cp.normalArmA * cp.normalArmA + b.inverseInertia
                * cp.normalArmB * cp.normalArmB
            cp.normalMass = kNormal > 0 ? 1 / kNormal : 0
            let kTangent =
                a.inverseMass + b.inverseMass + a.inverseInertia * cp.tangentArmA * cp.tangentArmA + b.inverseInertia
                * cp.tangentArmB * cp.tangentArmB
            cp.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            cp.relativeVelocity =
                dot(normal, b.velocity - a.velocity) + b.angularVelocity * cp.normalArmB - a.angularVelocity
                * cp.normalArmA
            return cp
        }
        if contact.pointee.manifold.pointCount > 0 {
            constraint.point0 = preparePoint(contact.pointee.manifold.point0, impulses.normal0, impulses.tangent0)
        }
        if contact.pointee.manifold.pointCount > 1 {
            constraint.point1 = preparePoint(contact.pointee.manifold.point1, impulses.normal1, impulses.tangent1)
        }
    }

    static func warmStart(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>
    ) {
        guard let base = constraints.baseAddress else { return }
        for index in 0..<constraints.count {
            let c = base + index
            let count = c.pointee.pointCount
            let p0 = c.pointee.point0
            let p1 = c.pointee.point1
            if p0.normalImpulse == 0 && p0.tangentImpulse == 0
                && (count < 2 || (p1.normalImpulse == 0 && p1.tangentImpulse == 0))
            {
                continue
            }
            var body = SolverBodies(states + Int(c.pointee.bodyA), states + Int(c.pointee.bodyB))
            let normal = c.pointee.normal
            let tangent = normal.rightPerpendicular
            body.applyWarm(p0, normal, tangent)
            if count > 1 { body.applyWarm(p1, normal, tangent) }
            body.store(states + Int(c.pointee.bodyA), states + Int(c.pointee.bodyB))
        }
    }

    /// One solver iteration: soft with bias and without friction (`useBias`, the solve pass) or rigid without bias,
    /// with friction (the relax pass). Friction is solved once a substep, as Box2D 3.2 does (it was solved in both
    /// passes: a third of the solve pass's work). In resting contact it comes after the points, as in Box2D 3.2: the
    /// substep ends with friction holding exactly, and a pile or a pyramid stops creeping and sleeps sooner (a
    /// 5,050-box pyramid at 2.83 s instead of 3.63). A constraint that took an impact this step (``isImpact(_:_:)``)
    /// solves it before the points instead, or not at all in the substep of the impact: after them, friction turns the
    /// small spin that solving one point before the other gives a face landing flat into a slide and a hop.
    /// `reversed` solves a two-point manifold's second point first: alternating it between passes cancels the
    /// small turn that solving one point before the other gives a face contact (a stack would lean otherwise).
    /// `impactSpeed` (pt/s) is ``PhysicsSettings/restitutionThreshold``.
    static func solve(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>,
        inverseH: Double, maximumPushSpeed: Double, useBias: Bool, reversed: Bool, impactSpeed: Double
    ) {
        guard let base = constraints.baseAddress else { return }
        for index in 0..<constraints.count {
            let c = base + index
            let stateA = states + Int(c.pointee.bodyA)
            let stateB = states + Int(c.pointee.bodyB)
            var body = SolverBodies(stateA, stateB)
            let normalShift = dot(stateB.pointee.deltaPosition - stateA.pointee.deltaPosition, c.pointee.normal)
            let qA = stateA.pointee.deltaRotation
            let qB = stateB.pointee.deltaRotation
            let normal = c.pointee.normal
            var softness = Softness.rigid
            if useBias { softness = c.pointee.softness }
            let count = c.pointee.pointCount
            // Friction in the relax pass: before the points where an impact came earlier this step, after them where
            // none came (the points' impulses may make one). With no normal impulse and no friction impulse,
            // friction has nothing to do (speculative points).
            let impactBefore = !useBias && isImpact(c, impactSpeed)
            if impactBefore { solveFriction(c, &body, reversed) }
            if count > 1 && reversed {
                solveNormal(
                    &c.pointee.point1, &body, normalShift, qA, qB, normal, softness, inverseH, maximumPushSpeed, useBias
                )
            }
            solveNormal(
                &c.pointee.point0, &body, normalShift, qA, qB, normal, softness, inverseH, maximumPushSpeed, useBias)
            if count > 1 && !reversed {
                solveNormal(
                    &c.pointee.point1, &body, normalShift, qA, qB, normal, softness, inverseH, maximumPushSpeed, useBias
                )
            }
            if !useBias && !impactBefore && !isImpact(c, impactSpeed) { solveFriction(c, &body, reversed) }
            body.store(stateA, stateB)
        }
    }

    /// Whether a point of `c` took an impact this step: one impulse that changed its normal speed by more than
    /// `impactSpeed` (pt/s) — a landing, not resting contact, where the solver's impulses each step are small
    /// corrections of the warm start's.
    @inline(__always) static func isImpact(_ c: UnsafeMutablePointer<ContactConstraint>, _ impactSpeed: Double) -> Bool
    {
        c.pointee.point0.maxNormalImpulse > c.pointee.point0.normalMass * impactSpeed
            || (c.pointee.pointCount > 1
                && c.pointee.point1.maxNormalImpulse > c.pointee.point1.normalMass * impactSpeed)
    }

    /// The friction of each point of `c` (second point first if `reversed`), unless it has nothing to do: no
    /// friction, or no normal and no friction impulse (speculative points).
    @inline(__always) private static func solveFriction(
        _ c: UnsafeMutablePointer<ContactConstraint>, _ body: inout SolverBodies, _ reversed: Bool
    ) {
        let count = c.pointee.pointCount
        let friction = c.pointee.friction
        guard
            friction > 0
                && (c.pointee.point0.normalImpulse != 0 || c.pointee.point0.tangentImpulse != 0
                    || (count > 1 && (c.pointee.point1.normalImpulse != 0 || c.pointee.point1.tangentImpulse != 0)))
        else { return }
        let tangent = c.pointee.normal.rightPerpendicular
        if count > 1 && reversed { solveTangent(&c.pointee.point1, &body, tangent, friction) }
        solveTangent(&c.pointee.point0, &body, tangent, friction)
        if count > 1 && !reversed { solveTangent(&c.pointee.point1, &body, tangent, friction) }
    }

    /// The two bodies' velocities and inverse masses while one constraint is solved.
    struct SolverBodies {
        var vA: Point
        var wA: Double
        var vB: Point
        var wB: Double
        let mA: Double
        let iA: Double
        let mB: Double
        let iB: Double

        @inline(__always) init(_ a: UnsafeMutablePointer<BodyState>, _ b: UnsafeMutablePointer<BodyState>) {
            vA = a.pointee.velocity
            wA = a.pointee.angularVelocity
            vB = b.pointee.velocity
            wB = b.pointee.angularVelocity
            mA = a.pointee.inverseMass
            iA = a.pointee.inverseInertia
            mB = b.pointee.inverseMass
            iB = b.pointee.inverseInertia
        }

        /// Writes the velocities back. A static body (no inverse mass or inertia) is not written: its velocity
        /// cannot have changed, and constraints of one colour that share a wall may be solved at the same time.
        @inline(__always) func store(_ a: UnsafeMutablePointer<BodyState>, _ b: UnsafeMutablePointer<BodyState>) {
            if mA != 0 || iA != 0 {
                a.pointee.velocity = vA
                a.pointee.angularVelocity = wA
            }
            if mB != 0 || iB != 0 {
                b.pointee.velocity = vB
                b.pointee.angularVelocity = wB
            }
        }

        /// The relative velocity along `direction` at a point with lever arms `armA`, `armB` (r × direction).
        @inline(__always) func speed(along direction: Point, _ armA: Double, _ armB: Double) -> Double {
            dot(vB - vA, direction) + wB * armB - wA * armA
        }

        /// Applies `impulse` along `direction` at a point with lever arms `armA`, `armB`.
        @inline(__always) mutating func apply(_ impulse: Double, along direction: Point, _ armA: Double, _ armB: Double)
        {
            vA = multiplyAdd(vA, -mA * impulse, direction)
            wA -= iA * impulse * armA
            vB = multiplyAdd(vB, mB * impulse, direction)
            wB += iB * impulse * armB
        }

        @inline(__always) mutating func applyWarm(_ cp: ConstraintPoint, _ normal: Point, _ tangent: Point) {
            apply(cp.normalImpulse, along: normal, cp.normalArmA, cp.normalArmB)
            apply(cp.tangentImpulse, along: tangent, cp.tangentArmA, cp.tangentArmB)
        }
    }

    @inline(__always) private static func solveNormal(
        _ cp: inout ConstraintPoint, _ body: inout SolverBodies, _ normalShift: Double, _ qA: Rotation,
        _ qB: Rotation, _ normal: Point, _ softness: Softness, _ inverseH: Double, _ maximumPushSpeed: Double,
        _ useBias: Bool
    ) {
        // Current separation: n · (dpB − dpA + R(dqB) rB − R(dqA) rA) + base, with n · R(q) r = c (n · r) + s (r × n).
        let s =
            normalShift + (qB.c * cp.normalReachB + qB.s * cp.normalArmB)
            - (qA.c * cp.normalReachA + qA.s * cp.normalArmA)
            + cp.baseSeparation
        var bias = 0.0
        var massScale = 1.0
        var impulseScale = 0.0
        if s > 0 {
            bias = s * inverseH  // speculative: close the gap exactly
        } else if useBias {
            let soft = softness.biasRate * s
            bias = soft > -maximumPushSpeed ? soft : -maximumPushSpeed
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
        let vn = body.speed(along: normal, cp.normalArmA, cp.normalArmB)
        var impulse = -cp.normalMass * massScale * (vn + bias) - impulseScale * cp.normalImpulse
        let sum = cp.normalImpulse + impulse
        let newImpulse = sum > 0 ? sum : 0
        impulse = newImpulse - cp.normalImpulse
        if impulse == 0 { return }
        cp.normalImpulse = newImpulse
        if impulse > cp.maxNormalImpulse { cp.maxNormalImpulse = impulse }
        body.apply(impulse, along: normal, cp.normalArmA, cp.normalArmB)
    }

    @inline(__always) private static func solveTangent(
        _ cp: inout ConstraintPoint, _ body: inout SolverBodies, _ tangent: Point, _ friction: Double
    ) {
        let vt = body.speed(along: tangent, cp.tangentArmA, cp.tangentArmB)
        var impulse = -cp.tangentMass * vt
        let maxFriction = friction * cp.normalImpulse
        let sum = cp.tangentImpulse + impulse
        let newImpulse = sum > maxFriction ? maxFriction : (sum < -maxFriction ? -maxFriction : sum)
        impulse = newImpulse - cp.tangentImpulse
        if impulse == 0 { return }
        cp.tangentImpulse = newImpulse
        body.apply(impulse, along: tangent, cp.tangentArmA, cp.tangentArmB)
    }

    /// The restitution pass: points that approached faster than `threshold` and took an impulse leave at
    /// −e times their approach speed. Box2D runs one Gauss–Seidel pass; on a two-point face the second point then
    /// undoes part of the first (a 20 pt box bounced at 92 % of the target), so a face whose two points both bounce
    /// is solved as one 2 × 2 system, and single points are solved directly.
    static func applyRestitution(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>,
        threshold: Double
    ) {
        guard let base = constraints.baseAddress else { return }
        for index in 0..<constraints.count where base[index].restitution > 0 {
            let c = base + index
            var body = SolverBodies(states + Int(c.pointee.bodyA), states + Int(c.pointee.bodyB))
            let normal = c.pointee.normal
            let e = c.pointee.restitution
            func bounces(_ cp: ConstraintPoint) -> Bool {
                cp.relativeVelocity <= -threshold && cp.maxNormalImpulse > 0
            }
            let first = bounces(c.pointee.point0)
            let second = c.pointee.pointCount > 1 && bounces(c.pointee.point1)
            if first && second {
                let p0 = c.pointee.point0
                let p1 = c.pointee.point1
                // K Δ = target − vn, K_ij = mA + mB + iA·rA_i·rA_j + iB·rB_i·rB_j (normal lever arms).
                let k11 =
                    body.mA + body.mB + body.iA * p0.normalArmA * p0.normalArmA + body.iB * p0.normalArmB
                    * p0.normalArmB
                let k22 =
                    body.mA + body.mB + body.iA * p1.normalArmA * p1.normalArmA + body.iB * p1.normalArmB
                    * p1.normalArmB
                let k12 =
                    body.mA + body.mB + body.iA * p0.normalArmA * p1.normalArmA + body.iB * p0.normalArmB
                    * p1.normalArmB
                let b0 = -e * p0.relativeVelocity - body.speed(along: normal, p0.normalArmA, p0.normalArmB)
                let b1 = -e * p1.relativeVelocity - body.speed(along: normal, p1.normalArmA, p1.normalArmB)
                let det = k11 * k22 - k12 * k12
                if det > 1e-12 * k11 * k22 {
                    let d0 = (k22 * b0 - k12 * b1) / det
                    let d1 = (k11 * b1 - k12 * b0) / det
                    if p0.normalImpulse + d0 >= 0 && p1.normalImpulse + d1 >= 0 {
                        c.pointee.point0.normalImpulse += d0
                        c.pointee.point1.normalImpulse += d1
                        body.apply(d0, along: normal, p0.normalArmA, p0.normalArmB)
                        body.apply(d1, along: normal, p1.normalArmA, p1.normalArmB)
                        body.store(states + Int(c.pointee.bodyA), states + Int(c.pointee.bodyB))
                        continue
                    }
                }
            }
            func restitute(_ cp: inout ConstraintPoint) {
                let vn = body.speed(along: normal, cp.normalArmA, cp.normalArmB)
                var impulse = -cp.normalMass * (vn + e * cp.relativeVelocity)
                let newImpulse = max(cp.normalImpulse + impulse, 0)
                impulse = newImpulse - cp.normalImpulse
                cp.normalImpulse = newImpulse
                body.apply(impulse, along: normal, cp.normalArmA, cp.normalArmB)
            }
            if first { restitute(&c.pointee.point0) }
            if second { restitute(&c.pointee.point1) }
            body.store(states + Int(c.pointee.bodyA), states + Int(c.pointee.bodyB))
        }
    }
}
