import KineticCore

/// Preparing a bundle straight from its contacts, four at a time: what ``ContactSolver/prepare(_:contact:states:)``
/// does for one constraint, done for four at once in double precision (`SIMD4<Double>`, the same operations in the same
/// order on each lane), then each field rounded into the lanes (``ConstraintBundle/wide(_:)``) — the bundle of the
/// scalar-prepared constraints, bit for bit, without writing the prepared constraints anywhere.
extension ConstraintBundle {
    /// One lane's contact, its impulses and the softness of its group.
    struct LaneSource {
        var contact: UnsafePointer<Contact>
        var impulses: UnsafePointer<ContactImpulses>
        var softness: Softness
    }

    /// An empty lane: a contact of the static ground with itself, without points (one record, never written).
    nonisolated(unsafe) static let paddingContact: UnsafePointer<Contact> = {
        let record = UnsafeMutablePointer<Contact>.allocate(capacity: 1)
        record.initialize(to: Contact(bodyA: 0, bodyB: 0, friction: 0, restitution: 0))
        return UnsafePointer(record)
    }()

    /// The impulses of an empty lane: zeros (one record, never written).
    nonisolated(unsafe) static let paddingImpulses: UnsafePointer<ContactImpulses> = {
        let record = UnsafeMutablePointer<ContactImpulses>.allocate(capacity: 1)
        record.initialize(to: ContactImpulses())
        return UnsafePointer(record)
    }()

    /// The lane source of a padding lane.
    static var paddingLane: LaneSource {
        LaneSource(
            contact: paddingContact, impulses: paddingImpulses,
            softness: Softness(biasRate: 0, massScale: 0, impulseScale: 0))
    }

    /// `SIMD4<Double>` of `value` read from each lane's contact.
    @inline(__always) private static func gather(
        _ l0: LaneSource, _ l1: LaneSource, _ l2: LaneSource, _ l3: LaneSource, _ value: (Contact) -> Double
    ) -> SIMD4<Double> {
        SIMD4(
            value(l0.contact.pointee), value(l1.contact.pointee), value(l2.contact.pointee), value(l3.contact.pointee))
    }

    /// Writes into lanes 4 × `group` … 4 × `group` + 3 of `bundle` (group 0 is the whole bundle of a four-lane
    /// build) the constraints of lanes `l0`…`l3` (padding lanes: ``paddingLane``), with `states` for the masses: the
    /// constraints ``ContactSolver/prepare(_:contact:states:)`` makes of these contacts, each field rounded into its
    /// lane, bit for bit.
    @inline(__always) static func prepare(
        _ l0: LaneSource, _ l1: LaneSource, _ l2: LaneSource, _ l3: LaneSource, group: Int,
        states: UnsafeMutablePointer<BodyState>, into bundle: UnsafeMutablePointer<ConstraintBundle>
    ) {
        let bodyA = SIMD4(
            l0.contact.pointee.bodyA, l1.contact.pointee.bodyA, l2.contact.pointee.bodyA, l3.contact.pointee.bodyA)
        let bodyB = SIMD4(
            l0.contact.pointee.bodyB, l1.contact.pointee.bodyB, l2.contact.pointee.bodyB, l3.contact.pointee.bodyB)
        set(&bundle.pointee.bodyA, group: group, to: bodyA)
        set(&bundle.pointee.bodyB, group: group, to: bodyB)
        let nx = gather(l0, l1, l2, l3) { $0.manifold.normal.x }
        let ny = gather(l0, l1, l2, l3) { $0.manifold.normal.y }
        set(&bundle.pointee.normalX, group: group, to: wide(nx))
        set(&bundle.pointee.normalY, group: group, to: wide(ny))
        set(&bundle.pointee.friction, group: group, to: wide(gather(l0, l1, l2, l3) { $0.friction }))
        set(
            &bundle.pointee.biasRate, group: group,
            to: wide(SIMD4(l0.softness.biasRate, l1.softness.biasRate, l2.softness.biasRate, l3.softness.biasRate)))
        set(
            &bundle.pointee.massScale, group: group,
            to: wide(
                SIMD4(l0.softness.massScale, l1.softness.massScale, l2.softness.massScale, l3.softness.massScale)))
        set(
            &bundle.pointee.impulseScale, group: group,
            to: wide(
                SIMD4(
                    l0.softness.impulseScale, l1.softness.impulseScale, l2.softness.impulseScale,
                    l3.softness.impulseScale)))
        @inline(__always) func body(_ index: SIMD4<Int32>, _ value: (BodyState) -> Double) -> SIMD4<Double> {
            SIMD4(
                value(states[Int(index[0])]), value(states[Int(index[1])]), value(states[Int(index[2])]),
                value(states[Int(index[3])]))
        }
        let mA = body(bodyA) { $0.inverseMass }
        let iA = body(bodyA) { $0.inverseInertia }
        let mB = body(bodyB) { $0.inverseMass }
        let iB = body(bodyB) { $0.inverseInertia }
        set(&bundle.pointee.massA, group: group, to: wide(mA))
        set(&bundle.pointee.inertiaA, group: group, to: wide(iA))
        set(&bundle.pointee.massB, group: group, to: wide(mB))
        set(&bundle.pointee.inertiaB, group: group, to: wide(iB))
        let counts = SIMD4<Int64>(
            Int64(l0.contact.pointee.manifold.pointCount), Int64(l1.contact.pointee.manifold.pointCount),
            Int64(l2.contact.pointee.manifold.pointCount), Int64(l3.contact.pointee.manifold.pointCount))
        let masses = Masses(mA: mA, iA: iA, mB: mB, iB: iB)
        let lanes = (l0, l1, l2, l3)
        let i0 = l0.impulses.pointee
        let i1 = l1.impulses.pointee
        let i2 = l2.impulses.pointee
        let i3 = l3.impulses.pointee
        preparePoint(
            lanes, { $0.manifold.point0 }, normalImpulses: SIMD4(i0.normal0, i1.normal0, i2.normal0, i3.normal0),
            tangentImpulses: SIMD4(i0.tangent0, i1.tangent0, i2.tangent0, i3.tangent0), nx, ny, masses,
            present: counts .> 0, group: group, into: &bundle.pointee.point0)
        preparePoint(
            lanes, { $0.manifold.point1 }, normalImpulses: SIMD4(i0.normal1, i1.normal1, i2.normal1, i3.normal1),
            tangentImpulses: SIMD4(i0.tangent1, i1.tangent1, i2.tangent1, i3.tangent1), nx, ny, masses,
            present: counts .> 1, group: group, into: &bundle.pointee.point1)
    }

    /// The four lanes' bodies' inverse masses and inertias.
    struct Masses {
        var mA: SIMD4<Double>
        var iA: SIMD4<Double>
        var mB: SIMD4<Double>
        var iB: SIMD4<Double>
    }

    /// One point of each lane, from its manifold point (anchors, separation, impulses) and the normal: where
    /// `present` is false (a padding lane, or a constraint without this point) every field is 0, as an unprepared
    /// ``ConstraintPoint`` is.
    @inline(__always) private static func preparePoint(
        _ sources: (LaneSource, LaneSource, LaneSource, LaneSource), _ manifoldPoint: (Contact) -> ManifoldPoint,
        normalImpulses: SIMD4<Double>, tangentImpulses: SIMD4<Double>, _ nx: SIMD4<Double>,
        _ ny: SIMD4<Double>, _ masses: Masses, present: SIMDMask<SIMD4<Int64>>, group: Int,
        into point: inout LanePoint
    ) {
        @inline(__always) func gather(_ value: (ManifoldPoint) -> Double) -> SIMD4<Double> {
            Self.gather(sources.0, sources.1, sources.2, sources.3) { value(manifoldPoint($0)) }
        }
        let ax = gather { $0.anchorA.x }
        let ay = gather { $0.anchorA.y }
        let bx = gather { $0.anchorB.x }
        let by = gather { $0.anchorB.y }
        @inline(__always) func set(_ field: inout Lanes, _ value: SIMD4<Double>) {
            ConstraintBundle.set(
                &field, group: group, to: wide(SIMD4<Double>(repeating: 0).replacing(with: value, where: present)))
        }
        // The tangent is the normal turned right: (ny, −nx).
        let tx = ny
        let ty = -nx
        let normalArmA = ax * ny - ay * nx
        let normalArmB = bx * ny - by * nx
        let tangentArmA = ax * ty - ay * tx
        let tangentArmB = bx * ty - by * tx
        let kNormal =
            masses.mA + masses.mB + masses.iA * normalArmA * normalArmA + masses.iB * normalArmB * normalArmB
        let kTangent =
            masses.mA + masses.mB + masses.iA * tangentArmA * tangentArmA + masses.iB * tangentArmB * tangentArmB
        let zero = SIMD4<Double>(repeating: 0)
        let one = SIMD4<Double>(repeating: 1)
        set(&point.baseSeparation, gather { $0.separation } - ((bx - ax) * nx + (by - ay) * ny))
        set(&point.normalImpulse, normalImpulses)
        set(&point.tangentImpulse, tangentImpulses)
        ConstraintBundle.set(&point.maxNormalImpulse, group: group, to: SIMD4(repeating: 0))
        set(&point.normalMass, zero.replacing(with: one / kNormal, where: kNormal .> zero))
        set(&point.tangentMass, zero.replacing(with: one / kTangent, where: kTangent .> zero))
        set(&point.normalArmA, normalArmA)
        set(&point.normalArmB, normalArmB)
        set(&point.tangentArmA, tangentArmA)
        set(&point.tangentArmB, tangentArmB)
        set(&point.normalReachA, nx * ax + ny * ay)
        set(&point.normalReachB, nx * bx + ny * by)
    }
}
