import KineticAnimation
import KineticCore
import XCTest

/// A clock that oversleeps: waking from `sleep(until:)` later than asked at the given deadlines (seconds late).
private final class OversleepingClock: MediaClock {
    let base = ManualClock()
    let lateness: @Sendable (MediaTime) -> MediaTime

    init(lateness: @escaping @Sendable (MediaTime) -> MediaTime) {
        self.lateness = lateness
    }

    var now: MediaTime { base.now }

    func sleep(until deadline: MediaTime) async throws {
        base.set(to: deadline + lateness(deadline))
    }
}

final class FrameTickerTests: XCTestCase {
    func testFramesFallOnTheGridWithTheirTargets() async throws {
        for rate in FrameTicker.supportedRates {
            let clock = ManualClock(start: 0.01)
            let ticker = try FrameTicker(clock: clock, framesPerSecond: rate)
            XCTAssertEqual(ticker.frameDuration, 1 / Double(rate))
            var frames: [FrameTicker.Frame] = []
            try await ticker.run { frame in
                frames.append(frame)
                if frames.count == 4 { ticker.stop() }
            }
            let first = Int((0.01 * Double(rate)).rounded(.down)) + 1
            XCTAssertEqual(frames.map(\.index), Array(first..<first + 4), "\(rate) Hz")
            for frame in frames {
                XCTAssertEqual(frame.timestamp, Double(frame.index) / Double(rate))
                XCTAssertEqual(frame.targetTimestamp, Double(frame.index + 1) / Double(rate))
                XCTAssertEqual(frame.droppedFrameCount, 0)
            }
            XCTAssertEqual(clock.now, Double(first + 3) / Double(rate), "slept exactly until each deadline")
            XCTAssertFalse(ticker.isRunning)
        }
    }

    func testSlowFramesDropTheDeadlinesTheyMiss() async throws {
        let clock = ManualClock()
        let ticker = try FrameTicker(clock: clock, framesPerSecond: 60)
        var frames: [FrameTicker.Frame] = []
        try await ticker.run { frame in
            frames.append(frame)
            // Frame 3 takes 2.5 frame durations: frame 4's deadline passes; frame 5's is the next one shown.
            if frame.index == 3 { clock.advance(by: 2.5 / 60) }
            if frame.index == 8 { clock.advance(by: 1.0 / 60) }  // exactly one frame: 9 passes, 10 shows at once
            if frames.count == 8 { ticker.stop() }
        }
        XCTAssertEqual(frames.map(\.index), [1, 2, 3, 5, 6, 7, 8, 9])
        XCTAssertEqual(frames.map(\.droppedFrameCount), [0, 0, 0, 1, 1, 1, 1, 1])
        XCTAssertEqual(frames[3].timestamp, 5.0 / 60)
        XCTAssertEqual(frames[3].targetTimestamp, 6.0 / 60)
        XCTAssertEqual(ticker.droppedFrameCount, 1)
    }

    func testAClockThatWakesLateDropsFrames() async throws {
        // Waking 2.2 frames late from the deadline of frame 4 at 30 Hz: frames 4 and 5 are dropped.
        let clock = OversleepingClock { deadline in abs(deadline - 4.0 / 30) < 1e-9 ? 2.2 / 30 : 0 }
        let ticker = try FrameTicker(clock: clock, framesPerSecond: 30)
        var frames: [FrameTicker.Frame] = []
        try await ticker.run { frame in
            frames.append(frame)
            if frames.count == 5 { ticker.stop() }
        }
        XCTAssertEqual(frames.map(\.index), [1, 2, 3, 6, 7])
        XCTAssertEqual(frames.map(\.droppedFrameCount), [0, 0, 0, 2, 2])
        XCTAssertEqual(frames[3].timestamp, 6.0 / 30)
    }

    func testPausedFramesAreNotDropped() async throws {
        let clock = ManualClock()
        let ticker = try FrameTicker(clock: clock, framesPerSecond: 60)
        var frames: [FrameTicker.Frame] = []
        try await ticker.run { frame in
            frames.append(frame)
            if frame.index == 2 {
                ticker.pause()
                XCTAssertTrue(ticker.isPaused)
                Task {
                    clock.advance(by: 1)  // a second passes while paused
                    ticker.resume()
                }
            }
            if frames.count == 4 { ticker.stop() }
        }
        XCTAssertEqual(frames.map(\.index), [1, 2, 63, 64])
        XCTAssertEqual(frames.map(\.droppedFrameCount), [0, 0, 0, 0])
        XCTAssertFalse(ticker.isPaused)
    }

    func testStopWhilePausedEndsTheRunAndTheTickerCanRunAgain() async throws {
        let clock = ManualClock()
        let ticker = try FrameTicker(clock: clock, framesPerSecond: 120)
        var count = 0
        try await ticker.run { _ in
            count += 1
            ticker.pause()
            Task { ticker.stop() }
        }
        XCTAssertEqual(count, 1)
        ticker.resume()
        try await ticker.run { frame in
            count += 1
            if count == 3 { ticker.stop() }
        }
        XCTAssertEqual(count, 3)
    }

    func testCancellationEndsARunAndASecondRunIsRefused() async throws {
        let clock = ManualClock()
        let ticker = try FrameTicker(clock: clock, framesPerSecond: 60)
        let paused = expectation(description: "paused")
        let task = Task {
            try await ticker.run { frame in
                if frame.index == 3 {
                    ticker.pause()
                    paused.fulfill()
                }
            }
        }
        await fulfillment(of: [paused], timeout: 10)
        XCTAssertTrue(ticker.isRunning)
        do {
            try await ticker.run { _ in XCTFail("a running ticker must not run twice") }
            XCTFail("expected an error")
        } catch let error as AnimationError {
            XCTAssertTrue(error.message.contains("already running"), error.message)
        }
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { error in XCTAssertTrue(error is CancellationError, "\(error)") }
        XCTAssertEqual(clock.now, 3.0 / 60, "no frame after the pause")
    }

    /// Live: the system clock really sleeps. Only invariants that hold under any load are checked.
    func testSystemClockFramesAreOnTheGridAndAccountForEveryDeadline() async throws {
        let clock = SystemClock()
        let ticker = try FrameTicker(clock: clock, framesPerSecond: 120)
        var frames: [(frame: FrameTicker.Frame, now: MediaTime)] = []
        try await ticker.run { frame in
            frames.append((frame, clock.now))
            if frames.count == 6 { ticker.stop() }
        }
        XCTAssertEqual(frames.count, 6)
        for (index, sample) in frames.enumerated() {
            XCTAssertGreaterThanOrEqual(sample.now, sample.frame.timestamp, "never called before its deadline")
            XCTAssertEqual(sample.frame.timestamp, Double(sample.frame.index) / 120)
            XCTAssertEqual(sample.frame.targetTimestamp, Double(sample.frame.index + 1) / 120)
            guard index > 0 else { continue }
            let previous = frames[index - 1].frame
            // Every deadline is either shown or counted as dropped.
            XCTAssertEqual(
                sample.frame.index - previous.index - 1, sample.frame.droppedFrameCount - previous.droppedFrameCount)
        }
    }

    func testOnlyDisplayRatesAreAccepted() {
        for rate in [0, -60, 59, 90, 240] {
            XCTAssertThrowsError(try FrameTicker(clock: ManualClock(), framesPerSecond: rate)) { error in
                XCTAssertTrue("\(error)".contains("30, 60 or 120"), "\(error)")
            }
        }
    }

    func testDrivesAnAnimatorFrameByFrame() async throws {
        let clock = ManualClock()
        let animator = Animator(clock: clock)
        let x = animator.makeKey(modelValue: 0.0)
        animator.add(BasicAnimation(from: 0.0, to: 60, timing: MediaTiming(duration: 1)), for: x)
        let ticker = try FrameTicker(clock: clock, framesPerSecond: 60)
        var samples: [Double] = []
        try await ticker.run { frame in
            animator.tick()
            samples.append(animator.presentationValue(for: x))
            if frame.index == 30 { ticker.stop() }
        }
        XCTAssertEqual(samples.count, 30)
        for (index, sample) in samples.enumerated() { XCTAssertEqual(sample, Double(index + 1), accuracy: 1e-9) }
    }
}
