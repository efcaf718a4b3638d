import KineticCore
import KineticFixtures
import XCTest

@testable import KineticDynamics

/// A world at rest skips its steps (``PhysicsWorld/step()``): the same bits, events and rest as stepping it through,
/// before and after something wakes it.
final class RestingStepTests: XCTestCase {
    /// The 40-box pile of the determinism record, stepped `steps` times, with or without skipping resting steps;
    /// then a box is pushed and the pile stepped `after` more times. Returns the state hash after each part, the
    /// contact events of every step, and the world.
    private func run(skipping: Bool, steps: Int, after: Int) throws -> (
        resting: UInt64, woken: UInt64, events: [Int], world: PhysicsWorld
    ) {
        let scene = try ReferenceScenes.pile(count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80)
        scene.world.skipsRestingSteps = skipping
        var events: [Int] = []
        for _ in 0..<steps {
            scene.world.step()
            events.append(scene.world.contactEvents.count)
        }
        XCTAssertTrue(scene.world.isAtRest)
        let resting = try scene.stateHash(velocities: true)
        try scene.world.applyImpulse(
            to: scene.boxes[7], Point(x: 400, y: -900), at: try scene.world.position(of: scene.boxes[7]))
        for _ in 0..<after {
            scene.world.step()
            events.append(scene.world.contactEvents.count)
        }
        return (resting, try scene.stateHash(velocities: true), events, scene.world)
    }

    func testAWorldAtRestSkipsItsStepsWithTheSameResults() throws {
        let skipped = try run(skipping: true, steps: 400, after: 400)
        let stepped = try run(skipping: false, steps: 400, after: 400)
        XCTAssertEqual(skipped.resting, stepped.resting)
        XCTAssertEqual(skipped.woken, stepped.woken)
        XCTAssertEqual(skipped.events, stepped.events)
        XCTAssertEqual(skipped.world.isAtRest, stepped.world.isAtRest)
        // The pile rests at step 208 (DeterminismTests); the step after it sweeps the sleepers' boxes, and every
        // later step is skipped until the push; the push wakes the pile, which rests again before the end.
        XCTAssertEqual(stepped.world.restingSteps, 0)
        XCTAssertGreaterThanOrEqual(skipped.world.restingSteps, 400 - DeterminismTests.recordedRestStep - 1)
        XCTAssertTrue(skipped.world.isAtRest, "the pushed pile rests again within 400 steps")
    }
}
