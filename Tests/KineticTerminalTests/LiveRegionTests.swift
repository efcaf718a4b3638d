import KineticAnimation
import KineticCore
import KineticEffects
import XCTest

@testable import KineticTerminal

/// The live region: the escape stream byte for byte, what a terminal shows after it (through `ANSIScreen`), the
/// rate cap, resizes, the endings, plain output and the frame loop on a virtual clock.
final class LiveRegionTests: XCTestCase {
    private func region(
        _ device: RecordingTerminal, clock: ManualClock, colors: ColorSupport = .none, ending: LiveRegion.Ending = .keep
    ) throws -> LiveRegion {
        try LiveRegion(device: device, output: .ansi(colors), clock: clock, ending: ending)
    }

    func testFramesLogsAndTheEndAreByteExact() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 5))
        let clock = ManualClock()
        let live = try region(device, clock: clock)
        try live.update(["a: 1"])
        XCTAssertTrue(try live.drawFrame())
        // Hide the cursor, go to the line's start, the row (then EL for the blank tail), park on the top-left.
        XCTAssertEqual(device.text, "\u{1B}[?2026h\u{1B}[?25l\r\u{1B}[0ma: 1\u{1B}[K\r\u{1B}[?2026l")
        device.clearOutput()

        live.print("log one")
        // From the region's top: reset, the log line over the old row (erasing the rest of it), CR LF, then the
        // region again below it.
        XCTAssertEqual(
            device.text, "\u{1B}[?2026h\u{1B}[0mlog one\u{1B}[K\r\n\u{1B}[0ma: 1\u{1B}[K\r\u{1B}[?2026l")
        device.clearOutput()

        clock.advance(by: 1.0 / 30)
        try live.update(["a: 2"])
        XCTAssertTrue(try live.drawFrame())
        // Rewriting "a: " (3 bytes) is cheaper than moving over it (ESC[3C, 4 bytes).
        XCTAssertEqual(device.text, "\u{1B}[?2026ha: 2\r\u{1B}[?2026l", "the changed cell, then back")
        device.clearOutput()

        clock.advance(by: 1.0 / 30)
        XCTAssertFalse(try live.drawFrame(), "nothing changed: nothing written")
        XCTAssertEqual(device.output, [])

        try live.finish()
        XCTAssertEqual(device.text, "\u{1B}[?2026h\r\n\u{1B}[0m\u{1B}[?25h\u{1B}[?2026l", "below the region, cursor on")
        XCTAssertNil(device.armedRestore, "disarmed")
        let statistics = live.statistics
        XCTAssertEqual(statistics.framesDrawn, 2)
        XCTAssertEqual(statistics.framesSkipped, 1)
        XCTAssertEqual(statistics.logLines, 1)
    }

    /// Ctrl-C's "^C" echo would land on the region's first line: the terminal stops echoing control keys while
    /// the region is on screen, and echoes them again when it ends.
    func testControlKeysAreNotEchoedWhileTheRegionIsLive() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 5))
        let live = try region(device, clock: ManualClock())
        XCTAssertFalse(device.hidesControlEcho)
        try live.update(["a: 1"])
        XCTAssertTrue(try live.drawFrame())
        XCTAssertTrue(device.hidesControlEcho, "hidden from the first frame on")
        try live.finish()
        XCTAssertFalse(device.hidesControlEcho, "echoed again after the region")
        // Plain output has no region on screen and leaves the terminal as it is.
        let plain = RecordingTerminal()
        let log = try LiveRegion(device: plain, output: .plain, clock: ManualClock())
        try log.update(["a"])
        try log.finish()
        XCTAssertFalse(plain.hidesControlEcho)
    }

    func testLogLinesStayAboveTheRegionInOrder() throws {
        let size = TerminalSize(columns: 30, rows: 8)
        let device = RecordingTerminal(size: size)
        var terminal = try ANSIScreen(size: size)
        terminal.apply("$ deploy\r\n")
        let clock = ManualClock()
        let live = try region(device, clock: clock, colors: .trueColor)
        for step in 1...4 {
            try live.update([
                LiveLine(.text("step "), .count(LiveCount(Double(step), transition: .instant))),
                LiveLine(.progress(LiveProgress(fraction: Double(step) / 4, width: 10))),
            ])
            try live.drawFrame()
            clock.advance(by: 0.1)
            live.print(lines: [StyledLine("✓ step \(step)", style: CellStyle(foreground: .rgb(0, 200, 0)))])
            clock.advance(by: 1)
            try live.drawFrame()
        }
        try live.finish()
        terminal.apply(device.output)
        XCTAssertEqual(terminal.unsupported, [])
        let rows = (0..<size.rows).map {
            terminal.screen.text(ofRow: $0).replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        XCTAssertEqual(
            rows, ["$ deploy", "✓ step 1", "✓ step 2", "✓ step 3", "✓ step 4", "step 4", "██████████ 100%", ""])
        XCTAssertEqual(terminal.cursorRow, 7, "the cursor is below the region")
        XCTAssertEqual(terminal.cursorColumn, 0)
        XCTAssertTrue(terminal.isCursorVisible)
        XCTAssertEqual(terminal.screen[2, 1].style.foreground, .rgb(0, 200, 0), "a log line keeps its colour")
    }

    func testLogsScrollTheRegionDownAtTheBottomOfTheScreen() throws {
        let size = TerminalSize(columns: 12, rows: 4)
        let device = RecordingTerminal(size: size)
        let clock = ManualClock()
        let live = try region(device, clock: clock)
        try live.update(["one", "two"])
        try live.drawFrame()
        for index in 1...5 { live.print("log \(index)") }
        try live.finish()
        var terminal = try ANSIScreen(size: size)
        terminal.setCursor(row: 3, column: 0)  // the tool starts on the last row
        terminal.apply(device.output)
        XCTAssertEqual(terminal.unsupported, [])
        XCTAssertEqual(
            (0..<4).map { terminal.screen.text(ofRow: $0).trimmingCharacters(in: .whitespaces) },
            ["log 5", "one", "two", ""])
    }

    func testCountsAnimateAndEndOnTheirTargets() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 3))
        let clock = ManualClock()
        let live = try region(device, clock: clock)
        let linear = RollTransition.timed(duration: 1, timingFunction: .linear)
        try live.update(LiveLine(.count(LiveCount(100, transition: linear, minimumWidth: 4))))
        XCTAssertEqual(live.animationEndTime, 1)
        var shown: [String] = []
        var terminal = try ANSIScreen(size: TerminalSize(columns: 20, rows: 3))
        for _ in 0..<3 {
            try live.drawFrame()
            terminal.apply(device.output)
            device.clearOutput()
            shown.append(terminal.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces))
            clock.advance(by: 0.5)
        }
        XCTAssertEqual(shown, ["0", "50", "100"])
        // A new value mid-count starts from what is shown.
        try live.update(LiveLine(.count(LiveCount(200, transition: linear, minimumWidth: 4))))
        clock.advance(by: 0.25)
        try live.drawFrame()
        terminal.apply(device.output)
        XCTAssertEqual(terminal.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "125")
        device.clearOutput()
        try live.finish()
        terminal.apply(device.output)
        XCTAssertEqual(terminal.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "200", "the target")
    }

    func testTheFrameRateIsCapped() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 3))
        let clock = ManualClock()
        let live = try region(device, clock: clock)
        try live.update(["x"])
        XCTAssertTrue(try live.drawFrame(at: 0))
        try live.update(["y"])
        XCTAssertFalse(try live.drawFrame(at: 0.02), "1/50 s after a frame, at 30 fps")
        XCTAssertTrue(try live.drawFrame(at: 1.0 / 30))
        XCTAssertEqual(live.statistics.framesSkipped, 1)
        XCTAssertThrowsError(try LiveRegion(device: device, output: .plain, clock: clock, framesPerSecond: 50)) {
            XCTAssertEqual(
                "\($0)",
                "invalid frames per second '50': a live region draws at most 30, 60 or 120 frames per second; the "
                    + "default is 30")
        }
    }

    func testAWidthChangeRedrawsTheRegionCutToTheNewWidth() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 4))
        let clock = ManualClock()
        let live = try region(device, clock: clock)
        try live.update(["ab漢字cd", "0123456789"])
        try live.drawFrame()
        device.clearOutput()
        // Narrower: a terminal that does not rewrap keeps the old rows, cut at the new width.
        var cut = try TerminalScreen(columns: 5, rows: 4)
        cut.put("ab漢字cd", column: 0, row: 0)
        cut.put("0123456789", column: 0, row: 1)
        var narrowed = ANSIScreen(showing: cut)
        device.simulateResize(to: TerminalSize(columns: 5, rows: 4))
        clock.advance(by: 1)
        XCTAssertTrue(try live.drawFrame())
        // Both old lines were wider than 5 cells, so a terminal that rewraps made each two rows: the rows below
        // the region are erased (ED 0 one row below it) before it is drawn again.
        XCTAssertTrue(device.text.contains("\n\u{1B}[J\u{1B}[2A"), device.text.debugDescription)
        narrowed.apply(device.output)
        XCTAssertEqual(narrowed.unsupported, [])
        XCTAssertEqual((0..<4).map { narrowed.screen.text(ofRow: $0) }, ["ab漢 ", "01234", "     ", "     "])
        XCTAssertEqual([narrowed.cursorRow, narrowed.cursorColumn], [0, 0], "parked on the top-left cell")
        // A wide character that does not fit in the last column is left out.
        var narrow = LiveRegionWriter(colorSupport: .none, synchronizedOutput: false)
        var small = try ANSIScreen(size: TerminalSize(columns: 3, rows: 2))
        small.apply(narrow.frame(["ab漢"], size: TerminalSize(columns: 3, rows: 2)))
        XCTAssertEqual(small.screen.text(ofRow: 0), "ab ")
        XCTAssertEqual(small.unsupported, [])
    }

    func testTheRegionCanBeClearedAtTheEnd() throws {
        let size = TerminalSize(columns: 20, rows: 6)
        let device = RecordingTerminal(size: size)
        let clock = ManualClock()
        let live = try region(device, clock: clock, ending: .clear)
        try live.update(["working", "50%"])
        try live.drawFrame()
        live.print("done: 3 files")
        var terminal = try ANSIScreen(size: size)
        terminal.apply(device.output)
        device.clearOutput()
        try live.finish()
        // The two rows erased without an erase from the region's top-left cell (tmux would push the screen into
        // the scrollback): EL on the first, ED 0 from the second, back up.
        XCTAssertEqual(
            device.text, "\u{1B}[?2026h\u{1B}[0m\u{1B}[K\n\u{1B}[J\u{1B}[A\u{1B}[0m\u{1B}[?25h\u{1B}[?2026l")
        terminal.apply(device.output)
        XCTAssertEqual(terminal.unsupported, [])
        XCTAssertEqual(
            (0..<3).map { terminal.screen.text(ofRow: $0).trimmingCharacters(in: .whitespaces) },
            ["done: 3 files", "", ""])
        XCTAssertEqual([terminal.cursorRow, terminal.cursorColumn], [1, 0], "where the region began")
        XCTAssertTrue(terminal.isCursorVisible)
    }

    func testTheRegionGrowsAndShrinksWithoutLeavingRowsBehind() throws {
        let size = TerminalSize(columns: 16, rows: 5)
        let device = RecordingTerminal(size: size)
        let clock = ManualClock()
        let live = try region(device, clock: clock)
        var terminal = try ANSIScreen(size: size)
        terminal.setCursor(row: 4, column: 0)  // at the bottom of the screen: growing must scroll
        func show(_ lines: [LiveLine]) throws -> [String] {
            try live.update(lines)
            clock.advance(by: 1)
            try live.drawFrame()
            terminal.apply(device.output)
            device.clearOutput()
            return (0..<size.rows).map { terminal.screen.text(ofRow: $0).trimmingCharacters(in: .whitespaces) }
        }
        XCTAssertEqual(try show(["one"]), ["", "", "", "", "one"])
        XCTAssertEqual(try show(["one", "two", "three"]), ["", "", "one", "two", "three"])
        XCTAssertEqual(try show(["only"]), ["", "", "only", "", ""])
        live.print("log")
        terminal.apply(device.output)
        device.clearOutput()
        XCTAssertEqual(try show(["a", "b"]), ["", "", "log", "a", "b"])
        try live.finish()
        terminal.apply(device.output)
        XCTAssertEqual(terminal.unsupported, [])
        XCTAssertEqual([terminal.cursorRow, terminal.cursorColumn], [4, 0], "below the region (scrolled)")
        XCTAssertEqual(terminal.screen.text(ofRow: 3).trimmingCharacters(in: .whitespaces), "b")
    }

    func testRandomUpdatesLogsAndResizesShowTheLogsThenTheRegion() throws {
        // 200 seeded runs of random region heights, texts (with wide characters), log lines (some exactly as wide
        // as the terminal) and redraw requests: a terminal that applies the stream shows every log line in order,
        // then the region's last lines, then nothing.
        let words = ["deploy", "漢字", "ok", "files 42", "✓ built", "", "a longer line of text"]
        let wrapping = "a log line too long for one row of the terminal"
        for seed in 0..<200 {
            var random = SeededRandom(seed: UInt64(seed))
            let size = TerminalSize(columns: 24, rows: 40)
            let device = RecordingTerminal(size: size)
            let clock = ManualClock()
            let live = try region(device, clock: clock, colors: seed % 2 == 0 ? .trueColor : .palette256)
            var logs: [String] = []
            var lines: [String] = []
            for _ in 0..<Int.random(in: 3...12, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    let log = "L\(logs.count % 10) " + (words.randomElement(using: &random) ?? "")
                    if Int.random(in: 0..<4, using: &random) == 0 {
                        // Wraps: the terminal shows it on three rows of 24 cells.
                        let long = "L\(logs.count % 10) " + wrapping
                        var rest = Substring(long)
                        while !rest.isEmpty {
                            logs.append(String(rest.prefix(24)))
                            rest = rest.dropFirst(24)
                        }
                        live.print(long)
                    } else {
                        logs.append(log)
                        live.print(log)
                    }
                case 1:
                    device.simulateResize(to: size)
                default:
                    lines = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                        words.randomElement(using: &random) ?? ""
                    }
                    try live.update(
                        lines.map { LiveLine(.text($0, style: CellStyle(foreground: .rgb(200, 100, 50)))) })
                }
                clock.advance(by: Double.random(in: 0...0.1, using: &random))
                try live.drawFrame()
            }
            try live.finish()
            var terminal = try ANSIScreen(size: size)
            terminal.apply(device.output)
            XCTAssertEqual(terminal.unsupported, [], "seed \(seed)")
            let rows = (0..<size.rows).map { terminal.screen.text(ofRow: $0).trimmingCharacters(in: .whitespaces) }
            let expected = (logs + lines).map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(Array(rows.prefix(expected.count)), expected, "seed \(seed)")
            XCTAssertTrue(rows.dropFirst(expected.count).allSatisfy(\.isEmpty), "seed \(seed): \(rows)")
            XCTAssertTrue(terminal.isCursorVisible)
        }
    }

    func testWithoutATerminalLogsPassThroughAndTheFinalLinesPrintOnce() throws {
        let device = RecordingTerminal()
        let clock = ManualClock()
        let live = try LiveRegion(
            device: device, environment: TerminalEnvironment(isOutputTerminal: false), clock: clock)
        XCTAssertFalse(live.drawsFrames)
        try live.update(LiveLine(.text("files "), .count(LiveCount(0))))
        live.print("step 1")
        for files in 1...5 {
            try live.update(LiveLine(.text("files "), .count(LiveCount(Double(files) * 10))))
            clock.advance(by: 0.1)
            XCTAssertFalse(try live.drawFrame())
        }
        live.print("step 2\nstep 3")
        try live.finish()
        XCTAssertEqual(device.text, "step 1\nstep 2\nstep 3\nfiles 50\n")
        try live.finish()
        XCTAssertEqual(device.text, "step 1\nstep 2\nstep 3\nfiles 50\n", "once")
    }

    func testASignalLeavesTheRegionAndPutsThePromptBelowIt() throws {
        let size = TerminalSize(columns: 20, rows: 6)
        let device = RecordingTerminal(size: size)
        let live = try region(device, clock: ManualClock())
        try live.update(["one", "two", "three"])
        try live.drawFrame()
        XCTAssertEqual(
            device.armedRestore, Array("\u{1B}[?2026l\u{1B}[0m\u{1B}[?25h\u{1B}[2B\r\n".utf8), "down 2 rows, newline")
        XCTAssertTrue(device.simulateTerminatingSignal())
        var terminal = try ANSIScreen(size: size)
        terminal.apply(device.output)
        XCTAssertEqual(terminal.screen.text(ofRow: 2).trimmingCharacters(in: .whitespaces), "three")
        XCTAssertEqual([terminal.cursorRow, terminal.cursorColumn], [3, 0])
        XCTAssertTrue(terminal.isCursorVisible)
    }

    func testProgressBarsFollowASpringAndDrawEighths() throws {
        let bar = LiveProgress(fraction: 1, width: 10, filledStyle: .plain, emptyStyle: .plain)
        XCTAssertEqual(bar.line(showing: 0.5).plainText, "█████░░░░░  50%")
        XCTAssertEqual(bar.line(showing: 0.55).plainText, "█████▌░░░░  55%")
        XCTAssertEqual(bar.line(showing: 0.999).plainText, "█████████▉  99%", "100% only when full")
        XCTAssertEqual(bar.line(showing: 1.5).plainText, "██████████ 100%")
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 3))
        let clock = ManualClock()
        let live = try region(device, clock: clock)
        try live.update(LiveLine(.progress(bar)))
        // bubbles' spring (ω 18 rad/s, critically damped) from 0: 1 − (1 + 18t)e^(−18t) at t = 0.1 s is 53.7 %.
        clock.advance(by: 0.1)
        try live.drawFrame()
        var terminal = try ANSIScreen(size: TerminalSize(columns: 20, rows: 3))
        terminal.apply(device.output)
        XCTAssertEqual(
            terminal.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "█████▎░░░░  53%", "42 eighths")
        XCTAssertEqual(live.animationEndTime, 0.6, accuracy: 0.1, "settled within 1/10,000 after about 0.6 s")
        XCTAssertThrowsError(try live.update(LiveLine(.progress(LiveProgress(fraction: .nan))))) {
            XCTAssertEqual("\($0)", "invalid live progress fraction 'nan': it must be a finite number in 0…1")
        }
        XCTAssertThrowsError(try live.update(LiveLine(.count(LiveCount(.infinity))))) {
            XCTAssertEqual("\($0)", "invalid live count value 'inf': it must be finite and within ±10¹⁵")
        }
    }

    func testRunDrawsFramesWhileTheBodyWorksAndEndsOnTheFinalValues() async throws {
        let size = TerminalSize(columns: 30, rows: 10)
        let device = RecordingTerminal(size: size)
        let clock = ManualClock()
        let summary = try await LiveRegion.run(
            device: device, environment: TerminalEnvironment(), clock: clock
        ) { region in
            for step in 1...3 {
                region.print("deployed service \(step)")
                try region.update([
                    LiveLine(.text("files "), .count(LiveCount(Double(step * 400)))),
                    LiveLine(.shimmer(TerminalShimmer(text: "deploying"))),
                ])
                try await clock.sleep(until: clock.now + 0.5)
            }
            return region.statistics.logLines
        }
        XCTAssertEqual(summary, 3)
        var terminal = try ANSIScreen(size: size)
        terminal.apply(device.output)
        XCTAssertEqual(terminal.unsupported, [])
        XCTAssertEqual(
            (0..<6).map { terminal.screen.text(ofRow: $0).trimmingCharacters(in: .whitespaces) },
            ["deployed service 1", "deployed service 2", "deployed service 3", "files 1,200", "deploying", ""])
        XCTAssertEqual(terminal.screen[0, 4].style, .plain, "the shimmer ends as plain text")
        XCTAssertTrue(terminal.isCursorVisible)
        XCTAssertNil(device.armedRestore)
    }

    func testRunFinishesTheRegionWhenTheBodyThrows() async throws {
        struct Failure: Error {}
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 4))
        let clock = ManualClock()
        do {
            try await LiveRegion.run(device: device, environment: TerminalEnvironment(), clock: clock) { region in
                try region.update(["half way"])
                try await clock.sleep(until: 1)
                throw Failure()
            }
            XCTFail("the error is rethrown")
        } catch is Failure {}
        var terminal = try ANSIScreen(size: TerminalSize(columns: 20, rows: 4))
        terminal.apply(device.output)
        XCTAssertEqual(terminal.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "half way")
        XCTAssertTrue(terminal.isCursorVisible)
        XCTAssertNil(device.armedRestore)
    }
}
