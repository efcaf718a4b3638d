import Foundation
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
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw XCTSkip("tmux is not installed (apt-get install tmux)")
        }
        let example = Self.productsDirectory.appendingPathComponent("LiveDeploy").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: example), "built with the tests: \(example)")
        let pane = TmuxPane(socket: "kinetic-live-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { pane.stop() }
        // The example is the pane's own command; the pane stays after it exits, so its last screen can be read.
        try pane.start(command: "\(example) --step-delay 0.3")

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

/// A detached tmux server of its own (a private socket) with one 80 × 24 pane running a command.
private struct TmuxPane {
    let socket: String

    /// Starts the server with `remain-on-exit` on and a session whose pane runs `command` (through `sh -c`, which
    /// `exec`s it, so the example is the pane's process).
    func start(command: String) throws {
        try spawnAndWait([
            "/usr/bin/tmux", "-L", socket, "-f", "/dev/null", "start-server", ";", "set-option", "-g",
            "remain-on-exit", "on", ";", "new-session", "-d", "-s", "live", "-x", "80", "-y", "24", "exec \(command)",
        ])
    }

    /// The pane's rows (with `history`, the scrollback's first), trailing spaces removed.
    func capture(history: Bool) throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "live"] + (history ? ["-S", "-"] : []))
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    /// A tmux format variable of the pane, e.g. `pane_dead`, `pane_dead_status`.
    func state(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "live", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Kills this test's tmux server (only it: the socket is private).
    func stop() {
        _ = try? tmux(["kill-server"])
    }

    /// What the server and the pane see: a 256-colour terminal, not inside tmux, colour allowed, not a CI job.
    private static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        for name in ["TMUX", "NO_COLOR", "CI"] { environment.removeValue(forKey: name) }
        return environment
    }

    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket] + arguments
        process.environment = Self.environment
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `arguments` (a path and its arguments) with standard input, output and error on /dev/null, and waits:
    /// through `posix_spawn`, not `Process`, because the server it forks would inherit the descriptors `Process`
    /// watches to see its child end, and keep them open for ever.
    private func spawnAndWait(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = Self.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The tmux server learns the example's exit status from SIGCHLD: start it with no signal blocked and every
        // signal at its default action, whatever the test process (its runner, Foundation, earlier tests) set.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw XCTSkip("could not start tmux (posix_spawn error \(status))") }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) == -1 && errno == EINTR {}
    }
}
