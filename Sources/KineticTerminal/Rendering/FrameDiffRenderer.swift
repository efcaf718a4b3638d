/// Turns a sequence of `TerminalScreen`s into the bytes that draw them, writing only what changed.
///
/// For each frame the renderer compares the new screen with the one it drew last, cell by cell, and writes the
/// changed cells as runs: a cursor move to the start of each run (the cheapest of CUP, relative moves and carriage
/// return), then the cells with the fewest SGR bytes between them (see `SGRTransition`). Short gaps of unchanged
/// cells inside a run are rewritten when that is cheaper than a cursor move, a changed tail of blanks is erased
/// with EL, and a wide character is always rewritten whole (both of its cells), as is any wide character it
/// replaces, so a terminal never shows half of one. Unchanged frames write nothing at all.
///
/// The first frame (and the first after `invalidate()` or a size change) is drawn in full: in `.absolute`
/// addressing it erases the screen (ED 2) and then writes every cell that is not blank; in `.relative` addressing
/// (inline drawing, where the screen must not be erased) it writes every cell.
///
/// With `synchronizedOutput`, every non-empty frame is wrapped in `CSI ? 2026 h` … `CSI ? 2026 l`, so terminals
/// that support it show the frame at once (others ignore the mode). With a `colorSupport` below `.trueColor`,
/// colours are mapped (`TerminalColor.adapted(to:)`) before diffing, so colours that map to the same palette entry
/// are not rewritten.
///
/// ```swift
/// var renderer = FrameDiffRenderer()
/// let bytes = renderer.render(screen)   // write them to the terminal
/// print(renderer.lastFrame.byteCount)
/// ```
public struct FrameDiffRenderer: Sendable {
    /// What each frame writes.
    public enum Strategy: Hashable, Sendable {
        /// Only what changed since the previous frame (the default).
        case diff
        /// Every cell, every frame: the baseline that benchmarks compare against.
        case fullRedraw
    }

    /// How the cursor is placed.
    public enum Addressing: Hashable, Sendable {
        /// Absolute positions (CUP) from the terminal's top-left corner, plus relative moves when shorter: for a
        /// screen that covers the whole terminal (the alternate screen).
        case absolute
        /// Relative moves only (CUU/CUD/CUF/CUB and carriage return), from the cursor's position when the first
        /// frame is drawn, which is the screen's top-left cell: for drawing inline, inside other output.
        case relative
    }

    /// What each frame writes. Default `.diff`.
    public var strategy: Strategy
    /// How the cursor is placed. Default `.absolute`.
    public var addressing: Addressing
    /// The colours the output may use. Default `.trueColor`.
    public var colorSupport: ColorSupport
    /// Wrap each frame in synchronized-output mode 2026. Default true.
    public var synchronizedOutput: Bool

    /// Statistics of the last frame rendered (`.empty` before the first).
    public private(set) var lastFrame = FrameStatistics.empty

    /// The screen as the terminal shows it now (colours adapted), or nil when unknown.
    public private(set) var displayed: TerminalScreen?

    /// The cursor's row (relative to the screen's top row), or nil when unknown.
    package private(set) var cursorRow: Int?
    /// The cursor's column, or nil when unknown (also after writing the last column, where terminals differ).
    package private(set) var cursorColumn: Int?
    /// The SGR state of the terminal, or nil when unknown.
    private var pen: CellStyle?
    private var dirty: [Bool] = []
    private var output = EscapeSequences()
    private var frame = FrameStatistics.empty

    /// A renderer; see the properties for what each option does.
    public init(
        strategy: Strategy = .diff, addressing: Addressing = .absolute, colorSupport: ColorSupport = .trueColor,
        synchronizedOutput: Bool = true
    ) {
        self.strategy = strategy
        self.addressing = addressing
        self.colorSupport = colorSupport
        self.synchronizedOutput = synchronizedOutput
        if addressing == .relative {
            cursorRow = 0
            cursorColumn = 0
        }
    }

    /// Forgets what the terminal shows, so the next frame is drawn in full: call it after a resize or after
    /// anything else wrote to the terminal. In `.absolute` addressing the cursor position and the SGR state are
    /// forgotten too; in `.relative` addressing the cursor is assumed where the renderer left it.
    public mutating func invalidate() {
        displayed = nil
        pen = nil
        if addressing == .absolute {
            cursorRow = nil
            cursorColumn = nil
        }
    }

    /// The bytes that turn the terminal's picture into `screen`; `lastFrame` tells what they cost.
    public mutating func render(_ screen: TerminalScreen) -> [UInt8] {
        var bytes: [UInt8] = []
        render(screen, into: &bytes)
        return bytes
    }

    /// Appends the bytes that turn the terminal's picture into `screen` to `bytes`.
    public mutating func render(_ screen: TerminalScreen, into bytes: inout [UInt8]) {
        output.bytes.removeAll(keepingCapacity: true)
        frame = FrameStatistics(byteCount: 0, cellsWritten: 0, cursorMoves: 0, isFullRedraw: false)
        let next = colorSupport == .trueColor ? screen : screen.adaptingColors(to: colorSupport)
        if synchronizedOutput { output.privateMode(EscapeSequences.synchronizedOutputMode, true) }
        let prefixLength = output.bytes.count

        var previous = displayed
        if previous?.size != next.size { previous = nil }
        let full = previous == nil || strategy == .fullRedraw
        frame.isFullRedraw = full
        if previous == nil, addressing == .absolute {
            // Unknown picture: erase it, then draw the screen as a change from blank.
            SGRTransition.append(from: nil, to: .plain, into: &output)
            pen = .plain
            output.eraseScreen()
            previous = try? TerminalScreen(size: next.size)
            render(next, over: previous, writeEverything: strategy == .fullRedraw)
        } else {
            render(next, over: full ? nil : previous, writeEverything: full)
        }

        if output.bytes.count == prefixLength {
            output.bytes.removeAll(keepingCapacity: true)
        } else if synchronizedOutput {
            output.privateMode(EscapeSequences.synchronizedOutputMode, false)
        }
        displayed = next
        frame.byteCount = output.bytes.count
        lastFrame = frame
        bytes.append(contentsOf: output.bytes)
    }

    /// Appends the move of the cursor to (`row`, `column`) of the screen to `bytes` (used to park the cursor, e.g.
    /// below an inline area when it is finished).
    package mutating func appendMove(toRow row: Int, column: Int, into bytes: inout [UInt8]) {
        let saved = output
        output = EscapeSequences()
        moveCursor(toRow: row, column: column)
        bytes.append(contentsOf: output.bytes)
        output = saved
    }

    /// Records that something else moved the cursor to (`row`, `column`) of the screen (nil: unknown).
    package mutating func cursorMoved(toRow row: Int?, column: Int?) {
        cursorRow = row
        cursorColumn = column
    }

    /// Writes the cells of `next` that differ from `previous` (all of them when `writeEverything`; `previous` nil
    /// means unknown, which implies `writeEverything`).
    private mutating func render(_ next: TerminalScreen, over previous: TerminalScreen?, writeEverything: Bool) {
        let columns = next.columns
        if dirty.count != columns { dirty = [Bool](repeating: false, count: columns) }
        next.cells.withUnsafeBufferPointer { nextCells in
            for row in 0..<next.rows {
                let base = row * columns
                var any = false
                if writeEverything || previous == nil {
                    for c in 0..<columns { dirty[c] = true }
                    any = true
                } else if let previous {
                    previous.cells.withUnsafeBufferPointer { oldCells in
                        for c in 0..<columns {
                            let changed = oldCells[base + c] != nextCells[base + c]
                            dirty[c] = changed
                            any = any || changed
                        }
                    }
                }
                // No need to widen the changed cells to whole wide characters: `TerminalScreen` keeps a wide
                // character's two cells together, so when either half differs from the old screen, so does the
                // other or the new cell is a wide lead whose write covers both.
                if any { writeRow(row, base: base, columns: columns, cells: nextCells) }
            }
        }
    }

    private mutating func writeRow(_ row: Int, base: Int, columns: Int, cells: UnsafeBufferPointer<TerminalCell>) {
        // The tail of plain blanks, which one EL can draw.
        var eraseFrom = columns
        while eraseFrom > 0, cells[base + eraseFrom - 1] == TerminalCell.blank() { eraseFrom -= 1 }
        var c = 0
        while c < columns {
            guard dirty[c] else {
                c += 1
                continue
            }
            if c >= eraseFrom {
                var remaining = 0
                for k in c..<columns where dirty[k] { remaining += 1 }
                if remaining >= 4 {
                    moveCursor(toRow: row, column: c)
                    SGRTransition.append(from: pen, to: .plain, into: &output)
                    pen = .plain
                    output.eraseToEndOfLine()
                    frame.cellsWritten += remaining
                    return
                }
            }
            if cursorRow == row, let at = cursorColumn, at < c, c - at <= 8,
                gapCost(from: at, to: c, base: base, cells: cells) <= horizontalMoveCost(from: at, to: c)
            {
                for k in at..<c where !cells[base + k].isContinuation { writeCell(cells[base + k]) }
                cursorColumn = c
            } else {
                moveCursor(toRow: row, column: c)
            }
            let cell = cells[base + c]
            writeCell(cell)
            frame.cellsWritten += 1
            c += max(1, cell.width)
            cursorColumn = c < columns ? c : nil
        }
    }

    @inline(__always) private mutating func writeCell(_ cell: TerminalCell) {
        SGRTransition.append(from: pen, to: cell.style, into: &output)
        pen = cell.style
        output.append(cell.grapheme)
    }

    /// The bytes of rewriting the (unchanged) cells `from..<to` instead of moving over them.
    private func gapCost(from: Int, to: Int, base: Int, cells: UnsafeBufferPointer<TerminalCell>) -> Int {
        var cost = 0
        var style = pen
        for k in from..<to where !cells[base + k].isContinuation {
            cost += SGRTransition.length(from: style, to: cells[base + k].style) + cells[base + k].grapheme.utf8.count
            style = cells[base + k].style
        }
        return cost
    }

    private func horizontalMoveCost(from: Int, to: Int) -> Int {
        to > from ? EscapeSequences.moveLength(to - from) : from > to ? EscapeSequences.moveLength(from - to) : 0
    }

    /// Moves the cursor with the shortest sequence available to the addressing mode.
    private mutating func moveCursor(toRow row: Int, column: Int) {
        if cursorRow == row, cursorColumn == column { return }
        var relativeCost = Int.max
        var useCarriageReturn = false
        if let fromRow = cursorRow {
            let vertical = row == fromRow ? 0 : EscapeSequences.moveLength(abs(row - fromRow))
            let viaReturn = 1 + (column == 0 ? 0 : EscapeSequences.moveLength(column))
            var horizontal = viaReturn
            useCarriageReturn = true
            if let fromColumn = cursorColumn {
                let direct = horizontalMoveCost(from: fromColumn, to: column)
                if direct <= viaReturn {
                    horizontal = direct
                    useCarriageReturn = false
                }
            }
            relativeCost = vertical + horizontal
        }
        let absoluteCost =
            addressing == .absolute ? EscapeSequences.moveToLength(row: row, column: column) : Int.max
        frame.cursorMoves += 1
        if absoluteCost < relativeCost {
            output.moveTo(row: row, column: column)
        } else if let fromRow = cursorRow {
            if row > fromRow { output.move(row - fromRow, EscapeSequences.down) }
            if row < fromRow { output.move(fromRow - row, EscapeSequences.up) }
            if useCarriageReturn {
                output.append(0x0D)
                if column > 0 { output.move(column, EscapeSequences.forward) }
            } else if let fromColumn = cursorColumn {
                if column > fromColumn { output.move(column - fromColumn, EscapeSequences.forward) }
                if column < fromColumn { output.move(fromColumn - column, EscapeSequences.back) }
            }
        }
        cursorRow = row
        cursorColumn = column
    }
}

extension TerminalScreen {
    /// The screen with every style's colours adapted to `support`.
    package func adaptingColors(to support: ColorSupport) -> TerminalScreen {
        var copy = self
        copy.mapStyles { $0.adapted(to: support) }
        return copy
    }
}
