import Foundation
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

/// A detached tmux server of its own (a private socket) with one 80 × 24 pane.
private struct TmuxPane {
    let socket: String

    /// Types `command` into an interactive shell in the pane, followed by `; echo EXIT=$?` when
    /// `reportingStatus`.
    static func start(shellCommand command: String, reportingStatus: Bool = true) throws -> TmuxPane {
        let pane = try make()
        try pane.tmux(["new-session", "-d", "-s", "play", "-x", "80", "-y", "24", "sh"], startsServer: true)
        Thread.sleep(forTimeInterval: 0.3)
        try pane.sendKeys(command + (reportingStatus ? "; echo EXIT=$?" : ""), "Enter")
        return pane
    }

    private static func make() throws -> TmuxPane {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw XCTSkip("tmux is not installed (apt-get install tmux)")
        }
        return TmuxPane(socket: "kinetic-play-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    }

    /// The pane's text, one string per row (24), trailing spaces removed.
    func capture() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "play"]).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map {
                String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            }
    }

    /// A tmux format variable of the pane, e.g. `alternate_on`, `cursor_flag`, `pane_dead`.
    func state(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "play", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "play"] + keys)
    }

    /// Polls the pane until a row satisfies `matches` (10 s at most).
    func waitForLine(_ matches: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try capture().contains(where: matches) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("the line never appeared; the pane shows:\n\((try? capture())?.joined(separator: "\n") ?? "")")
    }

    /// Polls `name` until it reads `value` (10 s at most).
    func wait(until name: String, is value: String) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try state(name) == value { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail(
            "tmux #{\(name)} never became \(value); the pane shows:\n\((try? capture())?.joined(separator: "\n") ?? "")"
        )
    }

    /// Kills this test's tmux server (only it: the socket is private).
    func stop() {
        _ = try? tmux(["kill-server"])
    }

    /// Runs tmux with this test's socket and returns what it printed. A command that starts the server runs
    /// through `posix_spawn` and `waitpid` instead of `Process`: the server it forks would inherit the descriptors
    /// `Process` watches to see its child end, and keep them open for ever.
    @discardableResult
    private func tmux(_ arguments: [String], startsServer: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        for name in ["TMUX", "NO_COLOR", "CI", "FORCE_COLOR", "CLICOLOR_FORCE"] {
            environment.removeValue(forKey: name)
        }
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        if startsServer {
            try spawnAndWait(["/usr/bin/tmux", "-L", socket] + arguments)
            return ""
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `arguments` (a path and its arguments) with standard input, output and error on /dev/null, and waits.
    private func spawnAndWait(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        for name in ["TMUX", "NO_COLOR", "CI", "FORCE_COLOR", "CLICOLOR_FORCE"] {
            environment.removeValue(forKey: name)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard status == 0 else { throw XCTSkip("could not start tmux (posix_spawn error \(status))") }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) == -1 && errno == EINTR {}
    }
}
