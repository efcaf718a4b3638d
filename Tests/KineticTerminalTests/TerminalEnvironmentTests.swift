import XCTest

@testable import KineticTerminal

/// Capability detection as a pure function of the variables: one row per combination, with what Rich, termenv
/// (colorprofile), supports-color and the conventions (no-color.org, bixense.com/clicolors) decide.
final class TerminalEnvironmentTests: XCTestCase {
    private struct Row {
        var variables: [String: String]
        var tty = true
        var mode: TerminalEnvironment.OutputMode
        var colors: ColorSupport
        var line: UInt
    }

    private func row(
        _ variables: [String: String], tty: Bool = true, _ mode: TerminalEnvironment.OutputMode,
        _ colors: ColorSupport, line: UInt = #line
    ) -> Row {
        Row(variables: variables, tty: tty, mode: mode, colors: colors, line: line)
    }

    func testDetectionTable() {
        let rows: [Row] = [
            // TERM alone.
            row(["TERM": "xterm-256color"], .ansi, .palette256),
            row(["TERM": "screen-256color"], .ansi, .palette256),
            row(["TERM": "rxvt-unicode-256color"], .ansi, .palette256),
            row(["TERM": "putty-256"], .ansi, .palette256),
            row(["TERM": "xterm"], .ansi, .palette16),
            row(["TERM": "screen"], .ansi, .palette16),
            row(["TERM": "linux"], .ansi, .palette16),
            row(["TERM": "vt100"], .ansi, .palette16),
            row(["TERM": "ansi"], .ansi, .palette16),
            row(["TERM": "some-unknown-terminal"], .ansi, .palette16),
            row(["TERM": "xterm-direct"], .ansi, .trueColor),
            row(["TERM": "xterm-kitty"], .ansi, .trueColor),
            row(["TERM": "xterm-ghostty"], .ansi, .trueColor),
            row(["TERM": "alacritty"], .ansi, .trueColor),
            row(["TERM": "dumb"], .lines, .none),
            row(["TERM": ""], .lines, .none),
            row([:], .lines, .none),
            // COLORTERM.
            row(["TERM": "xterm", "COLORTERM": "truecolor"], .ansi, .trueColor),
            row(["TERM": "xterm-256color", "COLORTERM": "24bit"], .ansi, .trueColor),
            row(["TERM": "xterm-256color", "COLORTERM": "yes"], .ansi, .palette256),
            row(["TERM": "dumb", "COLORTERM": "truecolor"], .lines, .none),
            // TERM_PROGRAM.
            row(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .ansi, .trueColor),
            row(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .ansi, .trueColor),
            row(["TERM": "xterm", "TERM_PROGRAM": "Apple_Terminal"], .ansi, .palette256),
            // tmux: 24-bit only when COLORTERM says so.
            row(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,1,0"], .ansi, .palette256),
            row(["TERM": "screen-256color", "TMUX": "/tmp/t,1,0", "COLORTERM": "truecolor"], .ansi, .trueColor),
            row(["TERM": "xterm-kitty", "TMUX": "/tmp/t,1,0"], .ansi, .palette16),
            row(["TERM": "tmux-256color", "TERM_PROGRAM": "iTerm.app"], .ansi, .palette256),
            row(["TERM": "screen", "TMUX": "/tmp/t,1,0"], .ansi, .palette16),
            // NO_COLOR removes colour, never the animation.
            row(["TERM": "xterm-256color", "NO_COLOR": "1"], .ansi, .none),
            row(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "yes"], .ansi, .none),
            row(["TERM": "xterm-256color", "NO_COLOR": ""], .ansi, .palette256),
            // Not a terminal: no colour unless forced.
            row(["TERM": "xterm-256color"], tty: false, .plain, .none),
            row(["TERM": "xterm-256color", "COLORTERM": "truecolor"], tty: false, .plain, .none),
            // FORCE_COLOR: 0 disables, 1/2/3 are at least 16/256/24-bit; it beats NO_COLOR and the missing tty.
            row(["TERM": "xterm-256color", "FORCE_COLOR": "0"], .ansi, .none),
            row(["TERM": "xterm-256color", "FORCE_COLOR": "false"], .ansi, .none),
            row(["TERM": "xterm-256color", "FORCE_COLOR": "1"], tty: false, .plain, .palette256),
            row(["TERM": "xterm", "FORCE_COLOR": "1"], tty: false, .plain, .palette16),
            row(["TERM": "xterm", "FORCE_COLOR": "2"], tty: false, .plain, .palette256),
            row(["TERM": "xterm", "FORCE_COLOR": "3"], tty: false, .plain, .trueColor),
            row(["TERM": "xterm", "FORCE_COLOR": "99999999999999999999999"], .ansi, .trueColor),
            row(["TERM": "xterm", "FORCE_COLOR": "03"], .ansi, .trueColor),
            row(["TERM": "xterm", "FORCE_COLOR": "000"], .ansi, .none),
            row(["TERM": "xterm", "FORCE_COLOR": ""], tty: false, .plain, .palette16),
            row(["TERM": "xterm", "FORCE_COLOR": "true"], tty: false, .plain, .palette16),
            row(["TERM": "xterm", "FORCE_COLOR": "-4"], tty: false, .plain, .palette16),
            row(["FORCE_COLOR": "1"], tty: false, .plain, .palette16),
            row(["TERM": "dumb", "FORCE_COLOR": "2"], .lines, .palette256),
            row(["TERM": "xterm-256color", "NO_COLOR": "1", "FORCE_COLOR": "1"], .ansi, .palette256),
            row(["TERM": "xterm", "FORCE_COLOR": "1", "COLORTERM": "truecolor"], tty: false, .plain, .trueColor),
            // CLICOLOR_FORCE: colour no matter what, except 0 or empty.
            row(["TERM": "xterm-256color", "CLICOLOR_FORCE": "1"], tty: false, .plain, .palette256),
            row(["TERM": "xterm-256color", "CLICOLOR_FORCE": "1", "NO_COLOR": "1"], .ansi, .palette256),
            row(["TERM": "xterm-256color", "CLICOLOR_FORCE": "0"], tty: false, .plain, .none),
            row(["TERM": "xterm-256color", "CLICOLOR_FORCE": ""], tty: false, .plain, .none),
            row(["TERM": "xterm-256color", "CLICOLOR_FORCE": "1", "FORCE_COLOR": "0"], .ansi, .none),
            // CI: plain lines (no cursor movement), colour as the terminal allows.
            row(["TERM": "xterm-256color", "CI": "true"], .plain, .palette256),
            row(["TERM": "xterm-256color", "CI": "1"], tty: false, .plain, .none),
            row(["TERM": "xterm-256color", "CI": "true", "FORCE_COLOR": "3"], tty: false, .plain, .trueColor),
            row(["TERM": "xterm-256color", "CI": "false"], .ansi, .palette256),
            row(["TERM": "xterm-256color", "CI": "0"], .ansi, .palette256),
            row(["TERM": "xterm-256color", "CI": ""], .ansi, .palette256),
            row(["TERM": "xterm-256color", "CI": "true", "NO_COLOR": "1"], .plain, .none),
        ]
        for row in rows {
            let environment = TerminalEnvironment(
                variables: row.variables, isOutputTerminal: row.tty, isInputTerminal: row.tty)
            XCTAssertEqual(environment.outputMode, row.mode, "\(row.variables) tty \(row.tty)", line: row.line)
            XCTAssertEqual(environment.colorSupport, row.colors, "\(row.variables) tty \(row.tty)", line: row.line)
        }
    }

    func testTheProgramsChoiceBeatsEveryVariable() {
        let piped = ["TERM": "xterm-256color", "NO_COLOR": "1", "FORCE_COLOR": "0"]
        var environment = TerminalEnvironment(variables: piped, isOutputTerminal: false, isInputTerminal: false)
        XCTAssertEqual(environment.colorSupport, ColorSupport.none)
        environment.colorChoice = .always
        XCTAssertEqual(environment.colorSupport, .palette256, "always: the detected depth")
        environment.colorChoice = .exactly(.palette16)
        XCTAssertEqual(environment.colorSupport, .palette16)
        environment.colorChoice = .exactly(.trueColor)
        XCTAssertEqual(environment.colorSupport, .trueColor)
        XCTAssertEqual(environment.outputMode, .plain, "the choice is about colour, not about animation")
        var truecolor = TerminalEnvironment(
            variables: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isOutputTerminal: true,
            isInputTerminal: true)
        truecolor.colorChoice = .never
        XCTAssertEqual(truecolor.colorSupport, ColorSupport.none)
        truecolor.colorChoice = .always
        XCTAssertEqual(truecolor.colorSupport, .trueColor)
        let unknown = TerminalEnvironment(variables: [:], isOutputTerminal: false, isInputTerminal: false)
        XCTAssertEqual(
            TerminalEnvironment(
                isOutputTerminal: false, term: nil, colorChoice: .always
            ).colorSupport, .palette16, "always with nothing known: 16 colours")
        XCTAssertEqual(unknown.colorSupport, ColorSupport.none)
    }

    func testParsedFacts() {
        let environment = TerminalEnvironment(
            variables: [
                "TERM": "screen-256color", "TMUX": "/tmp/t,1,0", "TERM_PROGRAM": "tmux", "CI": "true",
                "HOME": "/home/me",
            ], isOutputTerminal: true, isInputTerminal: false)
        XCTAssertTrue(environment.isTmux)
        XCTAssertTrue(environment.isContinuousIntegration)
        XCTAssertEqual(environment.termProgram, "tmux")
        XCTAssertFalse(environment.isInputTerminal)
        XCTAssertNil(environment.forcedColor)
        XCTAssertTrue(
            TerminalEnvironment(variables: ["TERM": "tmux"], isOutputTerminal: true, isInputTerminal: true).isTmux)
        XCTAssertEqual(
            TerminalEnvironment.variableNames.sorted(),
            ["CI", "CLICOLOR_FORCE", "COLORTERM", "FORCE_COLOR", "NO_COLOR", "TERM", "TERM_PROGRAM", "TMUX"])
    }

    func testTheOldMemberwiseDefaultsAreUnchanged() {
        let environment = TerminalEnvironment()
        XCTAssertEqual(environment.outputMode, .ansi)
        XCTAssertEqual(environment.colorSupport, .palette256)
        XCTAssertEqual(environment.colorChoice, .auto)
        XCTAssertEqual(ColorSupport.allCases, [.none, .palette16, .palette256, .trueColor])
        XCTAssertLessThan(ColorSupport.palette16, .palette256)
    }
}
