#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process's terminal can do, read once from the environment and the file descriptors and then passed
/// around as a value, so tests (and callers with their own flags) decide instead of the machine.
///
/// `current()` is the only place in Kinetic that reads these variables: `TERM`, `COLORTERM` and `NO_COLOR`
/// (https://no-color.org: present and not empty means no colour).
public struct TerminalEnvironment: Hashable, Sendable {
    /// What may be written.
    public enum OutputMode: Hashable, Sendable {
        /// Standard output is not a terminal (a pipe or a file): no escape codes at all, only final values as
        /// plain lines.
        case plain
        /// A terminal that cannot move the cursor (`TERM=dumb`): plain lines, no escape codes.
        case lines
        /// A terminal that understands ANSI/xterm sequences.
        case ansi
    }

    /// Whether standard output is a terminal.
    public var isOutputTerminal: Bool
    /// Whether standard input is a terminal (keys can be read).
    public var isInputTerminal: Bool
    /// `TERM`, or nil when unset.
    public var term: String?
    /// `COLORTERM`, or nil when unset.
    public var colorTerm: String?
    /// True when `NO_COLOR` is set to a non-empty value.
    public var noColor: Bool

    /// An environment with the given facts; the defaults describe a 256-colour xterm on both ends.
    public init(
        isOutputTerminal: Bool = true, isInputTerminal: Bool = true, term: String? = "xterm-256color",
        colorTerm: String? = nil, noColor: Bool = false
    ) {
        self.isOutputTerminal = isOutputTerminal
        self.isInputTerminal = isInputTerminal
        self.term = term
        self.colorTerm = colorTerm
        self.noColor = noColor
    }

    /// The environment of this process: `isatty` on descriptors 0 and 1, and `TERM`, `COLORTERM`, `NO_COLOR`.
    public static func current() -> TerminalEnvironment {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        return TerminalEnvironment(
            isOutputTerminal: isatty(1) == 1, isInputTerminal: isatty(0) == 1, term: variable("TERM"),
            colorTerm: variable("COLORTERM"), noColor: !(variable("NO_COLOR") ?? "").isEmpty)
    }

    /// What may be written: `.plain` when output is not a terminal, `.lines` for `TERM=dumb` (or an empty or unset
    /// `TERM` on a terminal), `.ansi` otherwise.
    public var outputMode: OutputMode {
        guard isOutputTerminal else { return .plain }
        guard let term, !term.isEmpty, term != "dumb" else { return .lines }
        return .ansi
    }

    /// The colours the output may use: none with `NO_COLOR` or without ANSI output; 24-bit when `COLORTERM` is
    /// `truecolor` or `24bit` or `TERM` ends in `-direct`; otherwise the 256-colour palette, which every terminal
    /// in use today has (Kinetic has no 16-colour mode).
    public var colorSupport: ColorSupport {
        guard !noColor, outputMode == .ansi else { return .none }
        if let colorTerm, colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if let term, term.hasSuffix("-direct") { return .trueColor }
        return .palette256
    }
}
