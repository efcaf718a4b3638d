import Foundation
import KineticCore
import KineticFiles
import KineticRaster
import Synchronization
import XCTest

final class RenderSequenceTests: XCTestCase {
    /// An encoder that records what it receives.
    private final class RecordingEncoder: FrameEncoder {
        let format = OutputFormat.apng
        let path = "memory"
        let width: Int
        let height: Int
        var frameCount: Int { frames.count }
        var frames: [RGBAFrame] = []
        var durations: [Double] = []
        var finished = false
        var cancelled = false
        init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
        func append(_ frame: RGBAFrame, duration: MediaTime) throws(RasterError) {
            frames.append(frame)
            durations.append(duration)
        }
        func finish() throws(RasterError) { finished = true }
        func cancel() { cancelled = true }
    }

    private static func numbered(_ index: Int) throws -> RGBAFrame {
        // Uneven work so that frames finish out of order.
        if index % 3 == 0 { usleep(2000) }
        return try RGBAFrame(width: 2, height: 1, filledWith: RGBA8(red: UInt8(index), green: 0, blue: 0, alpha: 255))
    }

    func testFramesAreEncodedInOrderWithTheirDurations() throws {
        let encoder = RecordingEncoder(width: 2, height: 1)
        try renderSequence(
            frameCount: 50, frameDuration: { Double($0 + 1) / 100 }, encoder: encoder, concurrency: 4,
            render: Self.numbered)
        XCTAssertEqual(encoder.frames.map { $0[0, 0].red }, (0..<50).map(UInt8.init))
        XCTAssertEqual(encoder.durations, (0..<50).map { Double($0 + 1) / 100 })
        XCTAssertTrue(encoder.finished)
    }

    func testAtMostTwiceTheWorkersAreInFlight() throws {
        let inFlight = Mutex((now: 0, peak: 0))
        let encoder = RecordingEncoder(width: 2, height: 1)
        let started = Atomic(0)
        try renderSequence(frameCount: 40, frameDuration: { _ in 0.1 }, encoder: encoder, concurrency: 2) { index in
            started.add(1, ordering: .relaxed)
            inFlight.withLock { state in
                state.now += 1
                state.peak = max(state.peak, state.now)
            }
            defer { inFlight.withLock { $0.now -= 1 } }
            return try Self.numbered(index)
        }
        XCTAssertLessThanOrEqual(inFlight.withLock { $0.peak }, 2)
        XCTAssertEqual(started.load(ordering: .relaxed), 40)
    }

    func testARenderErrorCancelsTheEncoderAndIsRethrown() throws {
        struct Boom: Error {}
        let encoder = RecordingEncoder(width: 2, height: 1)
        XCTAssertThrowsError(
            try renderSequence(frameCount: 30, frameDuration: { _ in 0.1 }, encoder: encoder, concurrency: 2) { index in
                if index == 7 { throw Boom() }
                return try Self.numbered(index)
            }
        ) { error in
            XCTAssertTrue(error is Boom)
        }
        XCTAssertTrue(encoder.cancelled)
        XCTAssertFalse(encoder.finished)
        XCTAssertEqual(encoder.frames.count, 7)
    }

    func testCancellationRemovesTheTemporaryFile() throws {
        let folder = try TemporaryFolder()
        let encoder = try GIFEncoder(path: folder.file("c.gif"), width: 2, height: 1)
        var asked = 0
        XCTAssertThrowsError(
            try renderSequence(
                frameCount: 20, frameDuration: { _ in 0.1 }, encoder: encoder,
                shouldCancel: {
                    asked += 1
                    return asked > 5
                }, render: Self.numbered)
        ) { error in
            XCTAssertEqual(error as? RasterError, .cancelled)
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testParallelRenderToGIFMatchesASerialRender() throws {
        let folder = try TemporaryFolder()
        let render: @Sendable (Int) throws -> RGBAFrame = { index in
            try SyntheticAnimation.frame(index, of: 8, width: 40, height: 24)
        }
        let parallel = try GIFEncoder(path: folder.file("p.gif"), width: 40, height: 24)
        try renderSequence(
            frameCount: 8, frameDuration: { _ in 0.05 }, encoder: parallel, concurrency: 4, render: render)
        let serial = try GIFEncoder(path: folder.file("s.gif"), width: 40, height: 24)
        try renderSequence(frameCount: 8, frameDuration: { _ in 0.05 }, encoder: serial, concurrency: 1, render: render)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: folder.file("p.gif"))),
            try Data(contentsOf: URL(fileURLWithPath: folder.file("s.gif"))))
    }

    func testProgressLineShowsFramesRateAndTimeLeft() {
        XCTAssertEqual(
            ProgressReporter.line(label: "Rendering", completed: 15, total: 60, elapsed: 1.25),
            "Rendering [█████···············] 15/60 frames · 12.0 fps · 4 s left")
        XCTAssertEqual(
            ProgressReporter.line(label: "GIF", completed: 0, total: 60, elapsed: 0),
            "GIF [····················] 0/60 frames")
        XCTAssertEqual(
            ProgressReporter.line(label: "R", completed: 600, total: 600, elapsed: 75),
            "R [████████████████████] 600/600 frames · 8.0 fps · done in 1 min 15 s")
    }

    func testProgressIsThrottledAndSilentWhenAsked() {
        let clock = ManualClock()
        let lines = Mutex<[String]>([])
        let reporter = ProgressReporter(
            total: 10, label: "T", clock: clock, output: .custom { text in lines.withLock { $0.append(text) } })
        XCTAssertTrue(reporter.isVisible)
        clock.advance(by: 0.5)
        reporter.update(completed: 1)
        clock.advance(by: 0.05)
        reporter.update(completed: 2)  // within 0.1 s of the last redraw: skipped
        clock.advance(by: 0.05)
        reporter.update(completed: 3)
        reporter.update(completed: 10)  // the last frame always redraws
        reporter.finish()
        reporter.update(completed: 10)  // after finish: ignored
        let drawn = lines.withLock { $0 }
        XCTAssertEqual(drawn.count, 4)
        XCTAssertEqual(drawn[0], "\r\u{1B}[2KT [██··················] 1/10 frames · 2.0 fps · 5 s left")
        XCTAssertTrue(drawn[3].hasSuffix("\n"))
        XCTAssertFalse(ProgressReporter(total: 10, output: .silent).isVisible)
    }
}
