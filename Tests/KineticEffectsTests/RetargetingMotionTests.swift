import KineticAnimation
import KineticCore
import KineticEffects
import XCTest

/// `RetargetingMotion`, the motion behind every digit column: retargeting drops exactly the transitions planned
/// after the new one, and a long run of values costs time in proportion to its length.
final class RetargetingMotionTests: XCTestCase {
    private let linear = RollTransition.timed(duration: 1, timingFunction: .linear)

    func testAMoveAtAnEarlierTimeReplacesOnlyTheTransitionsAfterIt() {
        var motion = RetargetingMotion(value: 0)
        motion.move(to: 10, at: 0, transition: linear)
        motion.move(to: 20, at: 2, transition: linear)
        motion.move(to: 30, at: 4, transition: linear)
        XCTAssertEqual(motion.segments.map(\.beginTime), [0, 2, 4])
        // A value planned at 3 s replaces the one at 4 s and keeps those at 0 and 2 s.
        motion.move(to: -5, at: 3, transition: linear)
        XCTAssertEqual(motion.segments.map(\.beginTime), [0, 2, 3])
        XCTAssertEqual(motion.segments.map(\.to), [10, 20, -5])
        XCTAssertEqual(motion.value(at: 2.5), 15, accuracy: 1e-12)
        XCTAssertEqual(motion.value(at: 3.5), 20 + (-5 - 20) * 0.5, accuracy: 1e-12)
        XCTAssertEqual(motion.value(at: 10), -5)
        // One at the time of an existing transition keeps it (only later ones go) and then takes over.
        motion.move(to: 7, at: 2, transition: linear)
        XCTAssertEqual(motion.segments.map(\.beginTime), [0, 2, 2])
        XCTAssertEqual(motion.value(at: 5), 7)
    }

    /// Found by fuzzing `kinetic render elevator --dry-run --to 18001`: every move scanned all earlier segments,
    /// so n values cost O(n²) and 18,001 of them took over three minutes to lay out. 20,000 moves take a few
    /// milliseconds now (and took seconds before).
    func testManyMovesTakeLinearTime() {
        var motion = RetargetingMotion(value: 0)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for index in 1...20_000 {
                motion.move(to: Double(index), at: Double(index), transition: linear)
            }
        }
        XCTAssertEqual(motion.segments.count, 20_000)
        XCTAssertEqual(motion.value(at: 20_000.5), 19_999.5, accuracy: 1e-9)
        XCTAssertLessThan(elapsed, .seconds(2), "20,000 moves took \(elapsed): retargeting is not linear")
    }
}
