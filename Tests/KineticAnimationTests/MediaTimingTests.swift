import KineticAnimation
import KineticCore
import XCTest

/// Core Animation timing cases that the Web Animations reference cannot express.
final class MediaTimingTests: XCTestCase {
    private func assertState(
        _ timing: MediaTiming, at time: MediaTime, progress: Double, iteration: Int,
        phase: MediaTiming.Phase = .active, reversing: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let state = timing.state(at: time) else {
            XCTFail("removed at \(time), expected progress \(progress)", file: file, line: line)
            return
        }
        XCTAssertEqual(state.progress, progress, accuracy: 1e-12, "progress at \(time)", file: file, line: line)
        XCTAssertEqual(state.iteration, iteration, "iteration at \(time)", file: file, line: line)
        XCTAssertEqual(state.phase, phase, "phase at \(time)", file: file, line: line)
        XCTAssertEqual(state.isReversing, reversing, "direction at \(time)", file: file, line: line)
        XCTAssertEqual(state.time, state.progress * timing.effectiveDuration, accuracy: 1e-15, file: file, line: line)
    }

    func testDefaultsAreCoreAnimations() {
        let timing = MediaTiming()
        XCTAssertEqual(timing.beginTime, 0)
        XCTAssertEqual(timing.speed, 1)
        XCTAssertEqual(timing.fillMode, .removed)
        XCTAssertEqual(timing.effectiveDuration, 0.25)
        XCTAssertEqual(timing.activeDuration, 0.25)
        assertState(timing, at: 0, progress: 0, iteration: 0)
        assertState(timing, at: 0.125, progress: 0.5, iteration: 0)
        XCTAssertNil(timing.state(at: 0.25), "removed at the end by default")
        XCTAssertNil(timing.state(at: -0.1), "not applied before it begins")
        XCTAssertEqual(timing.phase(at: -0.1), .before)
        XCTAssertEqual(timing.phase(at: 0.25), .after)
    }

    func testDurationZeroOrInvalidMeansAQuarterSecond() {
        for duration in [0, -1, .nan, .infinity] as [Double] {
            let timing = MediaTiming(duration: duration)
            XCTAssertEqual(timing.effectiveDuration, 0.25, "duration \(duration)")
            assertState(timing, at: 0.1, progress: 0.4, iteration: 0)
        }
        XCTAssertEqual(MediaTiming(duration: 2).effectiveDuration, 2)
    }

    func testTimeIsSecondsIntoThePass() throws {
        let state = try XCTUnwrap(MediaTiming(duration: 2).state(at: 0.5))
        XCTAssertEqual(state.progress, 0.25)
        XCTAssertEqual(state.time, 0.5)
    }

    func testAutoreversesCountsForwardAndBackAsOneRepeat() {
        let timing = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true)
        XCTAssertEqual(timing.repeatLength, 2)
        XCTAssertEqual(timing.activeDuration, 4, "2 repeats × (forward + back) × 1 s: 4 legs")
        assertState(timing, at: 0.5, progress: 0.5, iteration: 0)
        assertState(timing, at: 1, progress: 1, iteration: 0, reversing: true)
        assertState(timing, at: 1.5, progress: 0.5, iteration: 0, reversing: true)
        assertState(timing, at: 2, progress: 0, iteration: 1)
        assertState(timing, at: 2.25, progress: 0.25, iteration: 1)
        assertState(timing, at: 3.75, progress: 0.25, iteration: 1, reversing: true)
        XCTAssertNil(timing.state(at: 4))
        var filled = timing
        filled.fillMode = .forwards
        assertState(filled, at: 4, progress: 0, iteration: 1, phase: .after, reversing: true)
        assertState(filled, at: 100, progress: 0, iteration: 1, phase: .after, reversing: true)
        // repeatCount 0 with autoreverses: once there and back.
        XCTAssertEqual(MediaTiming(duration: 1, autoreverses: true).activeDuration, 2)
    }

    func testSpeedZeroWithTimeOffsetIsAPause() {
        let paused = MediaTiming(duration: 2, speed: 0, timeOffset: 0.6)
        XCTAssertEqual(paused.activeDurationInParentTime, .infinity)
        for time in [0, 0.5, 2, 10, 1e9] as [MediaTime] {
            assertState(paused, at: time, progress: 0.3, iteration: 0)
            XCTAssertEqual(paused.localTime(at: time), 0.6)
        }
        // Paused at exactly the end shows the end, not the start.
        assertState(MediaTiming(duration: 2, speed: 0, timeOffset: 2), at: 5, progress: 1, iteration: 0)
        // Paused in the second of three repeats.
        assertState(
            MediaTiming(duration: 1, speed: 0, timeOffset: 1.25, repeatCount: 3), at: 7, progress: 0.25,
            iteration: 1)
        // Before beginTime the usual fill rule applies; the filled state is the paused one.
        let later = MediaTiming(beginTime: 5, duration: 2, speed: 0, timeOffset: 0.6)
        XCTAssertNil(later.state(at: 4))
        var filled = later
        filled.fillMode = .backwards
        assertState(filled, at: 4, progress: 0.3, iteration: 0, phase: .before)
    }

    func testTimeOffsetShiftsTheStartAndWrapsAround() {
        // A 1 s animation with timeOffset 0.25 shows 0.25…1 and then 0…0.25, still for 1 s.
        let timing = MediaTiming(beginTime: 10, duration: 1, timeOffset: 0.25)
        assertState(timing, at: 10, progress: 0.25, iteration: 0)
        assertState(timing, at: 10.5, progress: 0.75, iteration: 0)
        assertState(timing, at: 10.75, progress: 0, iteration: 0)
        assertState(timing, at: 10.875, progress: 0.125, iteration: 0)
        XCTAssertNil(timing.state(at: 11))
        var filled = timing
        filled.fillMode = .both
        assertState(filled, at: 11, progress: 0.25, iteration: 0, phase: .after)
        assertState(filled, at: 9, progress: 0.25, iteration: 0, phase: .before)
        XCTAssertEqual(timing.localTime(at: 10.75), 1)
    }

    func testRepeatDurationEndsMidRepeat() {
        let timing = MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 2.5)
        assertState(timing, at: 1.25, progress: 0.25, iteration: 1)
        assertState(timing, at: 2.4, progress: 0.4, iteration: 2)
        assertState(timing, at: 2.5, progress: 0.5, iteration: 2, phase: .after)
        assertState(timing, at: 30, progress: 0.5, iteration: 2, phase: .after)
        XCTAssertNil(MediaTiming(duration: 1, repeatDuration: 2.5).state(at: 2.5))
    }

    func testFractionalRepeatCountEndsPartWay() {
        let timing = MediaTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 2.5)
        assertState(timing, at: 2.25, progress: 0.25, iteration: 2)
        assertState(timing, at: 2.5, progress: 0.5, iteration: 2, phase: .after)
        // Below one repeat too: 0.5 plays the first half.
        let half = MediaTiming(duration: 2, repeatCount: 0.5, fillMode: .forwards)
        XCTAssertEqual(half.activeDuration, 1)
        assertState(half, at: 1, progress: 0.5, iteration: 0, phase: .after)
    }

    func testExactEndWithForwardsFillIsTheFinalValue() {
        let timing = MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards)
        assertState(timing, at: 1, progress: 0, iteration: 1, phase: .active)
        assertState(timing, at: 2, progress: 1, iteration: 1, phase: .after)
        XCTAssertNil(MediaTiming(duration: 1, repeatCount: 2).state(at: 2))
        XCTAssertNil(MediaTiming(duration: 1, repeatCount: 2, fillMode: .backwards).state(at: 3))
    }

    func testRepeatCountAndRepeatDurationTogetherStopAtTheFirstLimit() {
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: 3, repeatDuration: 1.5).activeDuration, 1.5)
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: 1, repeatDuration: 5).activeDuration, 1)
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: .infinity, repeatDuration: 5).activeDuration, 5)
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: 2, repeatDuration: .infinity).activeDuration, 2)
    }

    func testInfiniteRepeatsNeverEnd() {
        let timing = MediaTiming(duration: 1, repeatCount: .infinity)
        XCTAssertEqual(timing.activeDuration, .infinity)
        XCTAssertEqual(timing.phase(at: 1e12), .active)
        assertState(timing, at: 1_000_000.25, progress: 0.25, iteration: 1_000_000)
        XCTAssertNil(timing.state(at: .infinity), "an infinite time has no position")
    }

    func testFillBackwardsBeforeBeginTimeGivesTheStart() {
        let timing = MediaTiming(beginTime: 2, duration: 1, fillMode: .backwards)
        assertState(timing, at: 1, progress: 0, iteration: 0, phase: .before)
        assertState(timing, at: -1e6, progress: 0, iteration: 0, phase: .before)
        assertState(timing, at: 2.5, progress: 0.5, iteration: 0)
        XCTAssertNil(timing.state(at: 3), "backwards fill does not fill forwards")
        XCTAssertNil(MediaTiming(beginTime: 2, duration: 1, fillMode: .forwards).state(at: 1))
    }

    func testSpeedScalesParentTime() {
        let timing = MediaTiming(beginTime: 1, duration: 1, speed: 2, fillMode: .forwards)
        XCTAssertEqual(timing.activeDurationInParentTime, 0.5)
        assertState(timing, at: 1.25, progress: 0.5, iteration: 0)
        assertState(timing, at: 1.5, progress: 1, iteration: 0, phase: .after)
        XCTAssertEqual(timing.localTime(at: 1.25), 0.5)
    }

    func testNegativeSpeedPlaysTheIntervalBackwards() {
        let timing = MediaTiming(beginTime: 1, duration: 2, speed: -1, fillMode: .both)
        XCTAssertEqual(timing.activeDurationInParentTime, 2)
        assertState(timing, at: 0, progress: 1, iteration: 0, phase: .before)
        assertState(timing, at: 1, progress: 1, iteration: 0)
        assertState(timing, at: 1.5, progress: 0.75, iteration: 0)
        assertState(timing, at: 2.9, progress: 0.05, iteration: 0)
        assertState(timing, at: 3, progress: 0, iteration: 0, phase: .after)
        // Twice as fast backwards: the interval halves.
        let fast = MediaTiming(beginTime: 1, duration: 2, speed: -2, fillMode: .forwards)
        assertState(fast, at: 1.5, progress: 0.5, iteration: 0)
        assertState(fast, at: 2, progress: 0, iteration: 0, phase: .after)
        // Backwards through two repeats: the later repeat comes first.
        let repeated = MediaTiming(duration: 1, speed: -1, repeatCount: 2)
        assertState(repeated, at: 0.25, progress: 0.75, iteration: 1)
        assertState(repeated, at: 1, progress: 1, iteration: 0)
        assertState(repeated, at: 1.75, progress: 0.25, iteration: 0)
        // Backwards with a timeOffset: starts from it and wraps to the end.
        let offset = MediaTiming(duration: 1, speed: -1, timeOffset: 0.25)
        assertState(offset, at: 0, progress: 0.25, iteration: 0)
        assertState(offset, at: 0.5, progress: 0.75, iteration: 0)
    }

    func testBeforeFlagForSteps() throws {
        let steps = try TimingFunction.steps(4, .jumpStart)
        let timing = MediaTiming(beginTime: 1, duration: 1, fillMode: .both)
        XCTAssertEqual(try XCTUnwrap(timing.state(at: 0)).easedProgress(steps), 0)
        XCTAssertEqual(try XCTUnwrap(timing.state(at: 1)).easedProgress(steps), 0.25)
        XCTAssertEqual(try XCTUnwrap(timing.state(at: 3)).easedProgress(steps), 1)
        // Played backwards, the before side is the end: filling forwards shows the start, with the flag set.
        let reversed = MediaTiming(beginTime: 1, duration: 1, speed: -1, fillMode: .both)
        let end = try XCTUnwrap(reversed.state(at: 3))
        XCTAssertTrue(end.beforeFlag)
        XCTAssertEqual(end.easedProgress(steps), 0)
        XCTAssertFalse(try XCTUnwrap(reversed.state(at: 0)).beforeFlag)
    }

    func testNonFiniteInputsAreNotApplied() {
        XCTAssertNil(MediaTiming(fillMode: .both).state(at: .nan))
        XCTAssertNil(MediaTiming(speed: .nan, fillMode: .both).state(at: 0.1))
        XCTAssertNil(MediaTiming(beginTime: .infinity, fillMode: .both).state(at: 0.1))
        XCTAssertNil(MediaTiming(timeOffset: .nan, fillMode: .both).state(at: 0.1))
        XCTAssertEqual(MediaTiming(speed: .nan).phase(at: 1), .before)
        XCTAssertEqual(MediaTiming(repeatCount: .nan).activeDuration, 0.25)
        XCTAssertEqual(MediaTiming(repeatDuration: -3).activeDuration, 0.25)
    }

    func testFillModeFlags() {
        XCTAssertEqual(FillMode.allCases.map(\.rawValue), ["removed", "forwards", "backwards", "both"])
        XCTAssertEqual(FillMode.allCases.map(\.fillsForwards), [false, true, false, true])
        XCTAssertEqual(FillMode.allCases.map(\.fillsBackwards), [false, false, true, true])
    }
}
