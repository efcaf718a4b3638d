import KineticCore
import KineticLayers
import XCTest

@testable import KineticTerminal

final class TerminalPlayerTests: XCTestCase {
    private func counter(_ time: MediaTime, _ size: TerminalSize) throws -> TerminalScreen {
        var screen = try TerminalScreen(size: size)
        screen.put("\(Int((time * 100).rounded()))", column: 2, row: 1)
        return screen
    }

    func testPlaysEveryFrameThenPrintsTheFinalValue() async throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 4))
        let session = try TerminalSession(device: device, environment: TerminalEnvironment())
        let clock = ManualClock()
        let summary = try await TerminalPlayer(session: session, framesPerSecond: 30).play(
            duration: 1, clock: clock, frame: counter
        ) { time in [StyledLine("\(Int((time * 100).rounded()))")] }
        XCTAssertEqual(summary.ending, .finished)
        XCTAssertEqual(summary.time, 1)
        XCTAssertEqual(summary.frameCount, 31, "t = 0 and 30 ticks")
        XCTAssertEqual(summary.droppedFrameCount, 0)
        XCTAssertGreaterThan(summary.byteCount, 0)
        var terminal = try ANSIScreen(size: TerminalSize(columns: 20, rows: 4))
        terminal.apply(device.output)
        XCTAssertFalse(terminal.isAlternateScreen)
        XCTAssertTrue(terminal.isCursorVisible)
        XCTAssertEqual(terminal.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "100")
        XCTAssertFalse(device.isRaw)
        XCTAssertEqual(terminal.unsupported, [])
    }

    func testAKeyQuitsWithoutTheFinalValue() async throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 4))
        let session = try TerminalSession(device: device, environment: TerminalEnvironment())
        device.pendingInput = Array("q".utf8)
        let summary = try await TerminalPlayer(session: session, loops: true).play(
            duration: 1, clock: ManualClock(), frame: counter
        ) { _ in ["final"] }
        XCTAssertEqual(summary.ending, .quit)
        XCTAssertEqual(summary.frameCount, 1)
        XCTAssertFalse(device.text.contains("final"))
        XCTAssertTrue(device.text.hasSuffix("\u{1B}[?1049l"))
    }

    func testLoopsWrapTime() async throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 4))
        let session = try TerminalSession(device: device, environment: TerminalEnvironment())
        var times: [MediaTime] = []
        let clock = ManualClock()
        _ = try await TerminalPlayer(session: session, framesPerSecond: 30, loops: true).play(
            duration: 0.5, clock: clock
        ) { time, size in
            times.append(time)
            if times.count == 40 { device.pendingInput = Array("q".utf8) }
            return try self.counter(time, size)
        }
        XCTAssertEqual(times[14], 14.0 / 30, accuracy: 1e-9)
        XCTAssertEqual(times[16], 1.0 / 30, accuracy: 1e-9, "16/30 s is 1/30 s into the second loop")
        XCTAssertLessThan(times.max() ?? 1, 0.5)
    }

    func testWithoutATerminalOnlyTheFinalValueIsPrinted() async throws {
        let device = RecordingTerminal()
        let session = try TerminalSession(device: device, environment: TerminalEnvironment(isOutputTerminal: false))
        let clock = ManualClock()
        let summary = try await TerminalPlayer(session: session).play(duration: 2, clock: clock, frame: counter) {
            time in [StyledLine("\(Int(time * 100))", style: CellStyle(isBold: true))]
        }
        XCTAssertEqual(summary.ending, .skipped)
        XCTAssertEqual(device.text, "200\n")
        XCTAssertEqual(clock.now, 0, "no waiting")
    }

    func testStatisticsRowShowsThePreviousFramesBytes() async throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 40, rows: 3))
        let session = try TerminalSession(device: device, environment: TerminalEnvironment())
        var rows: [String] = []
        let player = TerminalPlayer(session: session, framesPerSecond: 30, showsStatistics: true)
        _ = try await player.play(duration: 0.1, clock: ManualClock()) { time, size in
            rows.append("\(session.lastFrame.byteCount)")
            return try self.counter(time, size)
        }
        var terminal = try ANSIScreen(size: TerminalSize(columns: 40, rows: 3))
        // The alternate screen as the last frame left it: apply everything but the restore at the end.
        terminal.apply(device.output.dropLast(26))  // ESC[?2026l ESC[0m ESC[?25h ESC[?1049l
        XCTAssertEqual(rows.count, 4)
        XCTAssertTrue(
            terminal.screen.text(ofRow: 2).hasPrefix(" \(rows[3]) B/frame · "),
            "the last frame shows the one before it: \(terminal.screen.text(ofRow: 2))")
        XCTAssertEqual(terminal.screen[0, 2].style.background, .indexed(221), "(255, 224, 102) in 256 colours")
    }

    func testLayerPictureRendersTheLayerFittedInCells() throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        root.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let picture = try LayerPicture(root: root, background: .blue)
        // 40 × 20 points into 10 × 10 cells (10 × 20 pixels): 10 × 5 pixels, rows 7…11 of 20.
        let frame = try picture.frame(at: 0, size: TerminalSize(columns: 10, rows: 10))
        XCTAssertEqual(frame.width, 10)
        XCTAssertEqual(frame.height, 5)
        let screen = try picture.screen(at: 0, size: TerminalSize(columns: 10, rows: 10))
        let red = TerminalColor.rgb(255, 0, 0)
        let blue = TerminalColor.rgb(0, 0, 255)
        XCTAssertEqual(screen[0, 3].style, CellStyle(foreground: blue, background: red), "pixel rows 6 and 7")
        XCTAssertEqual(screen[5, 4].style, CellStyle(foreground: red, background: red))
        XCTAssertEqual(screen[9, 5].style, CellStyle(foreground: red, background: red), "pixel rows 10 and 11")
        XCTAssertEqual(screen[5, 6].style, CellStyle(foreground: blue, background: blue))
    }
}
