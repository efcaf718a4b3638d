import KineticCore

/// The contact solver's warm-start and solve passes over ``ConstraintBundle``s: four constraints of a colour at a
/// time, each lane doing exactly what ``ContactSolver/warmStart(_:_:)`` and ``ContactSolver/solve(_:_:inverseH:maximumPushSpeed:useBias:reversed:)``
/// do for one constraint, in single precision (see ``ConstraintBundle``).
extension ContactSolver {
    typealias Lanes = ConstraintBundle.Lanes
    typealias Mask = ConstraintBundle.Mask

    static func warmStart(
        bundles: UnsafeMutableBufferPointer<ConstraintBundle>, _ states: UnsafeMutablePointer<BodyState>,
        _ mirror: UnsafeMutablePointer<BundleBody>
    ) {
        guard let base = bundles.baseAddress else { return }
        let zero = Lanes(repeating: 0)
        for index in 0..<bundles.count {
            let c = base + index
            let p0 = c.pointee.point0
            let p1 = c.pointee.point1
            let two = c.pointee.twoPoints
            // A constraint without impulses is skipped (as in the scalar pass).
            let idle =
                (p0.normalImpulse .== zero) .& (p0.tangentImpulse .== zero)
                .& (.!two .| ((p1.normalImpulse .== zero) .& (p1.tangentImpulse .== zero)))
            let mask = c.pointee.active .& .!idle
            if !any(mask) { continue }
            var body = BundleBodies(c, mirror)
            let nx = c.pointee.normalX
            let ny = c.pointee.normalY
            let tx = ny
            let ty = -nx
            body.apply(p0.normalImpulse, nx, ny, p0.normalArmA, p0.normalArmB, where: mask)
            body.apply(p0.tangentImpulse, tx, ty, p0.tangentArmA, p0.tangentArmB, where: mask)
            let second = mask .& two
            body.apply(p1.normalImpulse, nx, ny, p1.normalArmA, p1.normalArmB, where: second)
            body.apply(p1.tangentImpulse, tx, ty, p1.tangentArmA, p1.tangentArmB, where: second)
            body.store(c, states, mirror)
        }
    }

    /// One solver iteration over bundles: soft with bias (`useBias`) or rigid without; `reversed` solves a
    /// two-point constraint's second point first (see the scalar pass).
    static func solve(
        bundles: UnsafeMutableBufferPointer<ConstraintBundle>, _ states: UnsafeMutablePointer<BodyState>,
        _ mirror: UnsafeMutablePointer<BundleBody>, inverseH: Double, maximumPushSpeed: Double, useBias: Bool,
        reversed: Bool
    ) {
        guard let base = bundles.baseAddress else { return }
        let zero = Lanes(repeating: 0)
        let inverseH = ConstraintBundle.narrow(inverseH)
        let maximumPushSpeed = ConstraintBundle.narrow(maximumPushSpeed)
        for index in 0..<bundles.count {
            let c = base + index
            var body = BundleBodies(c, mirror)
            let a = BundleBody.lanes(mirror, c.pointee.bodyA, motion: true)
            let b = BundleBody.lanes(mirror, c.pointee.bodyB, motion: true)
            let dpAx = a.x
            let dpAy = a.y
            let dpBx = b.x
            let dpBy = b.y
            let rotation = Rotations(aC: a.z, aS: a.w, bC: b.z, bS: b.w)
            let nx = c.pointee.normalX
            let ny = c.pointee.normalY
            let normalShift = (dpBx - dpAx) * nx + (dpBy - dpAy) * ny
            var soft = Soft(biasRate: zero, massScale: Lanes(repeating: 1), impulseScale: zero)
            if useBias {
                soft = Soft(
                    biasRate: c.pointee.biasRate, massScale: c.pointee.massScale,
                    impulseScale: c.pointee.impulseScale)
            }
            let active = c.pointee.active
            let two = c.pointee.twoPoints
            if reversed {
                solveNormal(
                    &c.pointee.point1, &body, normalShift, rotation, nx, ny, soft, inverseH, maximumPushSpeed,
                    useBias, two)
            }
            solveNormal(
                &c.pointee.point0, &body, normalShift, rotation, nx, ny, soft, inverseH, maximumPushSpeed, useBias,
                active)
            if !reversed {
                solveNormal(
                    &c.pointee.point1, &body, normalShift, rotation, nx, ny, soft, inverseH, maximumPushSpeed,
                    useBias, two)
            }
            let friction = c.pointee.friction
            // With no normal impulse and no friction impulse, friction has nothing to do (speculative points).
            let p0 = c.pointee.point0
            let p1 = c.pointee.point1
            let loaded =
                (p0.normalImpulse .!= zero) .| (p0.tangentImpulse .!= zero)
                .| (two .& ((p1.normalImpulse .!= zero) .| (p1.tangentImpulse .!= zero)))
            let rubs = active .& (friction .> zero) .& loaded
            if any(rubs) {
                let tx = ny
                let ty = -nx
                let second = rubs .& two
                if reversed { solveTangent(&c.pointee.point1, &body, tx, ty, friction, second) }
                solveTangent(&c.pointee.point0, &body, tx, ty, friction, rubs)
                if !reversed { solveTangent(&c.pointee.point1, &body, tx, ty, friction, second) }
            }
            body.store(c, states, mirror)
        }
    }

    /// The lanes' rotation changes since the start of the step (cosine, sine) of bodies A and B.
    struct Rotations {
        var aC: Lanes
        var aS: Lanes
        var bC: Lanes
        var bS: Lanes
    }

    /// The lanes' softness coefficients (``Softness``).
    struct Soft {
        var biasRate: Lanes
        var massScale: Lanes
        var impulseScale: Lanes
    }

    @_transparent private static func solveNormal(
        _ cp: inout ConstraintBundle.LanePoint, _ body: inout BundleBodies, _ normalShift: Lanes,
        _ q: Rotations, _ nx: Lanes, _ ny: Lanes, _ soft: Soft, _ inverseH: Float, _ maximumPushSpeed: Float,
        _ useBias: Bool, _ mask: Mask
    ) {
        let s =
            normalShift + (q.bC * cp.normalReachB + q.bS * cp.normalArmB)
            - (q.aC * cp.normalReachA + q.aS * cp.normalArmA)
            + cp.baseSeparation
        let speculative = s .> 0
        var bias = Lanes(repeating: 0)
        var massScale = Lanes(repeating: 1)
        var impulseScale = Lanes(repeating: 0)
        if useBias {
            let softBias = soft.biasRate * s
            let limit = Lanes(repeating: -maximumPushSpeed)
            bias = softBias.replacing(with: limit, where: .!(softBias .> limit))
            massScale = soft.massScale.replacing(with: 1, where: speculative)
            impulseScale = soft.impulseScale.replacing(with: 0, where: speculative)
        }
        bias.replace(with: s * inverseH, where: speculative)
        let vn = body.speed(nx, ny, cp.normalArmA, cp.normalArmB)
        let impulse = (-cp.normalMass) * massScale * (vn + bias) - impulseScale * cp.normalImpulse
        let sum = cp.normalImpulse + impulse
        let newImpulse = sum.replacing(with: 0, where: .!(sum .> 0))
        let delta = newImpulse - cp.normalImpulse
        let applies = mask .& (delta .!= 0)
        if !any(applies) { return }
        cp.normalImpulse.replace(with: newImpulse, where: applies)
        cp.maxNormalImpulse.replace(with: delta, where: applies .& (delta .> cp.maxNormalImpulse))
        body.apply(delta, nx, ny, cp.normalArmA, cp.normalArmB, where: applies)
    }

    @_transparent private static func solveTangent(
        _ cp: inout ConstraintBundle.LanePoint, _ body: inout BundleBodies, _ tx: Lanes, _ ty: Lanes,
        _ friction: Lanes, _ mask: Mask
    ) {
        let vt = body.speed(tx, ty, cp.tangentArmA, cp.tangentArmB)
        let impulse = (-cp.tangentMass) * vt
        let maxFriction = friction * cp.normalImpulse
        let sum = cp.tangentImpulse + impulse
        var newImpulse = sum.replacing(with: -maxFriction, where: sum .< -maxFriction)
        newImpulse.replace(with: maxFriction, where: sum .> maxFriction)
        let delta = newImpulse - cp.tangentImpulse
        let applies = mask .& (delta .!= 0)
        if !any(applies) { return }
        cp.tangentImpulse.replace(with: newImpulse, where: applies)
        body.apply(delta, tx, ty, cp.tangentArmA, cp.tangentArmB, where: applies)
    }
}
