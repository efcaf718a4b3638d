import XCTest

@testable import KineticTerminal

/// The exact bytes a session writes for one small frame sequence under each colour profile, and under CI.
///
/// The sequence: a 6 × 2 full-screen session; frame 1 is "Hi" in bold orange on blue at (1, 0); frame 2 changes
/// the "i" to an "o" in grey; the session ends with the final line "ok" in green. The colours as each profile
/// writes them: 24-bit as given; 256: orange 208, blue 20, grey 244, green 40 (the cube and ramp entries
/// nearest); 16: orange → yellow 33, blue → 44, grey → bright black 90, green → 32; none: bold only.
final class EscapeStreamProfileTests: XCTestCase {
    private let size = TerminalSize(columns: 6, rows: 2)

    private func stream(_ environment: TerminalEnvironment) throws -> String {
        let device = RecordingTerminal(size: size)
        let session = try TerminalSession(device: device, environment: environment, readsKeys: false)
        try session.start()
        var screen = try TerminalScreen(size: session.beginFrame())
        let orange = CellStyle(foreground: .rgb(255, 128, 0), background: .rgb(0, 0, 200), isBold: true)
        screen.put("Hi", column: 1, row: 0, style: orange)
        try session.draw(screen)
        screen.put("o", column: 2, row: 0, style: CellStyle(foreground: .rgb(128, 128, 128)))
        try session.draw(screen)
        try session.end(finalLines: [StyledLine("ok", style: CellStyle(foreground: .rgb(0, 200, 0)))])
        return device.text
    }

    private func environment(_ variables: [String: String]) -> TerminalEnvironment {
        TerminalEnvironment(variables: variables, isOutputTerminal: true, isInputTerminal: false)
    }

    private let enter = "\u{1B}[?1049h\u{1B}[?25l"
    private let restore = "\u{1B}[?2026l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    func testTrueColor() throws {
        XCTAssertEqual(
            try stream(environment(["TERM": "xterm-256color", "COLORTERM": "truecolor"])),
            enter
                + "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[1;2H\u{1B}[1;38;2;255;128;0;48;2;0;0;200mHi\u{1B}[?2026l"
                + "\u{1B}[?2026h\u{1B}[D\u{1B}[0;38;2;128;128;128mo\u{1B}[?2026l"
                + restore + "\u{1B}[38;2;0;200;0mok\u{1B}[0m\n")
    }

    func testPalette256() throws {
        XCTAssertEqual(
            try stream(environment(["TERM": "xterm-256color"])),
            enter
                + "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[1;2H\u{1B}[1;38;5;208;48;5;20mHi\u{1B}[?2026l"
                + "\u{1B}[?2026h\u{1B}[D\u{1B}[0;38;5;244mo\u{1B}[?2026l"
                + restore + "\u{1B}[38;5;40mok\u{1B}[0m\n")
    }

    func testPalette16() throws {
        XCTAssertEqual(
            try stream(environment(["TERM": "xterm"])),
            enter
                + "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[1;2H\u{1B}[1;33;44mHi\u{1B}[?2026l"
                + "\u{1B}[?2026h\u{1B}[D\u{1B}[0;90mo\u{1B}[?2026l"
                + restore + "\u{1B}[32mok\u{1B}[0m\n")
    }

    func testNoColor() throws {
        XCTAssertEqual(
            try stream(environment(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"])),
            enter
                + "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[1;2H\u{1B}[1mHi\u{1B}[?2026l"
                + "\u{1B}[?2026h\u{1B}[D\u{1B}[0mo\u{1B}[?2026l"
                + restore + "ok\n")
    }

    func testContinuousIntegrationWritesTheFinalLineOnly() throws {
        XCTAssertEqual(
            try stream(environment(["TERM": "xterm-256color", "CI": "true"])), "\u{1B}[38;5;40mok\u{1B}[0m\n")
        let piped = TerminalEnvironment(
            variables: ["TERM": "xterm-256color", "CI": "true"], isOutputTerminal: false, isInputTerminal: false)
        XCTAssertEqual(try stream(piped), "ok\n")
    }

    /// Every profile's stream, applied to the emulator, shows the same characters; the colours are each profile's
    /// mapping of the same RGB values.
    func testEveryProfileShowsTheSameText() throws {
        for variables in [
            ["TERM": "xterm", "COLORTERM": "truecolor"], ["TERM": "xterm-256color"], ["TERM": "xterm"],
            ["TERM": "xterm", "NO_COLOR": "1"],
        ] {
            let device = RecordingTerminal(size: size)
            let session = try TerminalSession(device: device, environment: environment(variables), readsKeys: false)
            try session.start()
            var screen = try TerminalScreen(size: size)
            screen.put("Hi", column: 1, row: 0, style: CellStyle(foreground: .rgb(255, 128, 0)))
            try session.draw(screen)
            var terminal = try ANSIScreen(size: size)
            terminal.apply(device.output)
            XCTAssertEqual(terminal.screen.text(ofRow: 0), " Hi   ", "\(variables)")
            XCTAssertEqual(
                terminal.screen.cells[1].style.foreground,
                TerminalColor.rgb(255, 128, 0).adapted(to: session.colorSupport))
            XCTAssertEqual(terminal.unsupported, [])
        }
    }
}
