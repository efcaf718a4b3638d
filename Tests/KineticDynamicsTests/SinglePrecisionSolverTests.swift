import KineticCore
import KineticFixtures
import XCTest

@testable import KineticDynamics

/// The solver's bundles work in single precision (`ConstraintBundle`): what they hold for a step must stay within
/// a float's range however extreme the masses and settings, and a heavy stack must still rest.
final class SinglePrecisionSolverTests: XCTestCase {
    /// A stack of two boxes whose masses span 14 orders of magnitude (10⁴ × 10⁴ pt at density 10⁶, the scene
    /// format's largest density, on 1 × 1 pt at its smallest, 10⁻⁴) rests on the floor, every number finite, sunk
    /// at most a couple of slops.
    func testAStackOfExtremeMassesRests() throws {
        var settings = PhysicsSettings()
        settings.threadCount = 1
        let world = PhysicsWorld(settings: settings)
        var floor = BodyDefinition(shape: .box(width: 40_000, height: 100), position: Point(x: 0, y: 50))
        floor.kind = .static
        try world.addBody(floor)
        var heavy = BodyDefinition(shape: .box(width: 10_000, height: 10_000), position: Point(x: 0, y: -5_000))
        heavy.density = 1_000_000
        var light = BodyDefinition(shape: .box(width: 1, height: 1), position: Point(x: 0, y: -10_000.5))
        light.density = 0.0001
        let heavyID = try world.addBody(heavy)
        let lightID = try world.addBody(light)
        world.step(count: 240)
        for id in [heavyID, lightID] {
            let p = try world.position(of: id)
            let v = try world.velocity(of: id)
            XCTAssertTrue(p.x.isFinite && p.y.isFinite && v.x.isFinite && v.y.isFinite, "\(p) \(v)")
        }
        // The heavy box's bottom face rests on the floor's top (y = 0) within two slops.
        XCTAssertEqual(try world.position(of: heavyID).y, -5_000, accuracy: 2 * settings.linearSlop)
        XCTAssertLessThan(abs(try world.velocity(of: heavyID).y), settings.sleepThreshold)
        // The light box stays on top of it.
        XCTAssertEqual(try world.position(of: lightID).y, -10_000.5, accuracy: 2 * settings.linearSlop)
    }

    /// Settings far outside a float's range (a step of 10⁻⁴⁵ s makes the inverse substep 4·10⁴⁵ /s; a push-out
    /// speed and a speed limit of 10³⁰⁰) and a body turning at 10³⁹ rad/s: the solver narrows what it holds to
    /// the largest float and caps speeds at 10¹⁵, so a box resting on the floor stays finite.
    func testSettingsBeyondAFloatStayFinite() throws {
        var settings = PhysicsSettings()
        settings.timeStep = 1e-45
        settings.maximumContactPushSpeed = 1e300
        settings.maximumLinearSpeed = 1e300
        let world = PhysicsWorld(settings: settings)
        var floor = BodyDefinition(shape: .box(width: 400, height: 100), position: Point(x: 0, y: 50))
        floor.kind = .static
        try world.addBody(floor)
        let box = try world.addBody(
            BodyDefinition(shape: .box(width: 20, height: 20), position: Point(x: 0, y: -9.9)))
        world.step(count: 20)
        let p = try world.position(of: box)
        XCTAssertTrue(p.x.isFinite && p.y.isFinite, "\(p)")
        XCTAssertEqual(p.y, -9.9, accuracy: 0.2)
        try world.setVelocity(of: box, Point(x: 1e39, y: 0), angularVelocity: 1e39)
        world.step(count: 4)
        let q = try world.position(of: box)
        let v = try world.velocity(of: box)
        let w = try world.angularVelocity(of: box)
        XCTAssertTrue(q.x.isFinite && q.y.isFinite && v.x.isFinite && v.y.isFinite && w.isFinite, "\(q) \(v) \(w)")
        XCTAssertEqual(ConstraintBundle.narrow(.infinity), .greatestFiniteMagnitude)
        XCTAssertEqual(ConstraintBundle.narrow(-1e300), -.greatestFiniteMagnitude)
        XCTAssertEqual(
            ConstraintBundle.wide(SIMD4(1e300, -1e300, 1, 0)),
            [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, 0])
        // NaN and −∞ become the lower bound; a double just above the largest float rounds to it; one below the
        // smallest subnormal float to 0.
        let edges = ConstraintBundle.wide(SIMD4(.nan, 3.4028235e38, -.infinity, 1e-46))
        XCTAssertEqual(edges, [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0])
    }

    /// A bundle prepared straight from its contacts in double-precision lanes (``ConstraintBundle/prepare``) is,
    /// byte for byte, the constraints the scalar ``ContactSolver/prepare`` makes of them, rounded lane by lane:
    /// the contacts of a settling pile of mixed boxes (one- and two-point manifolds, masses of every size), in
    /// groups of one to the bundle width (padding lanes), with both softnesses.
    func testBundlesPreparedInLanesAreThoseOfTheScalarPrepare() throws {
        let scene = try ReferenceScenes.pile(
            count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80, settings: PhysicsSettings())
        let world = scene.world
        var compared = 0
        var impulsesSeen = 0
        for _ in 0..<6 {
            world.step(count: 20)
            let touching = world.contacts.indices.filter { world.contacts[$0].manifold.pointCount > 0 }
            XCTAssertGreaterThan(touching.count, 20)
            if world.contactImpulses.contains(where: { $0.normal0 > 0 }) { impulsesSeen += 1 }
            let soft = Softness(hertz: 30, zeta: 10, h: 1.0 / 240)
            let rigid = Softness(hertz: 60, zeta: 10, h: 1.0 / 240)
            var start = 0
            var size = 1
            while start < touching.count {
                let group = Array(touching[start..<min(start + size, touching.count)])
                world.contacts.withUnsafeBufferPointer { contacts in
                    world.states.withUnsafeMutableBufferPointer { states in
                        let impulses = world.contactImpulses
                        impulses.withUnsafeBufferPointer { impulseBuffer in
                            guard let contactBase = contacts.baseAddress, let stateBase = states.baseAddress,
                                let impulseBase = impulseBuffer.baseAddress
                            else { return }
                            let prepared = group.enumerated().map { lane, c -> ContactConstraint in
                                var constraint = ContactConstraint(
                                    bodyA: contacts[c].bodyA, bodyB: contacts[c].bodyB, contact: Int32(c),
                                    normal: .zero,
                                    friction: contacts[c].friction, restitution: contacts[c].restitution,
                                    softness: lane % 2 == 0 ? soft : rigid, pointCount: 0)
                                ContactSolver.prepare(
                                    &constraint, contact: contactBase + c, impulses: world.contactImpulses[c],
                                    states: stateBase)
                                return constraint
                            }
                            var packed = Self.packed(prepared, states: stateBase)
                            var lanes = ConstraintBundle()
                            let sources = (0..<ConstraintBundle.width).map { lane -> ConstraintBundle.LaneSource in
                                lane < group.count
                                    ? ConstraintBundle.LaneSource(
                                        contact: contactBase + group[lane], impulses: impulseBase + group[lane],
                                        softness: lane % 2 == 0 ? soft : rigid)
                                    : ConstraintBundle.paddingLane
                            }
                            for g in 0..<(ConstraintBundle.width / 4) {
                                ConstraintBundle.prepare(
                                    sources[4 * g], sources[4 * g + 1], sources[4 * g + 2], sources[4 * g + 3],
                                    group: g,
                                    states: stateBase, into: &lanes)
                            }
                            let same = withUnsafeBytes(of: &packed) { a in
                                withUnsafeBytes(of: &lanes) { b in a.elementsEqual(b) }
                            }
                            XCTAssertTrue(same, "contacts \(group)")
                        }
                    }
                }
                compared += group.count
                start += size
                size = size % ConstraintBundle.width + 1
            }
        }
        XCTAssertGreaterThan(compared, 150)
        XCTAssertGreaterThan(impulsesSeen, 1, "rounds with warm-start impulses to prepare")
    }

    /// The reference: the bundle of 1…width scalar-prepared constraints, each field of each lane rounded by
    /// ``ConstraintBundle/wide(_:)``; padding lanes are the static ground (body 0) with zeros.
    private static func packed(
        _ constraints: [ContactConstraint], states: UnsafeMutablePointer<BodyState>
    ) -> ConstraintBundle {
        let padding = ContactConstraint(
            bodyA: 0, bodyB: 0, contact: 0, normal: .zero, friction: 0, restitution: 0,
            softness: Softness(biasRate: 0, massScale: 0, impulseScale: 0), pointCount: 0)
        let lanes = (0..<ConstraintBundle.width).map { $0 < constraints.count ? constraints[$0] : padding }
        func wide(_ value: (ContactConstraint) -> Double) -> ConstraintBundle.Lanes {
            var result = ConstraintBundle.Lanes()
            for k in lanes.indices { result[k] = ConstraintBundle.wide(SIMD4(repeating: value(lanes[k])))[0] }
            return result
        }
        var bundle = ConstraintBundle()
        for k in lanes.indices {
            bundle.bodyA[k] = lanes[k].bodyA
            bundle.bodyB[k] = lanes[k].bodyB
        }
        bundle.normalX = wide { $0.normal.x }
        bundle.normalY = wide { $0.normal.y }
        bundle.friction = wide { $0.friction }
        bundle.biasRate = wide { $0.softness.biasRate }
        bundle.massScale = wide { $0.softness.massScale }
        bundle.impulseScale = wide { $0.softness.impulseScale }
        bundle.massA = wide { states[Int($0.bodyA)].inverseMass }
        bundle.inertiaA = wide { states[Int($0.bodyA)].inverseInertia }
        bundle.massB = wide { states[Int($0.bodyB)].inverseMass }
        bundle.inertiaB = wide { states[Int($0.bodyB)].inverseInertia }
        let fields:
            [(WritableKeyPath<ConstraintBundle.LanePoint, ConstraintBundle.Lanes>, KeyPath<ConstraintPoint, Double>)] =
                [
                    (\.baseSeparation, \.baseSeparation), (\.normalImpulse, \.normalImpulse),
                    (\.tangentImpulse, \.tangentImpulse), (\.maxNormalImpulse, \.maxNormalImpulse),
                    (\.normalMass, \.normalMass), (\.tangentMass, \.tangentMass), (\.normalArmA, \.normalArmA),
                    (\.normalArmB, \.normalArmB), (\.tangentArmA, \.tangentArmA), (\.tangentArmB, \.tangentArmB),
                    (\.normalReachA, \.normalReachA), (\.normalReachB, \.normalReachB),
                ]
        for (lane, point) in fields {
            bundle.point0[keyPath: lane] = wide { $0.point0[keyPath: point] }
            bundle.point1[keyPath: lane] = wide { $0.point1[keyPath: point] }
        }
        return bundle
    }
}
