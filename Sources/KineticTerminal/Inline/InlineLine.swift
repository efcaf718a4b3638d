import KineticCore

/// One line of a command-line tool's output that keeps changing — a count, a status, a shimmering label — drawn
/// in place on the current line, leaving everything else the tool printed alone, and ended with a newline.
///
/// ```swift
/// let line = try InlineLine()
/// for done in 0...total {
///     try line.update(StyledLine("copied \(done) of \(total)"))
/// }
/// try line.finish()        // the last text stays, the cursor moves to the next line
/// ```
///
/// Each update is a one-row `TerminalSession` frame (`.inline(rows: 1)`): only the changed cells are written,
/// with relative cursor moves, and the cursor is hidden until `finish` (restored on Ctrl-C too). Where escape
/// codes are not allowed, the line degrades:
/// - output not a terminal (a pipe, a file) or under `CI`: updates print nothing; `finish` prints the final text
///   once, plain (coloured only when colour is forced);
/// - `TERM=dumb`: each changed text is printed as a plain line, at most one per `linesInterval` seconds of the
///   times given to `update` (every change when no time is given), and `finish` prints the final text unless it
///   was the last line printed.
///
/// The line is as wide as the terminal; longer text is cut at the right edge. Do not print anything else while
/// the line is live (between the first `update` and `finish`).
public final class InlineLine {
    /// The session that draws the line.
    public let session: TerminalSession
    /// With `TERM=dumb`, the shortest time between two printed lines, in seconds, ≥ 0. Default 1.
    public let linesInterval: MediaTime
    /// The text shown now (nil before the first update).
    public private(set) var current: StyledLine?
    private var lastPrinted: String?
    private var lastPrintedTime: MediaTime?
    private var isFinished = false

    /// A live line on `device` (the process's terminal by default) for `environment` (this process's by default).
    ///
    /// - Throws: `TerminalError.invalidOption` for a negative or non-finite `linesInterval`.
    public init(
        device: any TerminalDevice = SystemTerminal(), environment: TerminalEnvironment = .current(),
        linesInterval: MediaTime = 1
    ) throws(TerminalError) {
        guard linesInterval.isFinite, linesInterval >= 0 else {
            throw .invalidOption(
                name: "lines interval", value: "\(linesInterval)",
                reason: "it must be a number of seconds ≥ 0; the default is 1")
        }
        session = try TerminalSession(
            device: device, environment: environment, presentation: .inline(rows: 1), readsKeys: false)
        self.linesInterval = linesInterval
    }

    /// Shows `line` in place of the previous text.
    ///
    /// - Parameters:
    ///   - line: The new text and its styles.
    ///   - time: When, in seconds on any clock, for throttling `TERM=dumb` output; nil prints every change there.
    ///     Ignored otherwise.
    /// - Throws: `TerminalError` when the terminal cannot be written.
    public func update(_ line: StyledLine, at time: MediaTime? = nil) throws(TerminalError) {
        guard !isFinished else { return }
        current = line
        switch session.environment.outputMode {
        case .plain:
            return
        case .lines:
            let text = line.plainText
            guard text != lastPrinted else { return }
            if let time, let last = lastPrintedTime, time - last < linesInterval { return }
            try session.device.write(Array((line.lineText(colorSupport: session.colorSupport) + "\n").utf8))
            lastPrinted = text
            lastPrintedTime = time
        case .ansi:
            if !session.isActive { try session.start() }
            var screen = try TerminalScreen(size: session.beginFrame())
            screen.put(line, column: 0, row: 0)
            try session.draw(screen)
        }
    }

    /// Shows `text` (plain) in place of the previous text.
    public func update(_ text: String, at time: MediaTime? = nil) throws(TerminalError) {
        try update(StyledLine(text), at: time)
    }

    /// Ends the live line: draws `final` (the current text when nil), shows the cursor again and moves it to the
    /// start of the next line. Later updates are ignored.
    ///
    /// - Throws: `TerminalError` when the terminal cannot be written.
    public func finish(_ final: StyledLine? = nil) throws(TerminalError) {
        guard !isFinished else { return }
        isFinished = true
        let last = final ?? current ?? StyledLine()
        current = last
        switch session.environment.outputMode {
        case .plain:
            try session.device.write(Array((last.lineText(colorSupport: session.colorSupport) + "\n").utf8))
        case .lines:
            if last.plainText != lastPrinted {
                try session.device.write(Array((last.lineText(colorSupport: session.colorSupport) + "\n").utf8))
            }
        case .ansi:
            if !session.isActive { try session.start() }
            try session.end(finalLines: [last])
        }
    }
}
