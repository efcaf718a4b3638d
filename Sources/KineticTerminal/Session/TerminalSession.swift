/// Owns the terminal while frames are shown: enters, draws, resizes, reads keys and always restores.
///
/// Two presentations:
/// - `.fullScreen`: the alternate screen (`CSI ? 1049 h`), the cursor hidden, raw input for `q`/Ctrl-C; frames
///   cover the whole terminal and are placed with absolute moves. `end` leaves the alternate screen, so the
///   user's scrollback is untouched, and prints any final lines on the normal screen.
/// - `.inline(rows:)`: `rows` lines from the cursor's line down (reserved by printing newlines), the cursor
///   hidden, drawn with relative moves only; everything above stays as it was. `end` leaves the last frame where
///   it is and moves the cursor to the line below it.
///
/// Restoring is not left to luck: `start` arms `EmergencyRestore` (through the device), so Ctrl-C, SIGTERM, SIGHUP,
/// SIGQUIT and `exit` put the terminal back from a signal handler (and the process then ends as it would have);
/// Ctrl-Z restores and SIGCONT re-enters with a full redraw; SIGWINCH makes the next `beginFrame` read the new
/// size and redraw everything (an erase first in full-screen mode, so nothing of the old layout survives).
/// `end` restores on a normal finish and `deinit` on an error path that skipped it.
///
/// What is written depends on the `TerminalEnvironment`:
/// - output not a terminal or under `CI` (`.plain`), or `TERM=dumb` (`.lines`): no cursor movement is ever
///   written; `draw` does nothing and `end` prints the final lines as plain text (with colour SGR only when
///   colour is forced: `FORCE_COLOR`, `CLICOLOR_FORCE` or the program's `colorChoice`);
/// - `NO_COLOR`: frames and final lines carry no colour SGR (bold remains);
/// - otherwise 24-bit, 256 or 16 colours, as `TerminalEnvironment.colorSupport` says.
///
/// ```swift
/// let session = try TerminalSession()
/// try session.start()
/// defer { try? session.end() }
/// let size = session.beginFrame()
/// var screen = try TerminalScreen(size: size)
/// screen.put("Hello", column: 0, row: 0)
/// try session.draw(screen)
/// ```
public final class TerminalSession {
    /// Where frames go.
    public enum Presentation: Hashable, Sendable {
        /// The alternate screen, the whole terminal.
        case fullScreen
        /// `rows` lines (1…`TerminalSize.maximumSide`) from the cursor's line down, in the normal output.
        case inline(rows: Int)
    }

    /// The terminal written to.
    public let device: any TerminalDevice
    /// What the terminal can do.
    public let environment: TerminalEnvironment
    /// Where frames go.
    public let presentation: Presentation
    /// Whether keys are read (raw input). Default true.
    public let readsKeys: Bool
    /// The size frames should have: the terminal's (80 × 24 when it does not say), or for `.inline` its width
    /// and the inline rows.
    public private(set) var size: TerminalSize
    /// True between `start` and `end`.
    public private(set) var isActive = false
    /// The cost of the last frame drawn.
    public private(set) var lastFrame = FrameStatistics.empty
    /// Frames drawn since `start`.
    public private(set) var frameCount = 0
    /// Bytes written since `start`, escape sequences included.
    public private(set) var byteCount = 0
    private var renderer: FrameDiffRenderer

    /// A session on `device` (the process's terminal by default) for `environment` (this process's by default).
    ///
    /// - Parameters:
    ///   - device: The terminal written to and read from. Default this process's (`SystemTerminal()`).
    ///   - environment: What the terminal can do. Default this process's (`TerminalEnvironment.current()`).
    ///   - presentation: `.fullScreen` (the default): the alternate screen, the whole terminal; or `.inline(rows:)`:
    ///     that many lines from the cursor's line down, in the normal output.
    ///   - readsKeys: Whether keys are read (raw mode). Default true.
    ///   - synchronizedOutput: Wrap frames in `CSI ? 2026 h/l`. Default true.
    /// - Throws: `TerminalError.invalidOption` for inline rows outside 1…`TerminalSize.maximumSide`.
    public init(
        device: any TerminalDevice = SystemTerminal(), environment: TerminalEnvironment = .current(),
        presentation: Presentation = .fullScreen, readsKeys: Bool = true, synchronizedOutput: Bool = true
    ) throws(TerminalError) {
        if case .inline(let rows) = presentation, !(1...TerminalSize.maximumSide).contains(rows) {
            throw .invalidOption(
                name: "inline rows", value: "\(rows)", reason: "an inline area has 1…\(TerminalSize.maximumSide) rows")
        }
        self.device = device
        self.environment = environment
        self.presentation = presentation
        self.readsKeys = readsKeys
        renderer = FrameDiffRenderer(
            addressing: presentation == .fullScreen ? .absolute : .relative,
            colorSupport: environment.colorSupport, synchronizedOutput: synchronizedOutput)
        size = .fallback
        size = measuredSize()
    }

    deinit {
        if isActive { try? restoreTerminal(finalLines: []) }
    }

    /// Whether frames are drawn at all (ANSI output); false for a pipe, a file or `TERM=dumb`.
    public var drawsFrames: Bool { environment.outputMode == .ansi }

    /// The colours frames may use.
    public var colorSupport: ColorSupport { environment.colorSupport }

    /// Takes the terminal: raw input (when reading keys on a terminal), the alternate screen or the inline area,
    /// the cursor hidden, and the emergency restore armed. Writes nothing when `drawsFrames` is false.
    ///
    /// - Throws: `TerminalError` when the terminal cannot be written or its mode set.
    public func start() throws(TerminalError) {
        guard !isActive else { return }
        isActive = true
        frameCount = 0
        byteCount = 0
        guard drawsFrames else { return }
        size = measuredSize()
        if readsKeys, environment.isInputTerminal { try device.enterRawMode() }
        device.armEmergencyRestore(emergencyRestoreBytes, reenter: reenterBytes)
        var enter = reenterBytes
        if case .inline = presentation {
            // Reserve the area: newlines scroll it into view if the cursor is near the bottom, then back up.
            enter.append(0x0D)
            enter += [UInt8](repeating: 0x0A, count: size.rows - 1)
            if size.rows > 1 { enter += Array("\u{1B}[\(size.rows - 1)A".utf8) }
        }
        try write(enter)
    }

    /// Call before building each frame: applies a pending resize (or resume) and returns the size the frame
    /// should have. After a resize the next frame is redrawn in full.
    public func beginFrame() -> TerminalSize {
        if device.takeRedrawRequest() {
            size = measuredSize()
            renderer.invalidate()
            if drawsFrames, isActive, presentation == .fullScreen {
                // Leave nothing of the old layout, even outside the new size.
                try? write(Array("\u{1B}[0m\u{1B}[2J".utf8))
            }
        }
        return size
    }

    /// Draws `screen`, writing only what changed since the last frame (nothing when `drawsFrames` is false).
    ///
    /// - Throws: `TerminalError` when the terminal cannot be written.
    public func draw(_ screen: TerminalScreen) throws(TerminalError) {
        guard drawsFrames, isActive else { return }
        let bytes = renderer.render(screen)
        lastFrame = renderer.lastFrame
        frameCount += 1
        try write(bytes)
    }

    /// Writes `bytes` as a frame drawn by other means than cells (an image, `KittyGraphics.imageBytes`), nothing
    /// when `drawsFrames` is false. It counts as a frame; the next `draw` redraws every cell, since the renderer
    /// no longer knows what the screen shows.
    ///
    /// - Throws: `TerminalError` when the terminal cannot be written.
    public func draw(frameBytes bytes: [UInt8]) throws(TerminalError) {
        guard drawsFrames, isActive else { return }
        renderer.invalidate()
        lastFrame = FrameStatistics(byteCount: bytes.count, cellsWritten: 0, cursorMoves: 1, isFullRedraw: true)
        frameCount += 1
        try write(bytes)
    }

    /// The keys typed since the last call (none when keys are not read).
    public func readKeys() -> [TerminalKey] {
        guard isActive, readsKeys, drawsFrames, environment.isInputTerminal else { return [] }
        return TerminalKey.parse(device.readInput())
    }

    /// Gives the terminal back: the restore sequence, the input mode, the emergency restore disarmed. Then prints
    /// `finalLines` (for a full-screen session, on the normal screen; inline, they are drawn as the last frame;
    /// without ANSI output, as plain text).
    ///
    /// - Throws: `TerminalError` when the terminal cannot be written (the input mode is restored anyway).
    public func end(finalLines: [StyledLine] = []) throws(TerminalError) {
        guard isActive else { return }
        try restoreTerminal(finalLines: finalLines)
    }

    private func restoreTerminal(finalLines: [StyledLine]) throws(TerminalError) {
        isActive = false
        guard drawsFrames else {
            var text = ""
            for line in finalLines { text += line.lineText(colorSupport: colorSupport) + "\n" }
            if !text.isEmpty { try write(Array(text.utf8)) }
            return
        }
        defer {
            device.restoreMode()
            device.disarmEmergencyRestore()
        }
        var bytes: [UInt8] = []
        switch presentation {
        case .fullScreen:
            bytes = emergencyRestoreBytes
            for line in finalLines { bytes += Array((line.ansiText(colorSupport: colorSupport) + "\n").utf8) }
        case .inline:
            if !finalLines.isEmpty, let screen = try? TerminalScreen(size: size) {
                var last = screen
                for (row, line) in finalLines.prefix(size.rows).enumerated() { last.put(line, column: 0, row: row) }
                bytes += renderer.render(last)
            }
            renderer.appendMove(toRow: size.rows - 1, column: 0, into: &bytes)
            bytes += EscapeSequences.resetAttributes
            bytes += EscapeSequences.privateModeBytes(EscapeSequences.cursorVisibleMode, true)
            bytes += Array("\r\n".utf8)
        }
        try write(bytes)
    }

    /// Written on a signal or `exit`: end synchronized output, plain attributes, cursor shown, and leave the
    /// alternate screen (full screen) or go to a fresh line (inline).
    private var emergencyRestoreBytes: [UInt8] {
        var bytes = EscapeSequences.privateModeBytes(EscapeSequences.synchronizedOutputMode, false)
        bytes += EscapeSequences.resetAttributes
        bytes += EscapeSequences.privateModeBytes(EscapeSequences.cursorVisibleMode, true)
        switch presentation {
        case .fullScreen: bytes += EscapeSequences.privateModeBytes(EscapeSequences.alternateScreenMode, false)
        case .inline: bytes += Array("\r\n".utf8)
        }
        return bytes
    }

    /// Written on start and after a resume from Ctrl-Z: the alternate screen (full screen) and the cursor hidden.
    private var reenterBytes: [UInt8] {
        var bytes: [UInt8] = []
        if presentation == .fullScreen {
            bytes += EscapeSequences.privateModeBytes(EscapeSequences.alternateScreenMode, true)
        }
        bytes += EscapeSequences.privateModeBytes(EscapeSequences.cursorVisibleMode, false)
        return bytes
    }

    private func measuredSize() -> TerminalSize {
        let terminal = device.size() ?? .fallback
        switch presentation {
        case .fullScreen: return terminal
        case .inline(let rows): return TerminalSize(columns: terminal.columns, rows: min(rows, terminal.rows))
        }
    }

    private func write(_ bytes: [UInt8]) throws(TerminalError) {
        guard !bytes.isEmpty else { return }
        byteCount += bytes.count
        try device.write(bytes)
    }
}
