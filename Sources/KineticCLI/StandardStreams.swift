#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: standard output and standard error, replaceable in tests.
///
/// Both writers throw ``CLIError/ioError(_:)`` (exit 74, EX_IOERR) when the bytes cannot be written — a closed
/// descriptor, a full disk (`> /dev/full`), a reader that went away (EPIPE: the process ignores SIGPIPE, see
/// ``ProcessStreams``) — so a command stops at the first failed write instead of trapping or going on blind.
public struct StandardStreams: Sendable {
    /// Writes text to standard output as given (no newline added).
    public var out: @Sendable (String) throws(CLIError) -> Void
    /// Writes text to standard error as given (no newline added).
    public var err: @Sendable (String) throws(CLIError) -> Void

    /// Streams from two writers.
    public init(
        out: @escaping @Sendable (String) throws(CLIError) -> Void,
        err: @escaping @Sendable (String) throws(CLIError) -> Void
    ) {
        self.out = out
        self.err = err
    }

    /// The same standard output with standard error discarded.
    var silencingErrors: StandardStreams { StandardStreams(out: out, err: { _ throws(CLIError) in }) }
}

/// The process's own standard output and standard error, written with `write(2)` and checked.
public enum ProcessStreams {
    /// Descriptors 1 and 2. Each call writes its text completely (retrying short writes and EINTR) or throws.
    ///
    /// Call it once, at start-up, before any file is opened: a descriptor among 0, 1 and 2 that the process was
    /// started without (`kinetic … >&-`) is first filled with `/dev/null`, so that no output file can be opened
    /// under that number and receive text meant for the terminal; writes to that stream then fail with "it is
    /// closed" (status 74) rather than vanish.
    public static func standard() -> StandardStreams {
        let closed = (0...2).map { fcntl($0, F_GETFD) < 0 }
        for (descriptor, isClosed) in closed.enumerated() where isClosed {
            let filler = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if filler >= 0 && filler != Int32(descriptor) {
                dup2(filler, Int32(descriptor))
                close(filler)
            }
        }
        let outClosed = closed[1]
        let errClosed = closed[2]
        return StandardStreams(
            out: { text throws(CLIError) in
                try writeAll(text, to: 1, name: "standard output", closed: outClosed)
            },
            err: { text throws(CLIError) in
                try writeAll(text, to: 2, name: "standard error", closed: errClosed)
            })
    }

    /// Ignores SIGPIPE, as a tool that reports its own write errors must: a reader that goes away (`| head`) then
    /// makes `write(2)` fail with EPIPE, which ends the command with status 74 and, where standard error still
    /// works, one line — after the temporary files are removed, which a death by SIGPIPE would skip.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes every byte of `text` to `descriptor`.
    static func writeAll(_ text: String, to descriptor: Int32, name: String, closed: Bool) throws(CLIError) {
        if closed { throw .ioError("cannot write to \(name): it is closed") }
        // The string's own UTF-8 (a native string is stored as UTF-8), not a copy of it: `kinetic simulate` writes
        // hundreds of megabytes.
        var text = text
        var offset = 0
        while true {
            let (written, count) = text.withUTF8 { utf8 -> (Int, Int) in
                guard let base = utf8.baseAddress, offset < utf8.count else { return (0, utf8.count) }
                return (write(descriptor, base + offset, utf8.count - offset), utf8.count)
            }
            if offset >= count { return }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                let code = written < 0 ? errno : EIO
                throw .ioError("cannot write to \(name): \(String(cString: strerror(code)))\(hint(code))")
            }
        }
    }

    private static func hint(_ code: Int32) -> String {
        switch code {
        case EPIPE: return " (the reading end of the pipe was closed)"
        case ENOSPC: return " (the disk is full)"
        case EBADF: return " (it is closed)"
        default: return ""
        }
    }
}
