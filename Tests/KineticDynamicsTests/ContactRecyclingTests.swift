import KineticCore
import KineticFixtures
import XCTest

@testable import KineticDynamics

/// Contact recycling (``PhysicsSettings/contactRecycleDistance``): a pair whose relative pose barely moved keeps its
/// manifold, and only the separations follow the bodies.
final class ContactRecyclingTests: XCTestCase {
    /// Box2D's large pyramid, 20 boxes at the base, settling for 2 s: most manifolds are recycled, and every box
    /// ends within the slop of where it ends when every manifold is computed afresh.
    func testASettlingPyramidRecyclesAndStandsWhereFreshManifoldsPutIt() throws {
        var fresh = ReferenceScenes.box2DBenchmarkSettings
        fresh.contactRecycleDistance = 0
        let recycling = try ReferenceScenes.largePyramid(baseCount: 20)
        let computing = try ReferenceScenes.largePyramid(baseCount: 20, settings: fresh)
        let steps = 120
        recycling.world.step(count: steps)
        computing.world.step(count: steps)
        XCTAssertEqual(computing.world.recycledContacts, 0)
        // About 400 contacts a step; at rest nearly all of them are recycled.
        let contactSteps = recycling.world.contacts.count * steps
        XCTAssertGreaterThan(recycling.world.recycledContacts, contactSteps / 2)
        var farthest = 0.0
        for (a, b) in zip(recycling.boxes, computing.boxes) {
            let p = try recycling.world.position(of: a)
            let q = try computing.world.position(of: b)
            farthest = max(farthest, (p - q).length)
            XCTAssertEqual(try recycling.world.angle(of: a), try computing.world.angle(of: b), accuracy: 1e-3)
        }
        XCTAssertLessThan(farthest, ReferenceScenes.box2DBenchmarkSettings.linearSlop)
        // The top box is still on top: 20 boxes of 100 pt, each sunk less than the slop.
        let top = try recycling.world.position(of: try XCTUnwrap(recycling.boxes.last))
        XCTAssertEqual(top.y, -1_950, accuracy: 20 * ReferenceScenes.box2DBenchmarkSettings.linearSlop)
    }

    /// A box moved by hand gets a fresh manifold, however short the move: lifted 3 pt off the floor (beyond the
    /// speculative distance, within the recycle distance), it stops touching in the next step.
    func testABoxMovedByHandStopsTouchingWhenLiftedOff() throws {
        var settings = PhysicsSettings()
        settings.allowsSleeping = false
        let scene = try ReferenceScenes.drop(elasticity: 0, settings: settings)
        let world = scene.world
        let box = scene.boxes[0]
        try world.setTransform(of: box, position: Point(x: 187.5, y: 550), angle: 0)
        world.step(count: 60)
        let resting = try world.position(of: box)
        XCTAssertEqual(resting.y, 550, accuracy: settings.linearSlop)
        XCTAssertGreaterThan(world.recycledContacts, 0)
        try world.setVelocity(of: box, .zero, angularVelocity: 0)
        try world.setTransform(of: box, position: Point(x: 187.5, y: resting.y - 3), angle: 0)
        world.step()
        XCTAssertEqual(world.contactEvents.map(\.began), [false], "the contact ended")
    }

    /// Without friction, pairs recycle within the slop only: the example screen's collapse with UIKit's defaults
    /// (friction 0) rests, and a frictionless box sliding across the floor does not keep a manifold 5 pt stale.
    func testAFrictionlessPairRecyclesWithinTheSlopOnly() throws {
        var settings = PhysicsSettings()
        settings.allowsSleeping = false
        let world = PhysicsWorld(settings: settings)
        try ReferenceScenes.addFloor(to: world, width: 2_000, center: Point(x: 0, y: 50))
        var definition = BodyDefinition(shape: .box(width: 40, height: 40), position: Point(x: 0, y: -20))
        definition.friction = 0
        let box = try world.addBody(definition)
        world.step(count: 30)
        // Slide at 120 pt/s: 1 pt a step, so every step moves the pair beyond the slop.
        try world.setVelocity(of: box, Point(x: 120, y: 0), angularVelocity: 0)
        // The first step still starts from the pose of the last (its manifold may be recycled).
        world.step()
        let before = world.recycledContacts
        world.step(count: 10)
        XCTAssertEqual(world.recycledContacts, before)
        XCTAssertEqual(try world.position(of: box).y, -20, accuracy: settings.linearSlop)
    }

    /// The setting at its edges: NaN and negative values recycle nothing, infinity recycles a resting pair; every
    /// box still rests on the floor.
    func testTheRecycleDistanceAtItsEdges() throws {
        for (distance, recycles) in [(Double.nan, false), (-1, false), (0, false), (.infinity, true)] {
            var settings = PhysicsSettings()
            settings.allowsSleeping = false
            settings.contactRecycleDistance = distance
            let scene = try ReferenceScenes.drop(elasticity: 0, settings: settings)
            try scene.world.setTransform(of: scene.boxes[0], position: Point(x: 187.5, y: 550), angle: 0)
            scene.world.step(count: 60)
            XCTAssertEqual(scene.world.recycledContacts > 0, recycles, "\(distance)")
            XCTAssertEqual(try scene.world.position(of: scene.boxes[0]).y, 550, accuracy: settings.linearSlop)
        }
    }
}
