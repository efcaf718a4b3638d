import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A detached tmux server of a test's own (a private socket) with one 80 × 24 pane, as a user's terminal: the
/// pane's environment says a 256-colour terminal, not inside tmux, colour allowed, not a CI job.
///
/// Either the program is the pane's own command (``start(command:)``: with `remain-on-exit` on, its last screen and
/// exit status stay readable after it ends), or an interactive shell runs in the pane and a command is typed into
/// it (``start(shellCommand:reportingStatus:)``).
public struct TmuxPane: Sendable {
    /// The server's socket name (`tmux -L`).
    public let socket: String
    /// The session's name.
    public let session: String

    private init(session: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw MissingTool("tmux is not installed (apt-get install tmux)")
        }
        self.session = session
        socket = "kinetic-\(session)-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// A pane whose own process is `command` (run through `sh -c`, which `exec`s it), kept with `remain-on-exit`.
    public static func start(command: String, session: String = "live") throws -> TmuxPane {
        let pane = try TmuxPane(session: session)
        try pane.spawnAndWait([
            "/usr/bin/tmux", "-L", pane.socket, "-f", "/dev/null", "start-server", ";", "set-option", "-g",
            "remain-on-exit", "on", ";", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", "exec \(command)",
        ])
        return pane
    }

    /// A pane running `sh`, into which `command` is typed, followed by `; echo EXIT=$?` when `reportingStatus`.
    public static func start(
        shellCommand command: String, reportingStatus: Bool = true, session: String = "play"
    ) throws -> TmuxPane {
        let pane = try TmuxPane(session: session)
        try pane.spawnAndWait([
            "/usr/bin/tmux", "-L", pane.socket, "new-session", "-d", "-s", session, "-x", "80", "-y", "24", "sh",
        ])
        Thread.sleep(forTimeInterval: 0.3)
        try pane.sendKeys(command + (reportingStatus ? "; echo EXIT=$?" : ""), "Enter")
        return pane
    }

    /// The pane's rows (with `history`, the scrollback's first), trailing spaces removed.
    public func capture(history: Bool = false) throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", session] + (history ? ["-S", "-"] : []))
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    /// A tmux format variable of the pane, e.g. `alternate_on`, `cursor_flag`, `pane_dead`, `pane_dead_status`.
    public func state(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, "#{\(name)}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Types `keys` (tmux key names, e.g. `Enter`, `C-c`) into the pane.
    public func sendKeys(_ keys: String...) throws {
        _ = try tmux(["send-keys", "-t", session] + keys)
    }

    /// Polls the pane until a row satisfies `matches` (10 s at most; a test failure then).
    public func waitForLine(_ matches: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try capture().contains(where: matches) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("the line never appeared; the pane shows:\n\((try? capture())?.joined(separator: "\n") ?? "")")
    }

    /// Polls the variable `name` until it reads `value` (10 s at most; a test failure then).
    public func wait(until name: String, is value: String) throws {
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
    public func stop() {
        _ = try? tmux(["kill-server"])
    }

    private static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        for name in ["TMUX", "NO_COLOR", "CI", "FORCE_COLOR", "CLICOLOR_FORCE"] {
            environment.removeValue(forKey: name)
        }
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
        // The tmux server learns the pane's exit status from SIGCHLD: start it with no signal blocked and every
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
        guard status == 0 else { throw MissingTool("could not start tmux (posix_spawn error \(status))") }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) == -1 && errno == EINTR {}
    }
}
