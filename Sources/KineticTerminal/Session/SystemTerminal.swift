#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's own terminal: output on a file descriptor (standard output by default), keys from another
/// (standard input), `termios` for raw mode, `TIOCGWINSZ` for the size, and `EmergencyRestore`'s signal handlers.
public final class SystemTerminal: TerminalDevice {
    /// Where output goes. Default 1 (standard output).
    public let outputDescriptor: Int32
    /// Where keys come from. Default 0 (standard input).
    public let inputDescriptor: Int32
    private var savedMode: termios?

    /// The terminal on `output` and `input` (standard output and input by default).
    public init(output: Int32 = 1, input: Int32 = 0) {
        outputDescriptor = output
        inputDescriptor = input
    }

    deinit {
        restoreMode()
    }

    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { base in
                    #if canImport(Glibc) || canImport(Musl)
                        Glibc.write(outputDescriptor, base + offset, bytes.count - offset)
                    #else
                        Darwin.write(outputDescriptor, base + offset, bytes.count - offset)
                    #endif
                } ?? 0
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                throw .systemCall(
                    name: "write", errno: errno,
                    reason: "could not write to the terminal (descriptor \(outputDescriptor)); was it closed?")
            }
        }
    }

    public func size() -> TerminalSize? {
        var size = winsize()
        guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    public func enterRawMode() throws(TerminalError) {
        guard savedMode == nil, isatty(inputDescriptor) == 1 else { return }
        var mode = termios()
        guard tcgetattr(inputDescriptor, &mode) == 0 else {
            throw .systemCall(name: "tcgetattr", errno: errno, reason: "could not read the terminal's input mode")
        }
        var raw = mode
        // No echo, no line editing, no Ctrl-S/Ctrl-Q flow control; signals (Ctrl-C, Ctrl-Z) stay on.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_iflag &= ~tcflag_t(IXON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(inputDescriptor, TCSANOW, &raw) == 0 else {
            throw .systemCall(name: "tcsetattr", errno: errno, reason: "could not switch the terminal to raw input")
        }
        savedMode = mode
        EmergencyRestore.setModes(saved: mode, raw: raw)
    }

    public func hideControlEcho() throws(TerminalError) {
        guard savedMode == nil, isatty(inputDescriptor) == 1 else { return }
        var mode = termios()
        guard tcgetattr(inputDescriptor, &mode) == 0 else {
            throw .systemCall(name: "tcgetattr", errno: errno, reason: "could not read the terminal's input mode")
        }
        var quiet = mode
        quiet.c_lflag &= ~tcflag_t(ECHOCTL)
        guard tcsetattr(inputDescriptor, TCSANOW, &quiet) == 0 else {
            throw .systemCall(name: "tcsetattr", errno: errno, reason: "could not turn off the echo of control keys")
        }
        savedMode = mode
        EmergencyRestore.setModes(saved: mode, raw: quiet)
    }

    public func restoreMode() {
        guard var mode = savedMode else { return }
        tcsetattr(inputDescriptor, TCSANOW, &mode)
        savedMode = nil
        EmergencyRestore.setModes(saved: nil, raw: nil)
    }

    public func readInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            var request = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 0) > 0, request.revents & Int16(POLLIN) != 0 else { break }
            let count = buffer.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { read(inputDescriptor, $0, raw.count) } ?? 0
            }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    public func armEmergencyRestore(_ bytes: [UInt8], reenter: [UInt8]) {
        EmergencyRestore.arm(restore: bytes, reenter: reenter, output: outputDescriptor, input: inputDescriptor)
    }

    public func disarmEmergencyRestore() {
        EmergencyRestore.disarm()
    }

    public func takeRedrawRequest() -> Bool {
        EmergencyRestore.takeRedrawRequest()
    }
}
