import KineticCore
import XCTest

@testable import KineticDynamics

/// The world's count of contacts with a restitution above 0 — which lets a step skip reading every contact's
/// restitution — stays equal to a count of the contacts themselves through creation, material changes and removal,
/// and the restitution pass still runs when one bouncy contact is solved.
final class RestitutionCountTests: XCTestCase {
    private func assertCounted(_ world: PhysicsWorld, _ context: String, line: UInt = #line) {
        let counted = world.contacts.filter { $0.restitution > 0 }.count
        XCTAssertEqual(world.restitutiveContactCount, counted, context, line: line)
    }

    func testTheCountFollowsTheContacts() throws {
        let world = PhysicsWorld()
        var ground = BodyDefinition(shape: .box(width: 1_000, height: 20), position: Point(x: 0, y: 500))
        ground.kind = .static
        _ = try world.addBody(ground)
        var boxes: [BodyID] = []
        for k in 0..<6 {
            var box = BodyDefinition(shape: .box(width: 40, height: 40), position: Point(x: Double(k) * 45, y: 460))
            box.elasticity = k % 2 == 0 ? 0.5 : 0
            boxes.append(try world.addBody(box))
        }
        world.step(count: 30)
        XCTAssertGreaterThan(world.contacts.count, 5, "the boxes rest on the ground and touch each other")
        XCTAssertGreaterThan(world.restitutiveContactCount, 0)
        XCTAssertLessThan(world.restitutiveContactCount, world.contacts.count)
        assertCounted(world, "after the contacts were created")

        // Every box made bouncy, then none: the material changes re-mix every contact of the body.
        for (k, box) in boxes.enumerated() {
            let i = try world.index(of: box)
            world.setMaterial(
                i, density: 1, friction: 0, elasticity: 0.3, resistance: 0, angularResistance: 0,
                allowsRotation: true)
            assertCounted(world, "box \(k) made bouncy")
        }
        XCTAssertEqual(world.restitutiveContactCount, world.contacts.count)
        for box in boxes {
            world.setMaterial(
                try world.index(of: box), density: 1, friction: 0, elasticity: 0, resistance: 0,
                angularResistance: 0, allowsRotation: true)
        }
        XCTAssertEqual(world.restitutiveContactCount, 0)

        // Half bouncy again, stepped, then removed one by one: each removal destroys the body's contacts.
        for box in boxes.prefix(3) {
            world.setMaterial(
                try world.index(of: box), density: 1, friction: 0, elasticity: 0.8, resistance: 0,
                angularResistance: 0, allowsRotation: true)
        }
        world.step(count: 10)
        assertCounted(world, "after stepping")
        XCTAssertGreaterThan(world.restitutiveContactCount, 0)
        for (k, box) in boxes.enumerated() {
            try world.removeBody(box)
            assertCounted(world, "box \(k) removed")
        }
        XCTAssertEqual(world.contacts.count, 0)
        XCTAssertEqual(world.restitutiveContactCount, 0)
    }

    func testABouncyBoxStillBounces() throws {
        // A box dropped on the ground with elasticity 1 rises again; with 0 it stays down.
        func peakAfterImpact(elasticity: Double) throws -> Double {
            let world = PhysicsWorld()
            var ground = BodyDefinition(shape: .box(width: 1_000, height: 20), position: Point(x: 0, y: 500))
            ground.kind = .static
            _ = try world.addBody(ground)
            var box = BodyDefinition(shape: .box(width: 40, height: 40), position: Point(x: 0, y: 200))
            box.elasticity = elasticity
            let id = try world.addBody(box)
            var lowest = -Double.infinity
            var peak = Double.infinity
            for _ in 0..<240 {
                world.step()
                let y = try world.position(of: id).y
                if y > lowest { lowest = y } else { peak = min(peak, y) }
            }
            return lowest - peak
        }
        XCTAssertGreaterThan(try peakAfterImpact(elasticity: 1), 100, "rises most of the 250 pt it fell")
        XCTAssertLessThan(try peakAfterImpact(elasticity: 0), 1, "stays on the ground")
    }
}
