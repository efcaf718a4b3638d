import KineticCore
import XCTest

@testable import KineticTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class TerminalSessionTests: XCTestCase {
    private let restoreSequence = "\u{1B}[?2026l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    private func frame(_ size: TerminalSize, _ text: String, style: CellStyle = .plain) throws -> TerminalScreen {
        var screen = try TerminalScreen(size: size)
        screen.put(text, column: 1, row: 1, style: style)
        return screen
    }

    func testFullScreenSessionEntersDrawsAndRestores() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 5))
        let session = try TerminalSession(device: device, environment: TerminalEnvironment(colorTerm: "truecolor"))
        var terminal = try ANSIScreen(size: TerminalSize(columns: 20, rows: 5))
        terminal.apply("$ kinetic play count\r\n")
        try session.start()
        XCTAssertTrue(device.isRaw)
        XCTAssertEqual(device.armedRestore.map { String(decoding: $0, as: UTF8.self) }, restoreSequence)
        XCTAssertEqual(session.beginFrame(), TerminalSize(columns: 20, rows: 5))
        let screen = try frame(session.size, "42", style: CellStyle(foreground: .rgb(1, 2, 3)))
        try session.draw(screen)
        terminal.apply(device.output)
        XCTAssertTrue(terminal.isAlternateScreen)
        XCTAssertFalse(terminal.isCursorVisible)
        XCTAssertEqual(terminal.screen, screen)
        XCTAssertEqual(session.frameCount, 1)
        XCTAssertEqual(session.lastFrame.byteCount, session.byteCount - 14, "the frame plus 14 bytes to enter")

        device.clearOutput()
        try session.end(finalLines: [StyledLine("100", style: CellStyle(isBold: true))])
        XCTAssertTrue(device.text.hasPrefix(restoreSequence))
        terminal.apply(device.output)
        XCTAssertFalse(terminal.isAlternateScreen)
        XCTAssertTrue(terminal.isCursorVisible)
        XCTAssertEqual(terminal.screen.text(ofRow: 0), "$ kinetic play count" + "")
        XCTAssertEqual(terminal.screen.text(ofRow: 1).prefix(3), "100", "the final value stays on the normal screen")
        XCTAssertEqual(terminal.screen[0, 1].style, CellStyle(isBold: true))
        XCTAssertEqual(terminal.pen, .plain)
        XCTAssertFalse(device.isRaw)
        XCTAssertNil(device.armedRestore)
        XCTAssertEqual(terminal.unsupported, [])
    }

    func testSignalPathWritesTheRestoreSequence() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 10, rows: 3))
        let session = try TerminalSession(device: device, environment: TerminalEnvironment())
        try session.start()
        try session.draw(try frame(session.size, "7", style: CellStyle(background: .indexed(4))))
        // A frame's synchronized output can be cut off half way by Ctrl-C: simulate that too.
        try device.write(Array("\u{1B}[?2026h\u{1B}[1;38;5;9mhalf".utf8))
        XCTAssertTrue(device.simulateTerminatingSignal())
        XCTAssertTrue(device.text.hasSuffix(restoreSequence))
        var terminal = try ANSIScreen(size: TerminalSize(columns: 10, rows: 3))
        terminal.apply(device.output)
        XCTAssertFalse(terminal.isAlternateScreen)
        XCTAssertTrue(terminal.isCursorVisible)
        XCTAssertFalse(terminal.isSynchronizedOutput)
        XCTAssertEqual(terminal.pen, .plain)
        XCTAssertFalse(device.isRaw)
        XCTAssertFalse(device.simulateTerminatingSignal(), "restored once")
    }

    func testDeinitRestoresWhenEndWasSkipped() throws {
        let device = RecordingTerminal()
        do {
            let session = try TerminalSession(device: device, environment: TerminalEnvironment())
            try session.start()
        }
        XCTAssertTrue(device.text.hasSuffix(restoreSequence))
        XCTAssertFalse(device.isRaw)
        XCTAssertNil(device.armedRestore)
    }

    func testNotATerminalWritesNoEscapeCodes() throws {
        let device = RecordingTerminal()
        let environment = TerminalEnvironment(isOutputTerminal: false)
        XCTAssertEqual(environment.outputMode, .plain)
        XCTAssertEqual(environment.colorSupport, ColorSupport.none)
        let session = try TerminalSession(device: device, environment: environment)
        try session.start()
        try session.draw(try frame(session.size, "1", style: CellStyle(foreground: .rgb(9, 9, 9))))
        try session.end(finalLines: [StyledLine("5", style: CellStyle(foreground: .rgb(255, 0, 0)))])
        XCTAssertEqual(device.text, "5\n")
        XCTAssertFalse(device.output.contains(0x1B))
        XCTAssertFalse(device.isRaw)
    }

    func testDumbTerminalWritesPlainLinesOnly() throws {
        let device = RecordingTerminal()
        let environment = TerminalEnvironment(term: "dumb")
        XCTAssertEqual(environment.outputMode, .lines)
        let session = try TerminalSession(device: device, environment: environment)
        try session.start()
        try session.draw(try frame(session.size, "1"))
        try session.end(finalLines: ["done"])
        XCTAssertEqual(device.text, "done\n")
        XCTAssertEqual(TerminalEnvironment(term: "").outputMode, .lines)
        XCTAssertEqual(TerminalEnvironment(term: nil).outputMode, .lines)
    }

    func testNoColorFramesHaveNoColour() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 12, rows: 3))
        let environment = TerminalEnvironment(colorTerm: "truecolor", noColor: true)
        XCTAssertEqual(environment.colorSupport, ColorSupport.none)
        let session = try TerminalSession(device: device, environment: environment)
        try session.start()
        try session.draw(try frame(session.size, "red", style: CellStyle(foreground: .rgb(255, 0, 0), isBold: true)))
        try session.end(finalLines: [StyledLine("ok", style: CellStyle(foreground: .rgb(0, 255, 0)))])
        var terminal = try ANSIScreen(size: session.size)
        terminal.apply(device.output)
        XCTAssertEqual(terminal.screen.text(ofRow: 0).prefix(2), "ok")
        for colour in ["38;", "48;", "[39", "[49", ";39", ";49"] {
            XCTAssertFalse(device.text.contains(colour), "NO_COLOR output contains \(colour)")
        }
        XCTAssertTrue(device.text.contains("red"))
    }

    func testColourSupportFromTheEnvironment() {
        XCTAssertEqual(TerminalEnvironment(colorTerm: "truecolor").colorSupport, .trueColor)
        XCTAssertEqual(TerminalEnvironment(colorTerm: "24bit").colorSupport, .trueColor)
        XCTAssertEqual(TerminalEnvironment(term: "xterm-direct").colorSupport, .trueColor)
        XCTAssertEqual(TerminalEnvironment(term: "xterm-256color").colorSupport, .palette256)
        XCTAssertEqual(TerminalEnvironment(term: "xterm").colorSupport, .palette16)
    }

    func testResizeRedrawsEverythingWithoutGarbage() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 5))
        let session = try TerminalSession(device: device, environment: TerminalEnvironment())
        try session.start()
        try session.draw(try frame(session.beginFrame(), "before the resize, a long line"))
        device.simulateResize(to: TerminalSize(columns: 30, rows: 8))
        device.clearOutput()
        let size = session.beginFrame()
        XCTAssertEqual(size, TerminalSize(columns: 30, rows: 8))
        let after = try frame(size, "after")
        try session.draw(after)
        XCTAssertTrue(session.lastFrame.isFullRedraw)
        // Whatever the terminal made of the old picture when it reflowed, the new frame replaces all of it.
        var rng = SeededRandom(seed: 9)
        var terminal = ANSIScreen(showing: try RandomScreens.screen(&rng, size: size, strokes: 30))
        terminal.apply(device.output)
        XCTAssertEqual(terminal.screen, after)
        XCTAssertEqual(session.beginFrame(), size, "one resize, one redraw")
    }

    func testKeysAreParsed() throws {
        let device = RecordingTerminal()
        let session = try TerminalSession(device: device, environment: TerminalEnvironment())
        try session.start()
        device.pendingInput = Array("x\u{1B}[Aé".utf8) + [0x03]
        XCTAssertEqual(session.readKeys(), [.character("x"), .sequence(Array("[A".utf8)), .character("é"), .interrupt])
        device.pendingInput = Array("q".utf8)
        XCTAssertEqual(session.readKeys().map(\.requestsQuit), [true])
        XCTAssertEqual(TerminalKey.parse([0x1B]), [.escape])
        XCTAssertFalse(TerminalKey.sequence([0x5B, 0x41]).requestsQuit)
        try session.end()
        device.pendingInput = Array("q".utf8)
        XCTAssertEqual(session.readKeys(), [], "no keys once the session ended")
    }

    func testInlineSessionDrawsOnTheCurrentLineOnly() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 6))
        let session = try TerminalSession(
            device: device, environment: TerminalEnvironment(), presentation: .inline(rows: 2), readsKeys: false)
        var terminal = try ANSIScreen(size: TerminalSize(columns: 20, rows: 6))
        terminal.apply("one\r\ntwo\r\n")
        try session.start()
        XCTAssertFalse(device.isRaw)
        XCTAssertEqual(session.size, TerminalSize(columns: 20, rows: 2))
        var screen = try TerminalScreen(size: session.size)
        screen.put("progress 1", column: 0, row: 0)
        screen.put("detail", column: 2, row: 1)
        try session.draw(screen)
        screen.put("progress 2", column: 0, row: 0)
        terminal.apply(device.output)
        device.clearOutput()
        try session.draw(screen)
        // From after "detail" (row 1, column 8): up one, right one, the new digit.
        XCTAssertEqual(device.text, "\u{1B}[?2026h\u{1B}[A\u{1B}[C2\u{1B}[?2026l")
        try session.end()
        terminal.apply(device.output)
        XCTAssertEqual(
            terminal.screen.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) },
            [
                "one", "two", "progress 2", "detail", "", "",
            ])
        XCTAssertEqual(terminal.cursorRow, 4)
        XCTAssertEqual(terminal.cursorColumn, 0)
        XCTAssertTrue(terminal.isCursorVisible)
        XCTAssertFalse(String(decoding: device.output, as: UTF8.self).contains("H"), "no absolute moves inline")
        XCTAssertEqual(terminal.unsupported, [])
    }

    func testInlineAreaScrollsIntoViewAtTheBottom() throws {
        let device = RecordingTerminal(size: TerminalSize(columns: 10, rows: 3))
        let session = try TerminalSession(
            device: device, environment: TerminalEnvironment(), presentation: .inline(rows: 2), readsKeys: false)
        var terminal = try ANSIScreen(size: TerminalSize(columns: 10, rows: 3))
        terminal.apply("a\r\nb\r\nc")
        try session.start()
        var screen = try TerminalScreen(size: session.size)
        screen.put("X", column: 0, row: 0)
        screen.put("Y", column: 0, row: 1)
        try session.draw(screen)
        try session.end()
        terminal.apply(device.output)
        XCTAssertEqual(terminal.screen.text, "X         \nY         \n          ")
    }

    func testInlineRowsAreChecked() {
        XCTAssertThrowsError(
            try TerminalSession(
                device: RecordingTerminal(), environment: TerminalEnvironment(), presentation: .inline(rows: 0))
        ) { error in
            XCTAssertEqual("\(error)", "invalid inline rows '0': an inline area has 1…4096 rows")
        }
    }

    /// The real handler's restore path: the preallocated sequence goes to the armed descriptor, once.
    func testEmergencyRestoreWritesThePreallocatedSequence() throws {
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        EmergencyRestore.arm(restore: Array(restoreSequence.utf8), reenter: [], output: descriptors[1], input: -1)
        XCTAssertTrue(EmergencyRestore.isArmed)
        XCTAssertTrue(EmergencyRestore.restoreFromSignalHandler())
        XCTAssertFalse(EmergencyRestore.restoreFromSignalHandler(), "a second signal writes nothing")
        var buffer = [UInt8](repeating: 0, count: 100)
        let count = read(descriptors[0], &buffer, 100)
        XCTAssertEqual(String(decoding: buffer[0..<max(0, count)], as: UTF8.self), restoreSequence)
        EmergencyRestore.disarm()
    }

    /// SIGWINCH goes through the installed handler and becomes a redraw request; disarming puts back the
    /// previous handler.
    func testResizeSignalRequestsARedraw() throws {
        var before = sigaction()
        sigaction(SIGWINCH, nil, &before)
        EmergencyRestore.arm(restore: [], reenter: [], output: -1, input: -1)
        _ = EmergencyRestore.takeRedrawRequest()
        raise(SIGWINCH)
        XCTAssertTrue(EmergencyRestore.takeRedrawRequest())
        XCTAssertFalse(EmergencyRestore.takeRedrawRequest())
        EmergencyRestore.disarm()
        var after = sigaction()
        sigaction(SIGWINCH, nil, &after)
        #if os(Linux)
            XCTAssertEqual(
                unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self),
                unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self))
        #endif
    }

    /// A signal ignored before arming (nohup) stays ignored: the handler must not turn it back on.
    func testIgnoredSignalsStayIgnored() throws {
        var original = sigaction()
        sigaction(SIGHUP, nil, &original)
        defer { sigaction(SIGHUP, &original, nil) }
        signal(SIGHUP, SIG_IGN)
        EmergencyRestore.arm(restore: [], reenter: [], output: -1, input: -1)
        var during = sigaction()
        sigaction(SIGHUP, nil, &during)
        var winch = sigaction()
        sigaction(SIGWINCH, nil, &winch)
        EmergencyRestore.disarm()
        #if os(Linux)
            XCTAssertEqual(unsafeBitCast(during.__sigaction_handler.sa_handler, to: Int.self), 1, "still SIG_IGN")
            XCTAssertGreaterThan(
                unsafeBitCast(winch.__sigaction_handler.sa_handler, to: Int.self), 1, "SIGWINCH is handled")
        #endif
    }
}
