#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a command's input file — a path, or `-` for standard input — with `open(2)` and `read(2)` in chunks, up
/// to a size limit, so that a pipe, a FIFO, `/dev/fd/N` (a shell's `<(…)`), a terminal and standard input read
/// exactly as a regular file does and `/dev/zero` cannot fill the memory.
///
/// Errors, each one line: a missing file, a folder, a file without read permission and any other failure to open
/// or read are ``CLIError/noInput(_:)`` (exit 66, with `strerror`'s text for the rare cases); a file larger than
/// the limit is ``CLIError/data(_:)`` (exit 65) naming the limit, found after reading at most one byte more.
enum InputFile {
    /// The most bytes a scene file may hold: 64 MiB.
    static let maximumSize = 64 << 20

    /// The bytes of `path` (`-` = standard input, left open), at most `limit` of them.
    static func contents(of path: String, limit: Int = maximumSize) throws(CLIError) -> [UInt8] {
        let limit = min(max(limit, 0), Int.max - 1)
        let isStandardInput = path == "-"
        let name = isStandardInput ? "standard input" : "'\(printable(path))'"
        var descriptor: Int32 = 0
        if !isStandardInput {
            repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else { throw openError(errno, name: name) }
        }
        defer { if !isStandardInput { close(descriptor) } }
        var status = stat()
        var expected = 0
        if fstat(descriptor, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR { throw .noInput("\(name) is a folder, not a file: give the scene file inside it") }
            if type == S_IFREG { expected = Int(clamping: status.st_size) }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(expected, 0), limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, wanted) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
                if bytes.count > limit {
                    throw .data(
                        "\(name) is larger than \(describeSize(limit)) (\(limit) bytes), the most a scene file may "
                            + "hold")
                }
            } else if count == 0 {
                return bytes
            } else {
                let code = errno
                switch code {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    // A non-blocking descriptor (inherited that way): wait until it has data, then read again.
                    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&request, 1, -1)
                case EISDIR:
                    throw .noInput("\(name) is a folder, not a file: give the scene file inside it")
                default:
                    throw .noInput("cannot read \(name): \(String(cString: strerror(code)))")
                }
            }
        }
    }

    private static func openError(_ code: Int32, name: String) -> CLIError {
        switch code {
        case ENOENT: return .noInput("no such file \(name)")
        case ENOTDIR: return .noInput("no such file \(name) (a part of the path is not a folder)")
        case EACCES, EPERM: return .noInput("cannot read \(name): permission denied (check its permissions)")
        case EISDIR: return .noInput("\(name) is a folder, not a file: give the scene file inside it")
        default: return .noInput("cannot open \(name): \(String(cString: strerror(code)))")
        }
    }

    /// `64 MiB` for whole mebibytes, else bytes.
    private static func describeSize(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// The path with control characters escaped, so that a message stays on one line.
    static func printable(_ path: String) -> String {
        var result = ""
        for scalar in path.unicodeScalars {
            // C0 controls (newline, ESC…), DEL and C1 controls (CSI 0x9B…): escaped, so a value can neither break
            // the message's one line nor send the terminal a sequence.
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
