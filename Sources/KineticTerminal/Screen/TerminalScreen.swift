/// A grid of character cells: what a terminal shows, as a value.
///
/// Rows run top to bottom, columns left to right, both from 0. Every cell holds one grapheme (see `TerminalCell`);
/// a wide character (CJK, fullwidth forms, Hangul, common emoji — `CharacterWidth`) takes two cells, the second a
/// continuation. The screen keeps that pairing consistent the way a terminal does: writing over either half of a
/// wide character blanks its other half, and a wide character that would start in the last column is replaced by
/// a blank (terminals wrap it to the next line instead; the screen clips).
///
/// Screens are compared and diffed cell by cell by `FrameDiffRenderer`.
public struct TerminalScreen: Hashable, Sendable {
    /// Cells across, 1…`TerminalSize.maximumSide`.
    public let columns: Int
    /// Lines, 1…`TerminalSize.maximumSide`.
    public let rows: Int
    /// The cells, row after row (`row * columns + column`).
    public private(set) var cells: [TerminalCell]

    /// A screen of `size` filled with `fill` (a blank in the terminal's plain style by default).
    ///
    /// - Throws: `TerminalError.invalidSize` when a side is outside 1…`TerminalSize.maximumSide`.
    public init(size: TerminalSize, fill: TerminalCell = .blank()) throws(TerminalError) {
        try size.validate()
        columns = size.columns
        rows = size.rows
        let safeFill = fill.width == 1 ? fill : .blank(fill.style)
        cells = [TerminalCell](repeating: safeFill, count: size.columns * size.rows)
    }

    /// A screen of `columns` × `rows` cells filled with `fill`.
    ///
    /// - Throws: `TerminalError.invalidSize` when a side is outside 1…`TerminalSize.maximumSide`.
    public init(columns: Int, rows: Int, fill: TerminalCell = .blank()) throws(TerminalError) {
        try self.init(size: TerminalSize(columns: columns, rows: rows), fill: fill)
    }

    /// The screen's size.
    public var size: TerminalSize { TerminalSize(columns: columns, rows: rows) }

    /// The cell at (`column`, `row`). Out-of-range coordinates are a programming error.
    @inlinable public subscript(column: Int, row: Int) -> TerminalCell {
        precondition(column >= 0 && column < columns && row >= 0 && row < rows, "cell (\(column), \(row)) off screen")
        return cells[row * columns + column]
    }

    /// The text of one row: every cell's grapheme, continuations skipped (so a wide character appears once).
    public func text(ofRow row: Int) -> String {
        precondition(row >= 0 && row < rows, "row \(row) off screen")
        var text = ""
        for cell in cells[row * columns..<(row + 1) * columns] { text += cell.grapheme }
        return text
    }

    /// Every row's text (see `text(ofRow:)`), joined with newlines.
    public var text: String {
        (0..<rows).map { text(ofRow: $0) }.joined(separator: "\n")
    }

    /// Fills the whole screen with `cell` (a single-width cell; a wide one is replaced by a blank of its style).
    public mutating func clear(to cell: TerminalCell = .blank()) {
        let safe = cell.width == 1 ? cell : .blank(cell.style)
        for i in cells.indices { cells[i] = safe }
    }

    /// Prints `text` in `style` from (`column`, `row`) to the right, as a terminal would, and returns the column
    /// after the last cell written.
    ///
    /// Text is split into cells by Unicode scalar: each scalar of width 1 or 2 starts a cell and zero-width scalars
    /// (combining marks, joiners, variation selectors) join the cell before them, or a blank when nothing came
    /// before. Control characters are not printed: a tab becomes a space, any other becomes U+FFFD. Text beyond the
    /// right edge is clipped; a wide character that does not fit in the last column leaves a blank there. A row
    /// outside the screen writes nothing; a negative column clips on the left.
    @discardableResult
    public mutating func put(_ text: String, column: Int, row: Int, style: CellStyle = .plain) -> Int {
        guard row >= 0, row < rows else { return column }
        var column = column
        var previous: Int?  // index of the cell the previous scalar went into
        for original in text.unicodeScalars {
            let scalar = Self.printable(original)
            var width = CharacterWidth.columns(of: scalar)
            var grapheme = String(scalar)
            if width == 0 {
                if let index = previous {
                    cells[index].grapheme.unicodeScalars.append(scalar)
                    continue
                }
                grapheme = " " + grapheme
                width = 1
            }
            if column >= columns { break }
            if column < 0 || (width == 2 && column == columns - 1) {
                // Partly off the left edge, or a wide character in the last column: a blank where it would show.
                let visible = column < 0 ? column + width - 1 : column
                if visible >= 0 { write(TerminalCell.blank(style), width: 1, column: visible, row: row) }
                column += width
                previous = nil
                continue
            }
            write(TerminalCell(grapheme, style: style), width: width, column: column, row: row)
            previous = row * columns + column
            column += width
        }
        return column
    }

    /// Writes one cell of `width` 1 or 2 at (`column`, `row`), blanking the other half of any wide character it
    /// partly covers (in that character's style). The caller guarantees the cell fits on the row.
    package mutating func write(_ cell: TerminalCell, width: Int, column: Int, row: Int) {
        let base = row * columns
        let end = column + width
        for c in column..<end {
            let current = cells[base + c]
            if current.isContinuation, c - 1 < column, c > 0 {
                cells[base + c - 1] = .blank(cells[base + c - 1].style)
            } else if current.width == 2, c + 1 >= end, c + 1 < columns {
                cells[base + c + 1] = .blank(cells[base + c + 1].style)
            }
        }
        cells[base + column] = cell
        if width == 2 { cells[base + column + 1] = TerminalCell("", style: cell.style) }
    }

    /// Appends a zero-width scalar to the cell at `index` (a terminal attaches combining marks to the last cell).
    package mutating func attach(_ scalar: Unicode.Scalar, toCellAt index: Int) {
        cells[index].grapheme.unicodeScalars.append(scalar)
    }

    /// Sets cells `from..<to` of `row` to `cell` (single width), as an erase does. Wide characters cut by the range
    /// lose their other half too.
    package mutating func erase(row: Int, from: Int, to: Int, with cell: TerminalCell) {
        let from = max(0, from)
        let to = min(columns, to)
        guard row >= 0, row < rows, from < to else { return }
        let base = row * columns
        if cells[base + from].isContinuation, from > 0 { cells[base + from - 1] = .blank(cells[base + from - 1].style) }
        if to < columns, cells[base + to].isContinuation { cells[base + to] = .blank(cells[base + to].style) }
        for c in from..<to { cells[base + c] = cell }
    }

    /// Replaces every cell's style by `transform(style)`.
    package mutating func mapStyles(_ transform: (CellStyle) -> CellStyle) {
        for i in cells.indices { cells[i].style = transform(cells[i].style) }
    }

    /// The scalar a terminal would print for `scalar`: itself, a space for a tab, U+FFFD for other controls.
    static func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard CharacterWidth.isControl(scalar) else { return scalar }
        return scalar == "\t" ? " " : "\u{FFFD}"
    }
}
