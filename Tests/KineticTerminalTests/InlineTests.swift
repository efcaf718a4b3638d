import KineticCore
import KineticEffects
import XCTest

@testable import KineticTerminal

final class InlineTests: XCTestCase {
    func testInlineLineUpdatesInPlaceAndEndsWithANewline() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 30, rows: 5))
        var terminal = try ANSIScreen(size: TerminalSize(columns: 30, rows: 5))
        terminal.apply("$ tool --count\r\n")
        let line = try InlineLine(device: device, environment: TerminalEnvironment())
        var bytesPerUpdate: [Int] = []
        for value in 0...100 {
            try line.update(StyledLine("counted \(value)"))
            bytesPerUpdate.append(line.session.lastFrame.byteCount)
        }
        try line.finish()
        terminal.apply(device.output)
        XCTAssertEqual(terminal.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "$ tool --count")
        XCTAssertEqual(terminal.screen.text(ofRow: 1).trimmingCharacters(in: .whitespaces), "counted 100")
        XCTAssertEqual(terminal.cursorRow, 2)
        XCTAssertEqual(terminal.cursorColumn, 0)
        XCTAssertTrue(terminal.isCursorVisible)
        XCTAssertEqual(terminal.unsupported, [])
        // 41 → 42: synchronized output (16 bytes), a move back one cell (3), the digit.
        XCTAssertEqual(bytesPerUpdate[42], 20)
        XCTAssertNil(device.armedRestore)
    }

    func testInlineLineIntoAPipePrintsOnlyTheFinalValue() throws {
        let device = RecordingTerminal()
        let line = try InlineLine(device: device, environment: TerminalEnvironment(isOutputTerminal: false))
        for value in 0...5 { try line.update("\(value)") }
        try line.finish()
        XCTAssertEqual(device.text, "5\n")
        try line.update("6")
        XCTAssertEqual(device.text, "5\n", "updates after finish are ignored")
    }

    func testInlineLineOnADumbTerminalPrintsThrottledPlainLines() throws {
        let device = RecordingTerminal()
        let line = try InlineLine(device: device, environment: TerminalEnvironment(term: "dumb"), linesInterval: 1)
        for step in 0...8 { try line.update("\(step * 10)%", at: Double(step) * 0.25) }
        try line.finish(StyledLine("done"))
        XCTAssertEqual(device.text, "0%\n40%\n80%\ndone\n")
        XCTAssertFalse(device.output.contains(0x1B))
    }

    func testShimmerLineFollowsFacebookShimmerTiming() throws {
        // 20 cells = 200 pt; speed 230 pt/s, pause 0.4 s: a cycle lasts 200/230 + 0.4 s and the band's centre
        // travels 2L + extra = 400 + 292 = 692 pt from −100 pt, after the 0.1 s begin fade.
        let text = "Fetching packages..."
        let shimmer = TerminalShimmer(
            text: text, shimmer: Shimmer(beginTime: 0), baseColor: .black, highlightColor: .white)
        let cycle = 200.0 / 230 + 0.4
        XCTAssertEqual(try shimmer.line(at: 0).spans.count, 1, "before the first sweep: all in the base colour")
        let middle = 0.1 + 200.0 / 692 * cycle
        let expected = ShimmerSweep(baseColor: .black, highlightColor: .white, bandWidth: 20).line(text, bandCenter: 10)
        XCTAssertEqual(try shimmer.line(at: middle), expected)
        XCTAssertEqual(
            try shimmer.line(at: middle).spans[9],
            StyledLine.Span("pa", style: CellStyle(foreground: .rgb(242, 242, 242))),
            "the two cells on either side of the centre, 0.95 of the way to white")
        XCTAssertEqual(try shimmer.line(at: middle + cycle), expected, "periodic")
        XCTAssertThrowsError(try TerminalShimmer(text: "x", shimmer: Shimmer(speed: 0)).line(at: 0))
    }

    func testShimmerRunsForADurationOnAManualClock() async throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 40, rows: 3))
        let clock = ManualClock()
        try await TerminalShimmer(text: "Loading").run(
            for: 1, clock: clock, framesPerSecond: 30, device: device,
            environment: TerminalEnvironment(colorTerm: "truecolor"))
        XCTAssertEqual(clock.now, 1, accuracy: 1e-9)
        var terminal = try ANSIScreen(size: TerminalSize(columns: 40, rows: 3))
        terminal.apply(device.output)
        XCTAssertEqual(terminal.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "Loading")
        XCTAssertEqual(terminal.screen[0, 0].style, .plain, "the final text is in the terminal's colour")
        XCTAssertEqual(terminal.cursorRow, 1)
        XCTAssertTrue(terminal.isCursorVisible)
        XCTAssertTrue(device.text.contains("38;2;"), "the sweep was drawn in colour")
    }

    func testShimmerRunsUntilWorkIsDoneAndReturnsItsResult() async throws {
        let device = RecordingTerminal()
        let value = try await TerminalShimmer(text: "Working").run(
            clock: ManualClock(), device: device, environment: TerminalEnvironment(isOutputTerminal: false)
        ) { 42 }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(device.text, "Working\n")
    }
}
