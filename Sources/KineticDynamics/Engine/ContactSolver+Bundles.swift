import KineticCore

/// The contact solver's warm-start and solve passes over ``ConstraintBundle``s: four (or eight) constraints of a
/// colour at a time, each lane doing exactly what ``ContactSolver/warmStart(_:_:)`` and ``ContactSolver/solve(_:_:inverseH:maximumPushSpeed:useBias:reversed:impactSpeed:)``
/// do for one constraint, in single precision (see ``ConstraintBundle``).
extension ContactSolver {
    typealias Lanes = ConstraintBundle.Lanes

    static func warmStart(
        bundles: UnsafeMutableBufferPointer<ConstraintBundle>, writes: UnsafePointer<ConstraintBundle.WriteMask>,
        _ mirror: UnsafeMutablePointer<BundleBody>
    ) {
        guard let base = bundles.baseAddress else { return }
        for index in 0..<bundles.count {
            let c = base + index
            let p0 = c.pointee.point0
            let p1 = c.pointee.point1
            // A bundle without impulses is skipped (as the scalar pass skips such a constraint), so that its
            // bodies' velocities are not rounded for nothing (in eight lanes, each group of four on its own). Within
            // a bundle every lane takes its impulses: a padding lane or a one-point constraint's second point holds
            // zeros, which change nothing.
            let writes = writes[index] & ConstraintBundle.warmStartMask(of: c)
            if writes == 0 { continue }
            var body = BundleBodies(c, mirror)
            let nx = c.pointee.normalX
            let ny = c.pointee.normalY
            let tx = ny
            let ty = -nx
            body.apply(p0.normalImpulse, nx, ny, p0.normalArmA, p0.normalArmB)
            body.apply(p0.tangentImpulse, tx, ty, p0.tangentArmA, p0.tangentArmB)
            body.apply(p1.normalImpulse, nx, ny, p1.normalArmA, p1.normalArmB)
            body.apply(p1.tangentImpulse, tx, ty, p1.tangentArmA, p1.tangentArmB)
            body.store(c, writes: writes, mirror)
        }
    }

    /// One solver iteration over bundles: soft with bias (`useBias`) or rigid without; `reversed` solves a
    /// two-point constraint's second point first; friction before or after the points by whether the lane's
    /// constraint took an impact faster than `impactSpeed` (see the scalar pass).
    static func solve(
        bundles: UnsafeMutableBufferPointer<ConstraintBundle>, writes: UnsafePointer<ConstraintBundle.WriteMask>,
        _ mirror: UnsafeMutablePointer<BundleBody>, inverseH: Double,
        maximumPushSpeed: Double, useBias: Bool, reversed: Bool, impactSpeed: Double
    ) {
        // One copy of the loop for each pass and order, with the flags constant in it (fewer branches, and fewer
        // values kept in registers, than one loop testing them).
        let speed = ConstraintBundle.narrow(impactSpeed)
        switch (useBias, reversed) {
        case (true, false):
            solveLoop(bundles, writes, mirror, inverseH, maximumPushSpeed, speed, useBias: true, reversed: false)
        case (true, true):
            solveLoop(bundles, writes, mirror, inverseH, maximumPushSpeed, speed, useBias: true, reversed: true)
        case (false, false):
            solveLoop(bundles, writes, mirror, inverseH, maximumPushSpeed, speed, useBias: false, reversed: false)
        case (false, true):
            solveLoop(bundles, writes, mirror, inverseH, maximumPushSpeed, speed, useBias: false, reversed: true)
        }
    }

    @inline(__always) private static func solveLoop(
        _ bundles: UnsafeMutableBufferPointer<ConstraintBundle>, _ writes: UnsafePointer<ConstraintBundle.WriteMask>,
        _ mirror: UnsafeMutablePointer<BundleBody>, _ inverseH: Double,
        _ maximumPushSpeed: Double, _ impactSpeed: Float, useBias: Bool,
        reversed: Bool
    ) {
        guard let base = bundles.baseAddress else { return }
        let inverseH = ConstraintBundle.narrow(inverseH)
        let maximumPushSpeed = ConstraintBundle.narrow(maximumPushSpeed)
        let impactSpeed = Lanes(repeating: impactSpeed)
        for index in 0..<bundles.count {
            let c = base + index
            // The points' separations first, from the bodies' motion, so that the motion is no longer live (in
            // registers) while the velocities are.
            let a = BundleBody.lanes(mirror, c.pointee.bodyA, motion: true)
            let b = BundleBody.lanes(mirror, c.pointee.bodyB, motion: true)
            let rotation = Rotations(aC: a.z, aS: a.w, bC: b.z, bS: b.w)
            let nx = c.pointee.normalX
            let ny = c.pointee.normalY
            let normalShift = (b.x - a.x) * nx + (b.y - a.y) * ny
            let s0 = separation(c.pointee.point0, normalShift, rotation)
            let s1 = separation(c.pointee.point1, normalShift, rotation)
            var body = BundleBodies(c, mirror)
            // Friction in the relax pass (as the scalar pass): before the points in the lanes that took an impact
            // earlier this step, after them in the others that take none from the points either. In a lane without a
            // normal impulse (a speculative point, a padding lane, a one-point constraint's second point) or without
            // friction its bound is 0, and it takes back any impulse left. Lanes masked out get a zero update, as
            // where the scalar pass skips one; in resting contact no lane has an impact, and no mask is applied.
            if !useBias {
                let impact = isImpact(c, impactSpeed)
                if any(impact) { solveFriction(c, &body, reversed, where: impact) }
            }
            // The softness read from the bundle where it is used, not held in registers across the points.
            if reversed {
                solveNormal(&c.pointee.point1, &body, s1, c, inverseH, maximumPushSpeed, useBias)
            }
            solveNormal(&c.pointee.point0, &body, s0, c, inverseH, maximumPushSpeed, useBias)
            if !reversed {
                solveNormal(&c.pointee.point1, &body, s1, c, inverseH, maximumPushSpeed, useBias)
            }
            if !useBias {
                let after = isImpact(c, impactSpeed)  // a lane's impacts only grow within a step
                if any(after) {
                    solveFriction(c, &body, reversed, where: .!after)
                } else {
                    solveFriction(c, &body, reversed)
                }
            }
            body.store(c, writes: writes[index], mirror)
        }
    }

    /// The lanes' rotation changes since the start of the step (cosine, sine) of bodies A and B.
    struct Rotations {
        var aC: Lanes
        var aS: Lanes
        var bC: Lanes
        var bS: Lanes
    }

    /// The current separation of a point of each lane: its separation at the start of the step, plus how far the
    /// bodies' motion since has moved its two ends apart along the normal.
    @_transparent private static func separation(
        _ cp: ConstraintBundle.LanePoint, _ normalShift: Lanes, _ q: Rotations
    ) -> Lanes {
        normalShift + (q.bC * cp.normalReachB + q.bS * cp.normalArmB) - (q.aC * cp.normalReachA + q.aS * cp.normalArmA)
            + cp.baseSeparation
    }

    @_transparent private static func solveNormal(
        _ cp: inout ConstraintBundle.LanePoint, _ body: inout BundleBodies, _ s: Lanes,
        _ c: UnsafeMutablePointer<ConstraintBundle>, _ inverseH: Float, _ maximumPushSpeed: Float, _ useBias: Bool
    ) {
        let nx = c.pointee.normalX
        let ny = c.pointee.normalY
        let speculative = s .> 0
        var bias = Lanes(repeating: 0)
        var massScale = Lanes(repeating: 1)
        var impulseScale = Lanes(repeating: 0)
        if useBias {
            let softBias = c.pointee.biasRate * s
            let limit = Lanes(repeating: -maximumPushSpeed)
            bias = softBias.replacing(with: limit, where: .!(softBias .> limit))
            massScale = c.pointee.massScale.replacing(with: 1, where: speculative)
            impulseScale = c.pointee.impulseScale.replacing(with: 0, where: speculative)
        }
        bias.replace(with: s * inverseH, where: speculative)
        let vn = body.speed(nx, ny, cp.normalArmA, cp.normalArmB)
        // The impulse's negation, added to the accumulated impulse by a subtraction: the values of adding the
        // impulse (negation is exact), but for the sign of a zero sum, which the clamp that follows makes +0.
        let negatedImpulse = cp.normalMass * massScale * (vn + bias) + impulseScale * cp.normalImpulse
        let sum = cp.normalImpulse - negatedImpulse
        let newImpulse = sum.replacing(with: 0, where: .!(sum .> 0))
        let delta = newImpulse - cp.normalImpulse
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse.replace(with: delta, where: delta .> cp.maxNormalImpulse)
        body.apply(delta, nx, ny, cp.normalArmA, cp.normalArmB)
    }

    /// The lanes whose constraint took an impact this step (``ContactSolver/isImpact(_:_:)``, lane by lane).
    @_transparent private static func isImpact(
        _ c: UnsafeMutablePointer<ConstraintBundle>, _ impactSpeed: Lanes
    ) -> SIMDMask<Lanes.MaskStorage> {
        (c.pointee.point0.maxNormalImpulse .> c.pointee.point0.normalMass * impactSpeed)
            .| (c.pointee.point1.maxNormalImpulse .> c.pointee.point1.normalMass * impactSpeed)
    }

    /// The friction of both points of every lane (second point first if `reversed`), or of the lanes of `mask` only
    /// (the others' updates zero).
    @_transparent private static func solveFriction(
        _ c: UnsafeMutablePointer<ConstraintBundle>, _ body: inout BundleBodies, _ reversed: Bool,
        where mask: SIMDMask<Lanes.MaskStorage>? = nil
    ) {
        let friction = c.pointee.friction
        let tx = c.pointee.normalY
        let ty = -c.pointee.normalX
        if reversed { solveTangent(&c.pointee.point1, &body, tx, ty, friction, mask) }
        solveTangent(&c.pointee.point0, &body, tx, ty, friction, mask)
        if !reversed { solveTangent(&c.pointee.point1, &body, tx, ty, friction, mask) }
    }

    @_transparent private static func solveTangent(
        _ cp: inout ConstraintBundle.LanePoint, _ body: inout BundleBodies, _ tx: Lanes, _ ty: Lanes,
        _ friction: Lanes, _ mask: SIMDMask<Lanes.MaskStorage>?
    ) {
        let vt = body.speed(tx, ty, cp.tangentArmA, cp.tangentArmB)
        let maxFriction = friction * cp.normalImpulse
        // Adding the impulse −(mass × speed) is subtracting mass × speed (the same bits).
        let sum = cp.tangentImpulse - cp.tangentMass * vt
        // Clamped to ±maxFriction (≥ 0) as a minimum, then a maximum, each in the form the processor's
        // instruction computes (x86's `minps`: a < b ? a : b): the same value as testing `sum` against each bound,
        // in two instructions where the tests and the selections took eight.
        let below = sum.replacing(with: maxFriction, where: maxFriction .< sum)
        var newImpulse = below.replacing(with: -maxFriction, where: -maxFriction .> below)
        if let mask { newImpulse = cp.tangentImpulse.replacing(with: newImpulse, where: mask) }
        let delta = newImpulse - cp.tangentImpulse
        cp.tangentImpulse = newImpulse
        body.apply(delta, tx, ty, cp.tangentArmA, cp.tangentArmB)
    }
}
