/// The bytes that draw a live region at the bottom of a command-line tool's output, and the log lines printed
/// above it: a pure value (no device, no clock), so the escape stream can be checked byte for byte.
///
/// The region is `height` rows from the row the cursor is on. Between two writes the cursor is parked on the
/// region's top-left cell, which keeps every move relative to a row the terminal cannot rewrap: when a narrower
/// terminal reflows the region's lines, the line the cursor is on still starts at its left edge.
///
/// - A frame with the same number of rows at the same width is a diff (`FrameDiffRenderer`, relative moves):
///   only the changed cells, then a move back to the top-left. An unchanged frame writes nothing.
/// - Anything else — the first frame, a change of height or width, a redraw request, log lines to print — is a
///   full draw from the region's top: the log lines over the old rows (each erasing the rest of its row, then CR
///   LF, so they scroll into the normal output), `height − 1` line feeds (so the rows exist even at the bottom of
///   the screen, where a cursor move would not scroll), ED 0 from the first old row left below the new region,
///   a move back up, then every row. Nothing is erased from the region's top-left cell: tmux takes an erase from
///   the screen's top-left cell for a clear screen and pushes the screen into the scrollback.
///
/// Every write is wrapped in synchronized output (`CSI ? 2026 h` … `l`) when asked, so a terminal that supports it
/// shows the erase, the logs and the new rows at once.
package struct LiveRegionWriter: Sendable {
    /// The colours the output may use.
    package let colorSupport: ColorSupport
    /// Whether writes are wrapped in synchronized output (mode 2026).
    package let synchronizedOutput: Bool
    /// The rows the region takes on screen now (0 before the first frame and after the region was cleared).
    package private(set) var height = 0
    /// The lines drawn last, as given (before cutting them to the width): redrawn after log lines.
    package private(set) var shown: [StyledLine] = []
    /// Whether the cursor was hidden (and must be shown again at the end).
    package private(set) var isCursorHidden = false
    private var width = 0
    private var forcesFullDraw = false
    private var renderer: FrameDiffRenderer

    /// A writer for output with `colorSupport`, wrapping writes in mode 2026 when `synchronizedOutput`.
    package init(colorSupport: ColorSupport, synchronizedOutput: Bool = true) {
        self.colorSupport = colorSupport
        self.synchronizedOutput = synchronizedOutput
        renderer = FrameDiffRenderer(
            addressing: .relative, colorSupport: colorSupport, synchronizedOutput: false)
    }

    /// Makes the next frame a full draw (after a resize, or when the picture may have been disturbed).
    package mutating func invalidate() {
        forcesFullDraw = true
    }

    /// The bytes that show `lines` (at most `size.rows` of them, each cut at `size.columns` cells) after printing
    /// `logs` above the region; empty when nothing changed and there are no logs.
    package mutating func frame(_ lines: [StyledLine], logs: [StyledLine] = [], size: TerminalSize) -> [UInt8] {
        var bytes: [UInt8] = []
        draw(lines, logs: logs, size: size, into: &bytes)
        return wrapped(bytes)
    }

    /// The bytes that end the region: with `final` lines, they are drawn (after `logs`) and the cursor goes to the
    /// line below them; with nil, the region is erased (after printing `logs`) and the cursor stays at the start of
    /// the line where it began. Then plain attributes and the cursor shown again.
    package mutating func finish(_ final: [StyledLine]?, logs: [StyledLine] = [], size: TerminalSize) -> [UInt8] {
        var bytes: [UInt8] = []
        draw(final ?? [], logs: logs, size: size, into: &bytes)
        if final != nil, height > 0 {
            renderer.appendMove(toRow: height - 1, column: 0, into: &bytes)
            bytes += [0x0D, 0x0A]
            height = 0
        }
        if isCursorHidden || !bytes.isEmpty {
            bytes += EscapeSequences.resetAttributes
            bytes += EscapeSequences.privateModeBytes(EscapeSequences.cursorVisibleMode, true)
            isCursorHidden = false
        }
        shown = []
        width = 0
        return wrapped(bytes)
    }

    /// What a signal handler writes if the process is interrupted: end synchronized output, plain attributes, the
    /// cursor shown, and the cursor moved below the region (which is left as it is) to the start of a fresh line.
    package var emergencyRestoreBytes: [UInt8] {
        var bytes = EscapeSequences.privateModeBytes(EscapeSequences.synchronizedOutputMode, false)
        bytes += EscapeSequences.resetAttributes
        bytes += EscapeSequences.privateModeBytes(EscapeSequences.cursorVisibleMode, true)
        if height > 1 {
            var move = EscapeSequences()
            move.move(height - 1, EscapeSequences.down)
            bytes += move.bytes
        }
        if height > 0 { bytes += [0x0D, 0x0A] }
        return bytes
    }

    /// Written after a resume from Ctrl-Z: the cursor hidden again.
    package static let reenterBytes = EscapeSequences.privateModeBytes(EscapeSequences.cursorVisibleMode, false)

    private mutating func draw(_ lines: [StyledLine], logs: [StyledLine], size: TerminalSize, into bytes: inout [UInt8])
    {
        let columns = min(max(size.columns, 1), TerminalSize.maximumSide)
        let rows = min(max(size.rows, 1), TerminalSize.maximumSide)
        let visible = Array(lines.prefix(rows))
        let previous = shown
        shown = lines
        if visible.isEmpty, height == 0, logs.isEmpty { return }
        let screen = Self.screen(visible, columns: columns)
        if logs.isEmpty, visible.count == height, columns == width, !forcesFullDraw {
            guard let screen else { return }
            let start = bytes.count
            renderer.render(screen, into: &bytes)
            if bytes.count > start { renderer.appendMove(toRow: 0, column: 0, into: &bytes) }
            return
        }
        if !isCursorHidden {
            bytes += EscapeSequences.privateModeBytes(EscapeSequences.cursorVisibleMode, false)
            isCursorHidden = true
        }
        let oldHeight = height
        forcesFullDraw = false
        // Rows the old region may take beyond `oldHeight`: a terminal that rewraps on a width change (tmux, VTE,
        // kitty) splits each old line that is wider than the new width.
        var spill = 0
        if width > 0, columns != width {
            for line in previous.prefix(oldHeight) {
                let drawn = min(line.width, width)
                spill += max(0, (drawn + columns - 1) / columns - 1)
            }
        }
        // The cursor is on the region's top-left cell (or, the first time, on the line the region starts on).
        bytes += oldHeight > 0 ? EscapeSequences.resetAttributes : [0x0D]
        // Log lines over the old rows: each erases what is left of its last row (unless it filled it: an erase
        // in xterm's pending-wrap state would take the last character), then CR LF.
        var logRows = 0
        for log in logs {
            bytes += Array(log.ansiText(colorSupport: colorSupport).utf8)
            let logWidth = log.width
            if logWidth == 0 || logWidth % columns != 0 { bytes += [0x1B, 0x5B, 0x4B] }
            bytes += [0x0D, 0x0A]
            logRows += max(1, (logWidth + columns - 1) / columns)
        }
        height = visible.count
        width = columns
        // Line feeds down to the region's last row (they scroll at the bottom of the screen, where a cursor move
        // would not), then the old rows below the new region erased with ED 0 from the first of them — never
        // from the top-left cell of a region, which tmux would take for a clear screen and push into the
        // scrollback — and back up to the region's top.
        if height > 1 { bytes += [UInt8](repeating: 0x0A, count: height - 1) }
        let stale = oldHeight - logRows - height + spill
        var up = max(0, height - 1)
        if stale > 0 {
            if height > 0 {
                bytes += [0x0A, 0x1B, 0x5B, 0x4A]
                up += 1
            } else {
                bytes += [0x1B, 0x5B, 0x4B]
                if stale > 1 {
                    bytes += [0x0A, 0x1B, 0x5B, 0x4A]
                    up += 1
                }
            }
        }
        if up > 0 {
            var move = EscapeSequences()
            move.move(up, EscapeSequences.up)
            bytes += move.bytes
        }
        guard let screen else { return }
        renderer.invalidate()
        renderer.cursorMoved(toRow: 0, column: 0)
        renderer.render(screen, into: &bytes)
        renderer.appendMove(toRow: 0, column: 0, into: &bytes)
    }

    /// The rows as a screen `columns` wide (nil for no rows); each line is cut at the right edge by display width.
    private static func screen(_ lines: [StyledLine], columns: Int) -> TerminalScreen? {
        guard !lines.isEmpty, var screen = try? TerminalScreen(columns: columns, rows: lines.count) else {
            return nil
        }
        for (row, line) in lines.enumerated() { screen.put(line, column: 0, row: row) }
        return screen
    }

    private func wrapped(_ bytes: [UInt8]) -> [UInt8] {
        guard synchronizedOutput, !bytes.isEmpty else { return bytes }
        return EscapeSequences.privateModeBytes(EscapeSequences.synchronizedOutputMode, true) + bytes
            + EscapeSequences.privateModeBytes(EscapeSequences.synchronizedOutputMode, false)
    }
}
