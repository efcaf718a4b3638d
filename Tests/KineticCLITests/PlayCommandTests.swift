import Foundation
import KineticTestSupport
import XCTest

/// `kinetic play`: plain output into pipes, argument errors, and live playback in a real terminal (tmux).
final class PlayCommandTests: XCTestCase {
    func testCountIntoAPipePrintsOnlyTheFinalValue() throws {
        for extra in [[], ["--inline"], ["--pixels"]] {
            let result = try KineticProcess.run(["play", "count", "--to", "5"] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "5\n", "\(extra)")
            XCTAssertFalse(result.stdout.contains("\u{1B}"), "no escape codes into a pipe")
        }
    }

    func testOtherEffectsIntoAPipe() throws {
        let elevator = try KineticProcess.run(["play", "elevator", "--values", "1,2,30", "--interval", "0.1"])
        XCTAssertEqual(elevator.stdout, "30\n")
        let shimmer = try KineticProcess.run(["play", "shimmer", "--text", "slide to unlock"])
        XCTAssertEqual(shimmer.stdout, "slide to unlock\n")
        // Pixels without colour: the final frame as blocks, 80 × 23 cells (the 80 × 24 fallback less a row).
        let collapse = try KineticProcess.run(["play", "collapse", "--duration", "0.5"])
        XCTAssertEqual(collapse.status, 0, collapse.stderr)
        let lines = collapse.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 23)
        XCTAssertTrue(lines.allSatisfy { $0.count == 80 })
        XCTAssertTrue(collapse.stdout.contains("█"))
        XCTAssertFalse(collapse.stdout.contains("\u{1B}"))
    }

    func testArgumentErrors() throws {
        let rate = try KineticProcess.run(["play", "count", "--fps", "50"])
        XCTAssertEqual(rate.status, 64)
        XCTAssertEqual(rate.stderr, "kinetic play count: --fps must be 30, 60 or 120 (got 50)\n")
        let both = try KineticProcess.run(["play", "shimmer", "--inline", "--pixels"])
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(both.stderr.contains("choose one"), both.stderr)
        let inlineCollapse = try KineticProcess.run(["play", "collapse", "--inline"])
        XCTAssertEqual(inlineCollapse.status, 64)
        XCTAssertTrue(inlineCollapse.stderr.contains("unknown option '--inline'"), inlineCollapse.stderr)
    }

    func testCountPlaysLiveAndEndsOnItsValue() throws {
        let tmux = try TmuxPane.start(shellCommand: "clear; \(KineticProcess.executable.path) play count --to 100")
        defer { tmux.stop() }
        var seen: [Int] = []
        var finalScreen: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let screen = try tmux.capture()
            if screen.contains(where: { $0.hasPrefix("EXIT=") }) {
                finalScreen = screen
                break
            }
            if try tmux.state("alternate_on") == "1",
                let value = screen.compactMap({ Int($0.trimmingCharacters(in: .whitespaces)) }).first
            {
                seen.append(value)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertEqual(finalScreen.first, "100", "the final value on the normal screen: \(finalScreen)")
        XCTAssertEqual(finalScreen.dropFirst().first, "EXIT=0")
        XCTAssertGreaterThanOrEqual(Set(seen).count, 3, "the digits progress: \(seen)")
        XCTAssertEqual(seen, seen.sorted(), "a count up never goes down")
        XCTAssertTrue(seen.allSatisfy { (0...100).contains($0) }, "\(seen)")
        XCTAssertEqual(try tmux.state("cursor_flag"), "1", "the cursor is visible again")
    }

    func testControlCRestoresTheTerminal() throws {
        let tmux = try TmuxPane.start(
            shellCommand: "clear; \(KineticProcess.executable.path) play showcase --loop", reportingStatus: false)
        defer { tmux.stop() }
        try tmux.wait(until: "alternate_on", is: "1")
        XCTAssertEqual(try tmux.state("cursor_flag"), "0", "the cursor is hidden while playing")
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertTrue(try tmux.capture().joined().contains("▀"), "pixels are drawn")
        try tmux.sendKeys("C-c")
        try tmux.wait(until: "alternate_on", is: "0")
        try tmux.sendKeys("echo EXIT=$?", "Enter")
        try tmux.waitForLine { $0.hasPrefix("EXIT=") }
        let screen = try tmux.capture()
        XCTAssertTrue(screen.contains("EXIT=130"), "ended by SIGINT: \(screen)")
        XCTAssertEqual(try tmux.state("cursor_flag"), "1", "the cursor is shown again")
    }

    func testQQuitsWithoutPrintingTheValue() throws {
        let tmux = try TmuxPane.start(
            shellCommand: "clear; \(KineticProcess.executable.path) play count --to 1000 --loop")
        defer { tmux.stop() }
        try tmux.wait(until: "alternate_on", is: "1")
        try tmux.sendKeys("q")
        try tmux.waitForLine { $0.hasPrefix("EXIT=") }
        XCTAssertEqual(try tmux.capture().first, "EXIT=0", "nothing printed before the shell's line")
        XCTAssertEqual(try tmux.state("alternate_on"), "0")
        XCTAssertEqual(try tmux.state("cursor_flag"), "1")
    }

    func testStatisticsRowAndTotals() throws {
        let tmux = try TmuxPane.start(
            shellCommand: "clear; \(KineticProcess.executable.path) play count --to 50 --stats 2>&1")
        defer { tmux.stop() }
        try tmux.wait(until: "alternate_on", is: "1")
        Thread.sleep(forTimeInterval: 0.5)
        let bottom = try tmux.capture().last ?? ""
        XCTAssertNotNil(
            bottom.range(of: #"^ \d+ B/frame · \d+ cells · \d+ moves"#, options: .regularExpression), bottom)
        try tmux.wait(until: "alternate_on", is: "0")
        // The totals follow the final value on the normal screen; on a loaded machine they can take a moment.
        let totals = #"^kinetic play count: \d+ frames, \d+ bytes, \d+ bytes per frame, \d+ frames dropped$"#
        var screen = try tmux.capture()
        for _ in 0..<50 where !screen.contains(where: { $0.range(of: totals, options: .regularExpression) != nil }) {
            Thread.sleep(forTimeInterval: 0.1)
            screen = try tmux.capture()
        }
        XCTAssertEqual(screen.first, "50")
        XCTAssertTrue(
            screen.contains {
                $0.range(
                    of: #"^kinetic play count: \d+ frames, \d+ bytes, \d+ bytes per frame, \d+ frames dropped$"#,
                    options: .regularExpression) != nil
            },
            screen.joined(separator: "\n"))
    }
}
