import KineticCore
import KineticFixtures
import XCTest

@testable import KineticDynamics

/// The same scene gives the same bits on any number of threads (the solver splits only independent work).
final class ThreadDeterminismTests: XCTestCase {
    /// FNV-1a over the bit patterns of every box's position, angle and velocity after `steps` steps, and the step
    /// at which the world first rested (−1 if it did not).
    private func run(
        _ build: (PhysicsSettings) throws -> ReferenceScenes.Built, threads: Int, steps: Int, threshold: Int,
        sweepsFully: Bool = false, recomputesSelection: Bool = false
    ) throws -> (hash: UInt64, restStep: Int) {
        var settings = PhysicsSettings()
        settings.threadCount = threads
        let scene = try build(settings)
        scene.world.parallelThreshold = threshold
        scene.world.sweepsFully = sweepsFully
        scene.world.recomputesSelection = recomputesSelection
        var restStep = -1
        for n in 1...steps {
            scene.world.step()
            if restStep < 0 && scene.world.isAtRest { restStep = n }
        }
        return (try scene.stateHash(velocities: true), restStep)
    }

    func testFortyBoxPileIsIdenticalOnOneTwoAndThreeThreads() throws {
        let build = { (settings: PhysicsSettings) throws -> ReferenceScenes.Built in
            try ReferenceScenes.pile(
                count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80, settings: settings)
        }
        // Threshold 0: every stage is split, however few its items.
        let one = try run(build, threads: 1, steps: 600, threshold: 0)
        XCTAssertEqual(one.restStep, DeterminismTests.recordedRestStep)
        // Five participants on a machine of two cores: fewer chunks than participants in small stages.
        for threads in [2, 3, 5] {
            let many = try run(build, threads: threads, steps: 600, threshold: 0)
            XCTAssertEqual(many.hash, one.hash, "\(threads) threads")
            XCTAssertEqual(many.restStep, one.restStep, "\(threads) threads")
        }
    }

    func testColumnPileIsIdenticalOnOneAndTwoThreads() throws {
        // The first 1.25 s of the issue-13 pile: the boxes land and pile up (hundreds of contacts per step).
        let build = { (settings: PhysicsSettings) throws -> ReferenceScenes.Built in
            try ReferenceScenes.columnPile(settings: settings)
        }
        let one = try run(build, threads: 1, steps: 150, threshold: 256)
        let two = try run(build, threads: 2, steps: 150, threshold: 256)
        XCTAssertEqual(two.hash, one.hash)
        XCTAssertEqual(two.restStep, one.restStep)
        // The broad phase's partial sweeps (only pairs with a moved box) find exactly the pairs of full sweeps.
        let full = try run(build, threads: 2, steps: 150, threshold: 256, sweepsFully: true)
        XCTAssertEqual(full.hash, one.hash)
    }

    func testTheNarrowPhasesSelectionIsTheSolversOwn() throws {
        // The narrow phase works out which contacts the solver takes (on every thread); the solver works it out
        // itself when a body was woken after it. Doing that on every step must change nothing: a pile that lands,
        // settles and sleeps island by island (waking some), on one thread and on two.
        let build = { (settings: PhysicsSettings) throws -> ReferenceScenes.Built in
            try ReferenceScenes.pile(
                count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80, settings: settings)
        }
        for threads in [1, 2] {
            let flags = try run(build, threads: threads, steps: 600, threshold: 0)
            let recomputed = try run(build, threads: threads, steps: 600, threshold: 0, recomputesSelection: true)
            XCTAssertEqual(recomputed.hash, flags.hash, "\(threads) threads")
            XCTAssertEqual(recomputed.restStep, flags.restStep, "\(threads) threads")
        }
    }

    func testMovedBoxQueriesFindThePairsOfFullSweeps() throws {
        // A 40-box pile settling: most steps move only a few boxes' proxies, so the partial sweeps are done from
        // the moved boxes alone; the result must be that of full sweeps, bit for bit.
        let build = { (settings: PhysicsSettings) throws -> ReferenceScenes.Built in
            try ReferenceScenes.pile(
                count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80, settings: settings)
        }
        try assertMovedBoxQueriesMatchFullSweeps(build, minimumQueries: 20)
    }

    func testGridAndScanQueriesFindThePairsOfFullSweeps() throws {
        // Two columns of 80 boxes settling on a floor: a partial sweep's pairs come from the moved boxes' scans
        // along x, the grid or the sweep, whichever costs least (a column puts 80 boxes in each scan); the result
        // must be that of full sweeps, bit for bit, and both the scans and the grid must have been used.
        let build = { (settings: PhysicsSettings) throws -> ReferenceScenes.Built in
            let world = PhysicsWorld(settings: settings)
            try ReferenceScenes.addFloor(to: world, width: 400, center: Point(x: 200, y: 650))
            var boxes: [BodyID] = []
            for column in 0..<2 {
                for row in 0..<80 {
                    var box = BodyDefinition(
                        shape: .box(width: 20, height: 10),
                        position: Point(x: 120 + Double(column) * 140 + Double(row % 2), y: 630 - Double(row) * 10.5))
                    box.friction = 0.5
                    boxes.append(try world.addBody(box))
                }
            }
            return ReferenceScenes.Built(world: world, boxes: boxes)
        }
        let steps = 300
        let full = try run(build, threads: 1, steps: steps, threshold: 256, sweepsFully: true)
        let partial = try run(build, threads: 1, steps: steps, threshold: 256)
        XCTAssertEqual(partial.hash, full.hash)
        XCTAssertEqual(partial.restStep, full.restStep)
        let scene = try build(PhysicsSettings())
        scene.world.step(count: steps)
        XCTAssertGreaterThan(scene.world.gridPairQueries, 5)
        XCTAssertGreaterThan(scene.world.movedPairQueries - scene.world.gridPairQueries, 5)
    }

    /// Steps the scene `build` makes 600 times with partial sweeps and with full ones: the same bits and rest step,
    /// and at least `minimumQueries` steps whose pairs came from the moved boxes alone; returns the scene, stepped.
    @discardableResult private func assertMovedBoxQueriesMatchFullSweeps(
        _ build: (PhysicsSettings) throws -> ReferenceScenes.Built, minimumQueries: Int
    ) throws -> ReferenceScenes.Built {
        let full = try run(build, threads: 1, steps: 600, threshold: 256, sweepsFully: true)
        let partial = try run(build, threads: 1, steps: 600, threshold: 256)
        XCTAssertEqual(partial.hash, full.hash)
        XCTAssertEqual(partial.restStep, full.restStep)
        let scene = try build(PhysicsSettings())
        scene.world.step(count: 600)
        XCTAssertGreaterThan(scene.world.movedPairQueries, minimumQueries)
        return scene
    }

    /// The same far from the origin, with small boxes: 40 boxes of 0.5…2 pt on a floor at x = 10⁸ (where a
    /// double's step is 1.5·10⁻⁸ pt).
    func testMovedBoxQueriesFarFromTheOriginFindThePairsOfFullSweeps() throws {
        let origin = Point(x: 1e8, y: 0)
        let build = { (settings: PhysicsSettings) throws -> ReferenceScenes.Built in
            let world = PhysicsWorld(settings: settings)
            try ReferenceScenes.addFloor(to: world, width: 200, center: Point(x: origin.x + 20, y: 150))
            var boxes: [BodyID] = []
            let frames = ReferenceScenes.pileFrames(
                count: 40, width: 40, minimumSide: 0.5, maximumSide: 2, gap: 0.2, seed: 7)
            for frame in frames {
                var box = BodyDefinition(
                    shape: .box(width: frame.width, height: frame.height), position: frame.center + origin)
                box.friction = 0.5
                boxes.append(try world.addBody(box))
            }
            return ReferenceScenes.Built(world: world, boxes: boxes)
        }
        let scene = try assertMovedBoxQueriesMatchFullSweeps(build, minimumQueries: 5)
        // The pile came to rest on the floor, not through it.
        for box in scene.boxes { XCTAssertLessThan(try scene.world.position(of: box).y, 100) }
    }

    /// A wide plank carrying 80 boxes: more than 64 constraints on one body, so the last ones go to an overflow
    /// colour (solved one at a time, not in bundles); with `elasticity` the restitution pass runs too.
    private static func plank(elasticity: Double, settings: PhysicsSettings) throws -> ReferenceScenes.Built {
        let world = PhysicsWorld(settings: settings)
        try ReferenceScenes.addFloor(to: world, width: 3000, center: Point(x: 800, y: 650))
        var plank = BodyDefinition(shape: .box(width: 1700, height: 20), position: Point(x: 800, y: 580))
        plank.friction = 0.5
        var boxes = [try world.addBody(plank)]
        for k in 0..<80 {
            var box = BodyDefinition(
                shape: .box(width: 12, height: 12),
                position: Point(x: 20 + Double(k) * 20, y: 560 - Double(k % 3) * 4))
            box.friction = 0.5
            box.elasticity = elasticity
            boxes.append(try world.addBody(box))
        }
        return ReferenceScenes.Built(world: world, boxes: boxes)
    }

    func testOverflowColoursAreIdenticalOnOneAndTwoThreads() throws {
        for elasticity in [0.0, 0.4] {
            let build = { try Self.plank(elasticity: elasticity, settings: $0) }
            let one = try run(build, threads: 1, steps: 300, threshold: 0)
            let two = try run(build, threads: 2, steps: 300, threshold: 0)
            XCTAssertEqual(two.hash, one.hash, "elasticity \(elasticity)")
            XCTAssertEqual(two.restStep, one.restStep, "elasticity \(elasticity)")
            XCTAssertGreaterThan(one.restStep, 0, "the boxes come to rest on the plank")
            // The scene does overflow: in some step a colour is solved in order rather than in bundles.
            let scene = try build(PhysicsSettings())
            var overflows = 0
            for _ in 0..<300 {
                scene.world.step()
                if scene.world.coloring.colours.contains(where: { !$0.isIndependent }) { overflows += 1 }
            }
            XCTAssertGreaterThan(overflows, 0, "elasticity \(elasticity)")
            // Every box rests on the plank, whose top ends at y = 580 (on the floor at 600): centres at 574.
            for box in scene.boxes.dropFirst() {
                XCTAssertEqual(try scene.world.position(of: box).y, 574, accuracy: 0.5)
            }
        }
    }

    func testThreadCountOutsideItsRangeIsClamped() throws {
        for threads in [-5, 0, 1000] {
            let scene = try run(
                {
                    try ReferenceScenes.pile(
                        count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80, settings: $0)
                },
                threads: threads, steps: 60, threshold: 0)
            let reference = try run(
                {
                    try ReferenceScenes.pile(
                        count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80, settings: $0)
                },
                threads: 1, steps: 60, threshold: 0)
            XCTAssertEqual(scene.hash, reference.hash, "threadCount \(threads)")
        }
    }
}
