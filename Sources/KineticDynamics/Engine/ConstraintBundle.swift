import KineticCore

/// Four contact constraints of one colour (``width``; eight in a `KINETIC_LANES8` build) laid out side by side
/// (struct of arrays, one SIMD lane each), so that the solver's passes work on four constraints at a time — Box2D
/// v3's wide contact constraints, and like them in single precision: four floats fill one 128-bit register (SSE2,
/// NEON), eight a 256-bit one (AVX), so each operation handles the lanes at once, where four doubles take two. The bodies' velocities and the step's position changes stay doubles in
/// ``BodyState``; a bundle reads them rounded to floats and writes the velocities of all its dynamic bodies back
/// widened (so a body of a lane whose constraint did nothing still has its velocity rounded to a float), and the
/// accumulated impulses it keeps for warm starting are floats widened. The constraints of a colour share no
/// dynamic body, so the lanes never touch the same body, and which bundle a constraint is in depends only on
/// the colouring, never on the thread count: the results are the same bits on any number of threads. Each lane
/// does the arithmetic of the scalar solver (``ContactSolver``) in its order (no fused multiply–add, no
/// reassociation) in single precision, on every lane without masks or branches (as Box2D's wide solver): where the
/// scalar code skips an update, the lane's update is zero. Constraints in an overflow colour and the restitution
/// pass use the scalar solver, in double precision. A bundle with fewer than ``width`` constraints fills its other
/// lanes with body 0 (the static ground), which are never written back.
struct ConstraintBundle: Sendable {
    #if KINETIC_LANES8
        // Eight lanes (a 256-bit AVX register of floats), for builds for processors that have them:
        // `-Xswiftc -DKINETIC_LANES8 -Xswiftc -target-cpu -Xswiftc haswell`. Each constraint's arithmetic is the
        // same in either width, and which bodies a bundle writes back is worked out per group of four lanes: the
        // same bits as four lanes (docs/ARCHITECTURE.md).
        typealias Lanes = SIMD8<Float>
        typealias LaneIndices = SIMD8<Int32>
        /// Bit k: the body A of lane k is written back; bit `width` + k: its body B.
        typealias WriteMask = UInt16
    #else
        typealias Lanes = SIMD4<Float>
        typealias LaneIndices = SIMD4<Int32>
        /// Bit k: the body A of lane k is written back; bit `width` + k: its body B.
        typealias WriteMask = UInt8
    #endif

    /// How many constraints a bundle holds: 4 (8 in a `KINETIC_LANES8` build).
    static let width = Lanes.scalarCount

    /// Sets group `group` of four lanes of `lanes` (0: lanes 0…3; 1: lanes 4…7 of an eight-lane build) to `value`.
    /// A four-lane build assigns the whole vector; an eight-lane one stores into the group's 16 bytes (assigning
    /// `lowHalf` or `highHalf` of a bundle's field rebuilt it lane by lane). Two overloads, floats and indices:
    /// the generic form cost the four-lane prepare 5 % more instructions.
    @inline(__always) static func set(_ lanes: inout Lanes, group: Int, to value: SIMD4<Float>) {
        #if KINETIC_LANES8
            withUnsafeMutableBytes(of: &lanes) {
                $0.storeBytes(of: value, toByteOffset: 16 * group, as: SIMD4<Float>.self)
            }
        #else
            lanes = value
        #endif
    }

    /// Sets group `group` of four lanes of `indices` to `value` (as the lanes' overload).
    @inline(__always) static func set(_ indices: inout LaneIndices, group: Int, to value: SIMD4<Int32>) {
        #if KINETIC_LANES8
            withUnsafeMutableBytes(of: &indices) {
                $0.storeBytes(of: value, toByteOffset: 16 * group, as: SIMD4<Int32>.self)
            }
        #else
            indices = value
        #endif
    }

    /// Four lanes of `v`, each rounded to the nearest float, and kept within a float's range (a mass or stiffness
    /// of extreme settings becomes the largest float rather than infinity): for what a bundle holds for the step.
    @inline(__always) static func wide(_ v: SIMD4<Double>) -> SIMD4<Float> {
        // Rounded first (a double beyond a float's range becomes ±infinity, NaN stays NaN), then clamped in
        // single precision: the same results as clamping the doubles, in half the work. Written out rather than
        // `clamped(lowerBound:upperBound:)` so that it is inlined (the standard library's generic `pointwiseMin`
        // and `pointwiseMax` were calls, 4 % of a step); NaN becomes the lower bound, as `Double.maximum` makes it.
        let value = SIMD4<Float>(v)
        let raised = (-floatLanes).replacing(with: value, where: value .> -floatLanes)
        return raised.replacing(with: floatLanes, where: raised .> floatLanes)
    }

    /// The largest float, as a double and in four lanes, and a double narrowed to a float within ±that.
    static let floatLimit = Double(Float.greatestFiniteMagnitude)
    static let floatLanes = SIMD4<Float>(repeating: .greatestFiniteMagnitude)
    @inline(__always) static func narrow(_ value: Double) -> Float {
        Float(min(max(value, -floatLimit), floatLimit))
    }

    /// One contact point of each lane (``ConstraintPoint``'s fields, lane by lane).
    struct LanePoint: Sendable {
        var baseSeparation = Lanes()
        var normalImpulse = Lanes()
        var tangentImpulse = Lanes()
        var maxNormalImpulse = Lanes()
        var normalMass = Lanes()
        var tangentMass = Lanes()
        var normalArmA = Lanes()
        var normalArmB = Lanes()
        var tangentArmA = Lanes()
        var tangentArmB = Lanes()
        var normalReachA = Lanes()
        var normalReachB = Lanes()
    }

    var bodyA = LaneIndices()
    var bodyB = LaneIndices()
    var normalX = Lanes()
    var normalY = Lanes()
    var friction = Lanes()
    var biasRate = Lanes()
    var massScale = Lanes()
    var impulseScale = Lanes()
    /// The bodies' inverse masses and inertias (as in ``BodyState``).
    var massA = Lanes()
    var inertiaA = Lanes()
    var massB = Lanes()
    var inertiaB = Lanes()
    var point0 = LanePoint()
    var point1 = LanePoint()

    /// Writes the accumulated impulses back to the constraints the bundle was made from.
    func unpack(into constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        for lane in 0..<min(constraints.count, Self.width) {
            constraints[lane].point0.normalImpulse = Double(point0.normalImpulse[lane])
            constraints[lane].point0.tangentImpulse = Double(point0.tangentImpulse[lane])
            constraints[lane].point0.maxNormalImpulse = Double(point0.maxNormalImpulse[lane])
            if constraints[lane].pointCount > 1 {
                constraints[lane].point1.normalImpulse = Double(point1.normalImpulse[lane])
                constraints[lane].point1.tangentImpulse = Double(point1.tangentImpulse[lane])
                constraints[lane].point1.maxNormalImpulse = Double(point1.maxNormalImpulse[lane])
            }
        }
    }
}

extension ConstraintBundle {
    /// Which lanes' bodies `bundle` writes back (``BundleBodies/store(_:writes:_:)``): bit k for body A of lane k,
    /// bit ``width`` + k for its body B, set where the body has an inverse mass or inertia (a static body's velocity
    /// cannot change). Worked out once a step, when the bundle is prepared, rather than at each of its twelve or
    /// more stores. Read through the pointer: a copy of the bundle is 576 bytes (1,152 with eight lanes).
    @inline(__always) static func writeMask(of bundle: UnsafePointer<ConstraintBundle>) -> WriteMask {
        let zero = Lanes(repeating: 0)
        let movesA = (bundle.pointee.massA .!= zero) .| (bundle.pointee.inertiaA .!= zero)
        let movesB = (bundle.pointee.massB .!= zero) .| (bundle.pointee.inertiaB .!= zero)
        var mask: WriteMask = 0
        for lane in 0..<width {
            if movesA[lane] { mask |= 1 << WriteMask(lane) }
            if movesB[lane] { mask |= 1 << WriteMask(width + lane) }
        }
        return mask
    }

    /// The lanes whose bodies the warm start writes back: those of each group of four lanes (a bundle of a
    /// four-lane build) with an impulse to apply — a four-lane build skips a bundle without one, so that its
    /// bodies' velocities are not rounded for nothing, and an eight-lane build leaves such a group's bodies alone
    /// just the same.
    @inline(__always) static func warmStartMask(of bundle: UnsafePointer<ConstraintBundle>) -> WriteMask {
        let p0 = bundle.pointee.point0
        let p1 = bundle.pointee.point1
        #if KINETIC_LANES8
            let low = loaded(
                p0.normalImpulse.lowHalf, p0.tangentImpulse.lowHalf, p1.normalImpulse.lowHalf,
                p1.tangentImpulse.lowHalf)
            let high = loaded(
                p0.normalImpulse.highHalf, p0.tangentImpulse.highHalf, p1.normalImpulse.highHalf,
                p1.tangentImpulse.highHalf)
            return (low ? 0x0F0F : 0) | (high ? 0xF0F0 : 0)
        #else
            return loaded(p0.normalImpulse, p0.tangentImpulse, p1.normalImpulse, p1.tangentImpulse) ? .max : 0
        #endif
    }

    /// Whether any of four lanes' impulses is not zero.
    @inline(__always) private static func loaded(
        _ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, _ d: SIMD4<Float>
    ) -> Bool {
        let zero = SIMD4<Float>(repeating: 0)
        return any((a .!= zero) .| (b .!= zero) .| (c .!= zero) .| (d .!= zero))
    }
}

/// A body's solver state as the bundles read it: its velocity and its motion since the start of the step, each
/// value the body's ``BodyState`` rounded to the nearest float, in 32 bytes (two 128-bit vectors) — so that a
/// bundle gathers its bodies with eight vector loads where it converted fifty-six doubles. Every stage that changes
/// a ``BodyState`` during the solve writes this record too (integration, the scalar solver's colours, joints), so a
/// bundle reads exactly the floats it would have rounded; a bundle writes only the record, marking it newer than
/// the state in the velocity's fourth lane, and a stage that reads the state first widens the record into it
/// (``SolverStages``) — the double a bundle would have written. The results are the same bits as with states alone.
struct BundleBody: Sendable {
    /// Velocity x and y (pt/s), angular velocity (rad/s), and a mark: 1 when a bundle wrote the velocity here only
    /// (the state is stale until a stage widens this into it, ``isNewerThanState``), else 0.
    var velocity = SIMD4<Float>()
    /// Position change x and y (pt) and rotation change (cosine, sine) since the start of the step.
    var motion = SIMD4<Float>(0, 0, 1, 0)

    /// The record of `state`.
    @inline(__always) init(_ state: BodyState) {
        velocity = SIMD4<Float>(
            SIMD4<Double>(state.velocity.x, state.velocity.y, state.angularVelocity, 0))
        motion = SIMD4<Float>(
            SIMD4<Double>(
                state.deltaPosition.x, state.deltaPosition.y, state.deltaRotation.c, state.deltaRotation.s))
    }

    /// The velocity vectors (or, with `motion`, the motion vectors) of the records of bodies `index`, transposed:
    /// lane k of `x` is body `index[k]`'s x, and so on.
    @inline(__always) static func lanes(
        _ mirror: UnsafeMutablePointer<BundleBody>, _ index: ConstraintBundle.LaneIndices, motion: Bool
    ) -> (
        x: ConstraintBundle.Lanes, y: ConstraintBundle.Lanes, z: ConstraintBundle.Lanes, w: ConstraintBundle.Lanes
    ) {
        #if KINETIC_LANES8
            let low = lanes4(mirror, index.lowHalf, motion: motion)
            let high = lanes4(mirror, index.highHalf, motion: motion)
            return (
                SIMD8(lowHalf: low.x, highHalf: high.x), SIMD8(lowHalf: low.y, highHalf: high.y),
                SIMD8(lowHalf: low.z, highHalf: high.z), SIMD8(lowHalf: low.w, highHalf: high.w)
            )
        #else
            return lanes4(mirror, index, motion: motion)
        #endif
    }

    /// ``lanes(_:_:motion:)`` of four bodies.
    @inline(__always) private static func lanes4(
        _ mirror: UnsafeMutablePointer<BundleBody>, _ index: SIMD4<Int32>, motion: Bool
    ) -> (x: SIMD4<Float>, y: SIMD4<Float>, z: SIMD4<Float>, w: SIMD4<Float>) {
        let r0 = mirror + Int(index[0])
        let r1 = mirror + Int(index[1])
        let r2 = mirror + Int(index[2])
        let r3 = mirror + Int(index[3])
        let v0 = motion ? r0.pointee.motion : r0.pointee.velocity
        let v1 = motion ? r1.pointee.motion : r1.pointee.velocity
        let v2 = motion ? r2.pointee.motion : r2.pointee.velocity
        let v3 = motion ? r3.pointee.motion : r3.pointee.velocity
        return (
            SIMD4(v0.x, v1.x, v2.x, v3.x), SIMD4(v0.y, v1.y, v2.y, v3.y), SIMD4(v0.z, v1.z, v2.z, v3.z),
            SIMD4(v0.w, v1.w, v2.w, v3.w)
        )
    }

    /// Whether a bundle wrote the velocity after the state was last written or widened from it.
    @inline(__always) var isNewerThanState: Bool { velocity[3] != 0 }

    /// Rounds `state`'s velocity into the record (unmarked: the record and the state agree).
    @inline(__always) mutating func updateVelocity(_ state: BodyState) {
        velocity = SIMD4<Float>(SIMD4<Double>(state.velocity.x, state.velocity.y, state.angularVelocity, 0))
    }
}

/// The velocities of a bundle's bodies, lane by lane, while the bundle is solved.
struct BundleBodies {
    typealias Lanes = ConstraintBundle.Lanes

    var vAx: Lanes
    var vAy: Lanes
    var wA: Lanes
    var vBx: Lanes
    var vBy: Lanes
    var wB: Lanes
    /// The bundle, whose inverse masses and inertias `apply` reads where it uses them (kept in registers, they were
    /// four of the sixteen the solve loop needs, and its values spilled to the stack).
    let bundle: UnsafeMutablePointer<ConstraintBundle>

    @inline(__always) init(_ bundle: UnsafeMutablePointer<ConstraintBundle>, _ mirror: UnsafeMutablePointer<BundleBody>)
    {
        let a = BundleBody.lanes(mirror, bundle.pointee.bodyA, motion: false)
        let b = BundleBody.lanes(mirror, bundle.pointee.bodyB, motion: false)
        vAx = a.x
        vAy = a.y
        wA = a.z
        vBx = b.x
        vBy = b.y
        wB = b.z
        self.bundle = bundle
    }

    /// Writes the velocities back, lane by lane, to the records of the bodies `writes` names
    /// (``ConstraintBundle/writeMask(of:)``), each marked newer than its state in the same store
    /// (``BundleBody/isNewerThanState``: the solver's stages widen the record into the state before they read it).
    /// Static bodies (no inverse mass or inertia; the padding lanes' ground body among them) are left alone: their
    /// velocity cannot have changed. Never inlined: where the compiler saw the lanes taken apart here, it did the
    /// whole bundle's arithmetic lane by lane (scalar multiplies and shuffles; callgrind: the warm start took three
    /// times the instructions).
    @inline(never) func store(
        _ bundle: UnsafeMutablePointer<ConstraintBundle>, writes: ConstraintBundle.WriteMask,
        _ mirror: UnsafeMutablePointer<BundleBody>
    ) {
        #if KINETIC_LANES8
            Self.store4(
                vAx.lowHalf, vAy.lowHalf, wA.lowHalf, vBx.lowHalf, vBy.lowHalf, wB.lowHalf, bundle, group: 0,
                writes: UInt8(truncatingIfNeeded: writes & 0x0F | (writes >> 4) & 0xF0), mirror)
            Self.store4(
                vAx.highHalf, vAy.highHalf, wA.highHalf, vBx.highHalf, vBy.highHalf, wB.highHalf, bundle, group: 1,
                writes: UInt8(truncatingIfNeeded: (writes >> 4) & 0x0F | (writes >> 8) & 0xF0), mirror)
        #else
            Self.store4(vAx, vAy, wA, vBx, vBy, wB, bundle, group: 0, writes: writes, mirror)
        #endif
    }

    /// ``store(_:writes:_:)`` of lanes 4 × `group` … 4 × `group` + 3: bit k of `writes` for body A of lane
    /// 4 × `group` + k, bit 4 + k for its body B.
    @inline(__always) private static func store4(
        _ vAx: SIMD4<Float>, _ vAy: SIMD4<Float>, _ wA: SIMD4<Float>, _ vBx: SIMD4<Float>, _ vBy: SIMD4<Float>,
        _ wB: SIMD4<Float>, _ bundle: UnsafeMutablePointer<ConstraintBundle>, group: Int, writes: UInt8,
        _ mirror: UnsafeMutablePointer<BundleBody>
    ) {
        // Lane by lane with constant indices (a loop over the lanes extracted each value through memory); the
        // bodies' indices read from the bundle where they are written.
        let (a0, a1, a2, a3) = Self.rows(vAx, vAy, wA)
        let (b0, b1, b2, b3) = Self.rows(vBx, vBy, wB)
        let first = 4 * group
        if writes & 0x01 != 0 { Self.write(a0, to: bundle.pointee.bodyA[first], mirror) }
        if writes & 0x10 != 0 { Self.write(b0, to: bundle.pointee.bodyB[first], mirror) }
        if writes & 0x02 != 0 { Self.write(a1, to: bundle.pointee.bodyA[first + 1], mirror) }
        if writes & 0x20 != 0 { Self.write(b1, to: bundle.pointee.bodyB[first + 1], mirror) }
        if writes & 0x04 != 0 { Self.write(a2, to: bundle.pointee.bodyA[first + 2], mirror) }
        if writes & 0x40 != 0 { Self.write(b2, to: bundle.pointee.bodyB[first + 2], mirror) }
        if writes & 0x08 != 0 { Self.write(a3, to: bundle.pointee.bodyA[first + 3], mirror) }
        if writes & 0x80 != 0 { Self.write(b3, to: bundle.pointee.bodyB[first + 3], mirror) }
    }

    /// The lanes' (x, y, w, 1) rows of three lane vectors: the transpose of `BundleBody.lanes`, with the mark of a
    /// velocity newer than the state (``BundleBody/velocity``).
    @inline(__always) private static func rows(_ x: SIMD4<Float>, _ y: SIMD4<Float>, _ w: SIMD4<Float>) -> (
        SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>
    ) {
        typealias Lanes = SIMD4<Float>
        // Whole-vector shuffles: (x0, y0, x1, y1), (x2, y2, x3, y3), (w0, 1, w1, 1), (w2, 1, w3, 1), then their
        // halves.
        var xy01 = Lanes()
        xy01.evenHalf = x.lowHalf
        xy01.oddHalf = y.lowHalf
        var xy23 = Lanes()
        xy23.evenHalf = x.highHalf
        xy23.oddHalf = y.highHalf
        let mark = SIMD2<Float>(repeating: 1)
        var w01 = Lanes()
        w01.evenHalf = w.lowHalf
        w01.oddHalf = mark
        var w23 = Lanes()
        w23.evenHalf = w.highHalf
        w23.oddHalf = mark
        return (
            Lanes(lowHalf: xy01.lowHalf, highHalf: w01.lowHalf), Lanes(lowHalf: xy01.highHalf, highHalf: w01.highHalf),
            Lanes(lowHalf: xy23.lowHalf, highHalf: w23.lowHalf), Lanes(lowHalf: xy23.highHalf, highHalf: w23.highHalf)
        )
    }

    /// Writes one body's velocity row (x, y, w, 1) to its record.
    @inline(__always) private static func write(
        _ row: SIMD4<Float>, to body: Int32, _ mirror: UnsafeMutablePointer<BundleBody>
    ) {
        mirror[Int(body)].velocity = row
    }

    /// The relative velocity along (`dx`, `dy`) at points with lever arms `armA`, `armB`.
    @_transparent func speed(_ dx: Lanes, _ dy: Lanes, _ armA: Lanes, _ armB: Lanes) -> Lanes {
        ((vBx - vAx) * dx + (vBy - vAy) * dy) + wB * armB - wA * armA
    }

    /// Applies `impulse` along (`dx`, `dy`) at points with lever arms `armA`, `armB`, in every lane (a lane with
    /// nothing to apply has a zero impulse).
    @_transparent mutating func apply(_ impulse: Lanes, _ dx: Lanes, _ dy: Lanes, _ armA: Lanes, _ armB: Lanes) {
        let mA = bundle.pointee.massA
        let iA = bundle.pointee.inertiaA
        let mB = bundle.pointee.massB
        let iB = bundle.pointee.inertiaB
        // Body A's change subtracted rather than its negation added (the same bits: negation is exact).
        let sA = mA * impulse
        let sB = mB * impulse
        vAx = vAx - sA * dx
        vAy = vAy - sA * dy
        wA = wA - iA * impulse * armA
        vBx = vBx + sB * dx
        vBy = vBy + sB * dy
        wB = wB + iB * impulse * armB
    }
}
