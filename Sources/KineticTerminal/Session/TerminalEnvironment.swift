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
/// `current()` is the only place in Kinetic that reads the process's variables (the names in `variableNames`);
/// `init(variables:isOutputTerminal:isInputTerminal:)` does the same from a dictionary, so detection is a pure
/// function that tests drive with any combination.
///
/// Two questions are answered:
/// - **What may be written** (`outputMode`): cursor movement and animation only on a terminal whose `TERM` is
///   known and not `dumb`, and never under continuous integration (`CI`), where a log keeps every redraw as a
///   new line: there only final values are printed, as Rich and ora do.
/// - **Which colours** (`colorSupport`), in this order:
///   1. the program's choice, `colorChoice` (what `kinetic play --color` sets), unless it is `.auto`;
///   2. `FORCE_COLOR=0` (or `false`): no colour;
///   3. `FORCE_COLOR` set to anything else, or `CLICOLOR_FORCE` set and not `0`: colour even when output is not
///      a terminal (https://bixense.com/clicolors: "enabled no matter what", so they beat `NO_COLOR`, as in
///      Node.js). `FORCE_COLOR=1`, `2` and `3` ask for at least 16, 256 and 24-bit colours (supports-color's
///      levels; larger numbers count as 3); empty or `true` (or any other value) as 1; the depth detected below
///      is used when it is higher;
///   4. `NO_COLOR` set and not empty (https://no-color.org): no colour. It removes colour only: frames are still
///      animated;
///   5. no colour when output is not a terminal, `TERM` is `dumb`, empty or unset;
///   6. otherwise the depth detected from the variables (`detectedColorDepth`).
public struct TerminalEnvironment: Hashable, Sendable {
    /// What may be written.
    public enum OutputMode: Hashable, Sendable {
        /// No cursor movement and no animation, only final values as plain lines (with colour only when it is
        /// forced): standard output is not a terminal (a pipe or a file), or the process runs under continuous
        /// integration (`CI`).
        case plain
        /// A terminal that cannot move the cursor (`TERM=dumb`): plain lines.
        case lines
        /// A terminal that understands ANSI/xterm sequences.
        case ansi
    }

    /// The colours a program asks for, above what the environment says (`kinetic play --color`).
    public enum ColorChoice: Hashable, Sendable {
        /// Follow the environment (the default).
        case auto
        /// Colour even when output is not a terminal or `NO_COLOR` is set, at the depth detected (at least 16
        /// colours), as `CLICOLOR_FORCE` does.
        case always
        /// No colour at all.
        case never
        /// Exactly this depth, whatever the environment says.
        case exactly(ColorSupport)
    }

    /// The variables `current()` reads: `TERM`, `COLORTERM`, `TERM_PROGRAM`, `TMUX`, `NO_COLOR`, `FORCE_COLOR`,
    /// `CLICOLOR_FORCE` and `CI`.
    public static let variableNames = [
        "TERM", "COLORTERM", "TERM_PROGRAM", "TMUX", "NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "CI",
    ]

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
    /// `TERM_PROGRAM` (the terminal application: `iTerm.app`, `Apple_Terminal`, `WezTerm`…), or nil when unset.
    public var termProgram: String?
    /// Whether the process runs inside tmux (`TMUX` set and not empty, or `TERM` starting with `tmux`). tmux
    /// passes 24-bit colour through only when it is configured to, which `COLORTERM` then says: inside tmux only
    /// `COLORTERM` turns on 24-bit colour, never a guess from `TERM` or `TERM_PROGRAM`.
    public var isTmux: Bool
    /// Whether the process runs under continuous integration (`CI` set, not empty, and not `false` or `0`).
    public var isContinuousIntegration: Bool
    /// Colour forced by `FORCE_COLOR` or `CLICOLOR_FORCE`: nil when neither forces anything, `.none` for
    /// `FORCE_COLOR=0`, otherwise the least depth asked for.
    public var forcedColor: ColorSupport?
    /// The program's choice, which beats every variable. Default `.auto`.
    public var colorChoice: ColorChoice

    /// An environment with the given facts; the defaults describe a 256-colour xterm on both ends, with no
    /// variable forcing or removing colour.
    public init(
        isOutputTerminal: Bool = true, isInputTerminal: Bool = true, term: String? = "xterm-256color",
        colorTerm: String? = nil, noColor: Bool = false, termProgram: String? = nil, isTmux: Bool = false,
        isContinuousIntegration: Bool = false, forcedColor: ColorSupport? = nil, colorChoice: ColorChoice = .auto
    ) {
        self.isOutputTerminal = isOutputTerminal
        self.isInputTerminal = isInputTerminal
        self.term = term
        self.colorTerm = colorTerm
        self.noColor = noColor
        self.termProgram = termProgram
        self.isTmux = isTmux
        self.isContinuousIntegration = isContinuousIntegration
        self.forcedColor = forcedColor
        self.colorChoice = colorChoice
    }

    /// The environment that `variables` (names to values, as in `environ`) describe, for descriptors that are or
    /// are not terminals. A pure function: `current()` calls it with the process's variables.
    ///
    /// - Parameters:
    ///   - variables: Environment variables; only the names in `variableNames` are read, others are ignored.
    ///   - isOutputTerminal: Whether standard output is a terminal.
    ///   - isInputTerminal: Whether standard input is a terminal.
    public init(variables: [String: String], isOutputTerminal: Bool, isInputTerminal: Bool) {
        func set(_ name: String) -> String? {
            guard let value = variables[name], !value.isEmpty else { return nil }
            return value
        }
        let term = variables["TERM"]
        var forced: ColorSupport?
        if let force = variables["FORCE_COLOR"] {
            forced = Self.forcedColor(forceColorValue: force)
        }
        if forced == nil, let cli = set("CLICOLOR_FORCE"), cli != "0" {
            forced = .palette16
        }
        let ci = set("CI").map { $0 != "false" && $0 != "0" } ?? false
        self.init(
            isOutputTerminal: isOutputTerminal, isInputTerminal: isInputTerminal, term: term,
            colorTerm: variables["COLORTERM"], noColor: set("NO_COLOR") != nil, termProgram: set("TERM_PROGRAM"),
            isTmux: set("TMUX") != nil || (term?.hasPrefix("tmux") ?? false), isContinuousIntegration: ci,
            forcedColor: forced)
    }

    /// The environment of this process: `isatty` on descriptors 0 and 1, and the variables in `variableNames`.
    public static func current() -> TerminalEnvironment {
        var variables: [String: String] = [:]
        for name in variableNames {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return TerminalEnvironment(
            variables: variables, isOutputTerminal: isatty(1) == 1, isInputTerminal: isatty(0) == 1)
    }

    /// What `FORCE_COLOR`'s value asks for: `.none` for `0` or `false`; `.palette256` for `2`; `.trueColor` for
    /// `3` or more; `.palette16` for `1`, `true`, empty, or anything else (the variable being set is the request).
    public static func forcedColor(forceColorValue value: String) -> ColorSupport {
        switch value {
        case "0", "false": return .none
        case "2": return .palette256
        case "1", "", "true": return .palette16
        default:
            // A number: its value without leading zeros, read digit by digit so a huge one never traps.
            guard !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return .palette16 }
            let digits = value.utf8.drop(while: { $0 == 0x30 })
            guard let first = digits.first else { return .none }
            if digits.count > 1 || first >= 0x33 { return .trueColor }
            return first == 0x32 ? .palette256 : .palette16
        }
    }

    /// What may be written: `.plain` when output is not a terminal or under `CI`, `.lines` for `TERM=dumb` (or an
    /// empty or unset `TERM` on a terminal), `.ansi` otherwise.
    public var outputMode: OutputMode {
        guard isOutputTerminal, !isContinuousIntegration else { return .plain }
        guard let term, !term.isEmpty, term != "dumb" else { return .lines }
        return .ansi
    }

    /// The colours the output may use (the order of the rules is in the type's overview).
    public var colorSupport: ColorSupport {
        switch colorChoice {
        case .exactly(let support): return support
        case .never: return .none
        case .always: return max(.palette16, detectedColorDepth)
        case .auto: break
        }
        if let forcedColor { return forcedColor == .none ? .none : max(forcedColor, detectedColorDepth) }
        guard !noColor, isOutputTerminal, let term, !term.isEmpty, term != "dumb" else { return .none }
        return detectedColorDepth
    }

    /// The colour depth the variables describe, for a terminal that may use colour at all (the checks of Rich,
    /// termenv and supports-color):
    /// - 24-bit: `COLORTERM` is `truecolor` or `24bit`; outside tmux also `TERM` ending in `-direct`, a `TERM`
    ///   of a terminal that has always had 24-bit colour (`xterm-kitty`, `xterm-ghostty`, `wezterm`,
    ///   `alacritty`, `foot`, `contour`, `rio`), or `TERM_PROGRAM` `iTerm.app`, `WezTerm` or `ghostty`;
    /// - 256: `TERM` ending in `-256color` or `-256`, or `TERM_PROGRAM` `Apple_Terminal` (outside tmux);
    /// - 16: anything else — plain `xterm`, `screen`, `tmux`, `linux`, `vt100`, `rxvt`, `ansi`, an unknown name,
    ///   or no `TERM` (what a forced colour then uses).
    public var detectedColorDepth: ColorSupport {
        if let colorTerm, colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let name = term ?? ""
        if !isTmux {
            if name.hasSuffix("-direct") || Self.trueColorTerms.contains(name) { return .trueColor }
            if let termProgram, ["iTerm.app", "WezTerm", "ghostty"].contains(termProgram) { return .trueColor }
            if termProgram == "Apple_Terminal" { return .palette256 }
        }
        if name.hasSuffix("-256color") || name.hasSuffix("-256") { return .palette256 }
        return .palette16
    }

    /// `TERM` values of terminals that have 24-bit colour.
    private static let trueColorTerms: Set<String> = [
        "xterm-kitty", "xterm-ghostty", "wezterm", "alacritty", "foot", "contour", "rio",
    ]
}
