import Foundation

/// The limits of the process's environment that would otherwise end in a trap inside the runtime, libdispatch or
/// Foundation (SIGILL, SIGSEGV, SIGTRAP) once work starts: checked before any work, each is one line and EX_OSERR
/// (71) naming the limit and the `ulimit` flag that raises it.
enum ResourceLimits {
    /// File descriptors kinetic needs at least (the encoders, ffmpeg's pipes, the service's sockets).
    static let minimumFileDescriptors: UInt = 64
    /// Address space kinetic needs at least: 1 GiB.
    static let minimumAddressSpace: UInt = 1 << 30
    /// Threads and processes kinetic may start beyond its own main thread: the render and solver workers (two per
    /// core at most), libdispatch's threads and an `ffmpeg` child. Measured on 2 cores: a render traps with 7 free
    /// tasks and runs with 9.
    static var tasksNeeded: Int { 8 + 2 * ProcessInfo.processInfo.activeProcessorCount }

    /// The first limit that is too low, as the line to print, or nil.
    static func problem() -> String? {
        #if os(Linux)
            var limit = rlimit()
            if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0,
                limit.rlim_cur < minimumFileDescriptors
            {
                return "only \(limit.rlim_cur) file descriptors are allowed (ulimit -n); kinetic needs at least "
                    + "\(minimumFileDescriptors): raise the limit"
            }
            if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur < minimumAddressSpace {
                return
                    "the address space is limited to \(limit.rlim_cur >> 20) MiB (ulimit -v); kinetic needs at least "
                    + "\(minimumAddressSpace >> 20) MiB: raise the limit"
            }
            // RLIMIT_NPROC counts every process and thread of the real user; root is not held to it.
            if getuid() != 0, getrlimit(__rlimit_resource_t(__RLIMIT_NPROC.rawValue), &limit) == 0,
                limit.rlim_cur < 1 << 22  // RLIM_INFINITY is all ones
            {
                // Every thread of the machine (/proc/loadavg) bounds this user's: only a limit that could be
                // close makes the count of the user's own, from every process's status, worth reading.
                let limitValue = Int(limit.rlim_cur)
                if let all = tasksOfTheMachine(), limitValue - all >= tasksNeeded { return nil }
                let running = tasks(ofUser: getuid())
                let free = limitValue - running
                if free < tasksNeeded {
                    return "only \(max(free, 0)) more threads or processes are allowed (ulimit -u \(limit.rlim_cur), "
                        + "\(running) running as this user); kinetic needs \(tasksNeeded): raise the limit"
                }
            }
        #endif
        return nil
    }

    /// Every process and thread of the machine: the number after the slash in /proc/loadavg's fourth field.
    private static func tasksOfTheMachine() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 3, let slash = fields[3].firstIndex(of: "/") else { return nil }
        return Int(fields[3][fields[3].index(after: slash)...])
    }

    /// The processes and threads whose real user is `uid`, counted from /proc (what RLIMIT_NPROC counts).
    private static func tasks(ofUser uid: uid_t) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        var count = 0
        for entry in entries where entry.first?.isNumber == true {
            guard let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8) else { continue }
            var realUser: uid_t?
            var threads = 1
            for line in status.split(separator: "\n") {
                if line.hasPrefix("Uid:") {
                    realUser = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { uid_t($0) }
                } else if line.hasPrefix("Threads:") {
                    threads = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) } ?? 1
                }
            }
            if realUser == uid { count += threads }
        }
        return count
    }
}
