import KineticCore
import KineticFixtures
import XCTest

@testable import KineticDynamics

/// The solver's bundles are kept from one step to the next where their lanes hold the same contacts, each on a
/// recycled manifold (``BundleCarry``): only the separations are written again, and the bits are those of packing
/// every bundle afresh.
final class BundleCarryTests: XCTestCase {
    private func pair(threads: Int) throws -> (kept: ReferenceScenes.Built, fresh: ReferenceScenes.Built) {
        var settings = ReferenceScenes.box2DBenchmarkSettings
        settings.threadCount = threads
        let kept = try ReferenceScenes.largePyramid(baseCount: 20, settings: settings)
        let fresh = try ReferenceScenes.largePyramid(baseCount: 20, settings: settings)
        for scene in [kept, fresh] {
            scene.world.parallelThreshold = 0
            // A box dropped on the settling pyramid lands after about 70 steps: its new contacts change the solved
            // set, and the colouring is built again while most bundles still hold the same contacts.
            try scene.world.addBody(
                BodyDefinition(shape: .box(width: 100, height: 100), position: Point(x: 20, y: -2_600)))
        }
        fresh.world.keepsBundles = false
        return (kept, fresh)
    }

    func testKeptBundlesGiveTheBitsOfBundlesPackedAfresh() throws {
        for threads in [1, 2] {
            let (kept, fresh) = try pair(threads: threads)
            for _ in 0..<3 {
                kept.world.step(count: 40)
                fresh.world.step(count: 40)
                XCTAssertEqual(
                    try kept.stateHash(velocities: true), try fresh.stateHash(velocities: true), "\(threads) threads")
            }
            XCTAssertGreaterThan(kept.world.bundleKeepingSolves, 50, "a settling pyramid keeps its bundles")
            XCTAssertEqual(fresh.world.bundleKeepingSolves, 0)
            XCTAssertEqual(kept.world.coloring.reuseCount, fresh.world.coloring.reuseCount, "the same colourings")
            // Steps with the last step's colours refresh their bundles through the contacts the lanes keep, without
            // the colouring's order (``SolverStages/coloursKept``).
            XCTAssertGreaterThan(kept.world.coloring.reuseCount, 20, "steps that keep their colours")
            XCTAssertGreaterThan(
                kept.world.bundleKeepingSolves, kept.world.coloring.reuseCount,
                "bundles kept in steps whose colouring was built again, where their lanes hold the same contacts")
        }
    }

    func testAChangeOfMaterialPacksEveryBundleAgain() throws {
        let (kept, fresh) = try pair(threads: 2)
        for scene in [kept, fresh] { scene.world.step(count: 60) }
        // A box's friction and density change between steps: the bundles hold both (its contacts' mixed friction,
        // its inverse mass), so none may be kept in the next step.
        let before = kept.world.bundleKeepingSolves
        for scene in [kept, fresh] {
            scene.world.setMaterial(
                Int(scene.boxes[30].index), density: 3, friction: 0.1, elasticity: 0, resistance: 0,
                angularResistance: 0, allowsRotation: true)
            scene.world.step()
        }
        XCTAssertEqual(kept.world.bundleKeepingSolves, before, "packed afresh after the change")
        for scene in [kept, fresh] { scene.world.step(count: 30) }
        XCTAssertGreaterThan(kept.world.bundleKeepingSolves, before, "kept again once the colouring is")
        XCTAssertEqual(try kept.stateHash(velocities: true), try fresh.stateHash(velocities: true))
    }

    func testARestitutionPassPacksEveryBundle() throws {
        // Bouncy boxes: the restitution pass reads what the pack leaves beside the bundles, so none is kept.
        var settings = ReferenceScenes.box2DBenchmarkSettings
        settings.threadCount = 1
        let world = PhysicsWorld(settings: settings)
        var ground = BodyDefinition(shape: .box(width: 2_000, height: 100), position: Point(x: 0, y: 50))
        ground.kind = .static
        try world.addBody(ground)
        for k in 0..<6 {
            var box = BodyDefinition(
                shape: .box(width: 100, height: 100), position: Point(x: Double(k) * 110 - 300, y: -50))
            box.elasticity = 0.5
            box.friction = 0.6
            try world.addBody(box)
        }
        world.step(count: 60)
        XCTAssertGreaterThan(world.coloring.reuseCount, 20, "boxes at rest keep their colours")
        XCTAssertEqual(world.bundleKeepingSolves, 0)
    }
}
