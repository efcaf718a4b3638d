import KineticCore
import XCTest

@testable import KineticDynamics

/// The same scene gives the same bits on any number of threads (the solver splits only independent work).
final class ThreadDeterminismTests: XCTestCase {
    /// FNV-1a over the bit patterns of every box's position, angle and velocity after `steps` steps, and the step
    /// at which the world first rested (−1 if it did not).
    private func run(
        _ build: (PhysicsSettings) throws -> ReferenceScenes.Built, threads: Int, steps: Int, threshold: Int,
        sweepsFully: Bool = false
    ) throws -> (hash: UInt64, restStep: Int) {
        var settings = PhysicsSettings()
        settings.threadCount = threads
        let scene = try build(settings)
        scene.world.parallelThreshold = threshold
        scene.world.sweepsFully = sweepsFully
        var restStep = -1
        for n in 1...steps {
            scene.world.step()
            if restStep < 0 && scene.world.isAtRest { restStep = n }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: Double) {
            var bits = value.bitPattern
            for _ in 0..<8 {
                hash = (hash ^ (bits & 0xFF)) &* 0x100_0000_01b3
                bits >>= 8
            }
        }
        for box in scene.boxes {
            let p = try scene.world.position(of: box)
            let v = try scene.world.velocity(of: box)
            mix(p.x)
            mix(p.y)
            mix(try scene.world.angle(of: box))
            mix(v.x)
            mix(v.y)
            mix(try scene.world.angularVelocity(of: box))
        }
        return (hash, restStep)
    }

    func testFortyBoxPileIsIdenticalOnOneTwoAndThreeThreads() throws {
        let build = { (settings: PhysicsSettings) throws -> ReferenceScenes.Built in
            try ReferenceScenes.pile(
                count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80, settings: settings)
        }
        // Threshold 0: every stage is split, however few its items.
        let one = try run(build, threads: 1, steps: 600, threshold: 0)
        XCTAssertEqual(one.restStep, DeterminismTests.recordedRestStep)
        for threads in [2, 3] {
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

    func testMovedBoxQueriesFindThePairsOfFullSweeps() throws {
        // A 40-box pile settling: most steps move only a few boxes' proxies, so the partial sweeps are done from
        // the moved boxes alone; the result must be that of full sweeps, bit for bit.
        let build = { (settings: PhysicsSettings) throws -> ReferenceScenes.Built in
            try ReferenceScenes.pile(
                count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80, settings: settings)
        }
        let full = try run(build, threads: 1, steps: 600, threshold: 256, sweepsFully: true)
        let partial = try run(build, threads: 1, steps: 600, threshold: 256)
        XCTAssertEqual(partial.hash, full.hash)
        XCTAssertEqual(partial.restStep, full.restStep)
        let scene = try build(PhysicsSettings())
        scene.world.step(count: 600)
        XCTAssertGreaterThan(scene.world.movedPairQueries, 20)
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
