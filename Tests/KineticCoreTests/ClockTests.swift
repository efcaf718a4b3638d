import KineticCore
import XCTest

final class ClockTests: XCTestCase {
    func testManualClockMovesOnlyForward() async throws {
        let clock = ManualClock(start: 1)
        clock.advance(by: 0.5)
        XCTAssertEqual(clock.now, 1.5)
        clock.advance(by: -3)
        XCTAssertEqual(clock.now, 1.5)
        try await clock.sleep(until: 4)
        XCTAssertEqual(clock.now, 4)
        clock.set(to: 2)
        XCTAssertEqual(clock.now, 4)
    }

    func testSystemClockSleepsAtLeastUntilTheDeadline() async throws {
        let clock = SystemClock()
        let start = clock.now
        try await clock.sleep(until: start + 0.02)
        XCTAssertGreaterThanOrEqual(clock.now, start + 0.02)
    }
}
