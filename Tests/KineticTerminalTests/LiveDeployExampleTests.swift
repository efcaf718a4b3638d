import Foundation
import KineticTestSupport
import XCTest

/// The example program Examples/LiveDeploy, run in a real terminal (a tmux pane of its own): its log lines appear
/// in order above the live region, the count moves while it runs, and the region ends on its final values, once.
final class LiveDeployExampleTests: XCTestCase {
    /// The folder holding the built products (the example's executable sits beside the test bundle).
    private static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    func testLogLinesAppearAboveTheLiveCountAndTheFinalValuesOnce() throws {
        let example = Self.productsDirectory.appendingPathComponent("LiveDeploy").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: example), "built with the tests: \(example)")
        // The example is the pane's own command; the pane stays after it exits, so its last screen can be read.
        let pane = try TmuxPane.start(command: "\(example) --step-delay 0.3")
        defer { pane.stop() }

        // While it runs: the count of files moves up (on a loaded machine some frames are missed, never reordered).
        var counts: [Int] = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, try pane.state("pane_dead") != "1" {
            for line in try pane.capture(history: false) where line.hasPrefix("files ") {
                let number = line.dropFirst(6).prefix { $0 != "o" }.filter(\.isNumber)
                if let value = Int(number), counts.last != value { counts.append(value) }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertEqual(try pane.state("pane_dead"), "1", "the example ended within 60 s")
        // tmux marks the pane dead when the terminal closes and records the status when it reaps the process. Inside
        // a full test run tmux was seen to report no status at all (neither an exit status nor a signal), so an
        // empty answer is allowed here; the exit status itself is checked by `testIntoAPipe`, and a status or a
        // signal tmux does report must be a clean exit.
        var status = try pane.state("pane_dead_status")
        let reaped = Date().addingTimeInterval(5)
        while status.isEmpty, Date() < reaped {
            Thread.sleep(forTimeInterval: 0.05)
            status = try pane.state("pane_dead_status")
        }
        let signal = try pane.state("pane_dead_signal")
        XCTAssertTrue(["0", ""].contains(status), "exited with status 0 (got '\(status)')")
        XCTAssertEqual(signal, "", "not ended by a signal")
        XCTAssertGreaterThanOrEqual(Set(counts).count, 2, "the count was seen moving: \(counts)")
        XCTAssertEqual(counts, counts.sorted(), "a count up never goes down: \(counts)")
        XCTAssertTrue(counts.allSatisfy { (0...1234).contains($0) }, "\(counts)")

        // The whole output, scrollback included: every log line once, in order, then the region's final lines
        // once — no frame left behind.
        let screen = try pane.capture(history: true).filter { !$0.isEmpty && !$0.hasPrefix("Pane is dead") }
        XCTAssertEqual(
            screen,
            [
                "✓ resolved 42 packages",
                "✓ built release artefacts",
                "✓ uploaded static assets",
                "✓ uploaded server bundle",
                "✓ migrated database (3 migrations)",
                "✓ switched traffic to release 128",
                "✓ deployed kinetic-web to production",
                "files 1,234 of 1,234  release 128",
                String(repeating: "█", count: 30) + " 100%",
            ], screen.joined(separator: "\n"))
        // (tmux hides the cursor of a dead pane, so whether the example showed it again is checked by the unit
        // tests, through ANSIScreen.)
    }

    /// Ctrl-C while the region is live: the program ends by SIGINT, the region's lines stay as they were — no
    /// "^C" echoed onto its first line — and the shell's prompt comes below it.
    func testControlCLeavesTheRegionClean() throws {
        let example = Self.productsDirectory.appendingPathComponent("LiveDeploy").path
        let pane = try TmuxPane.start(shellCommand: "clear; \(example) --step-delay 0.5", reportingStatus: false)
        defer { pane.stop() }
        try pane.waitForLine { $0.hasPrefix("✓ resolved") }
        try pane.waitForLine { $0.hasPrefix("files ") }
        try pane.sendKeys("C-c")
        // The shell gets the interrupt too (it would skip an `; echo` after the program): ask it afterwards.
        try pane.waitForLine { $0.hasPrefix("#") || $0.hasPrefix("$") }
        try pane.sendKeys("echo EXIT=$?", "Enter")
        try pane.waitForLine { $0.hasPrefix("EXIT=") }
        let screen = try pane.capture().filter { !$0.isEmpty }
        XCTAssertTrue(screen.contains("EXIT=130"), "ended by SIGINT: \(screen)")
        XCTAssertFalse(screen.contains { $0.contains("^C") }, "no ^C echoed over the region: \(screen)")
        let files = try XCTUnwrap(screen.firstIndex { $0.hasPrefix("files ") }, "\(screen)")
        XCTAssertTrue(screen[files + 1].hasSuffix("%"), "the progress bar stays under the count: \(screen)")
        let exit = try XCTUnwrap(screen.firstIndex(of: "EXIT=130"))
        XCTAssertGreaterThan(exit, files + 1, "the prompt's lines come after the region: \(screen)")
    }

    /// Into a pipe (no terminal): the log lines pass through in order, the region's final lines are printed once,
    /// and the program exits with status 0.
    func testIntoAPipe() throws {
        let process = Process()
        process.executableURL = Self.productsDirectory.appendingPathComponent("LiveDeploy")
        process.arguments = ["--step-delay", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(
            String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init),
            [
                "✓ resolved 42 packages", "✓ built release artefacts", "✓ uploaded static assets",
                "✓ uploaded server bundle", "✓ migrated database (3 migrations)", "✓ switched traffic to release 128",
                "✓ deployed kinetic-web to production", "files 1,234 of 1,234  release 128",
                String(repeating: "█", count: 30) + " 100%",
            ])
    }
}
