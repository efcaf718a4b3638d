/// One character cell of a `TerminalScreen`.
///
/// `grapheme` is what the cell shows: one base character of display width 1 or 2 followed by any zero-width
/// characters (combining marks, variation selectors, joiners) — exactly what a terminal puts in one cell when it
/// receives those characters. A wide character (width 2) occupies its cell and the next one; that next cell is a
/// *continuation*: its `grapheme` is empty and its style repeats the wide cell's.
public struct TerminalCell: Hashable, Sendable {
    /// The characters shown: `" "` for a blank, `""` for the right half of a wide character.
    public var grapheme: String
    /// Colours and weight.
    public var style: CellStyle

    /// A cell showing `grapheme` in `style`. The screen's `put` functions check widths; this initialiser does not.
    @inlinable public init(_ grapheme: String, style: CellStyle = .plain) {
        self.grapheme = grapheme
        self.style = style
    }

    /// A blank cell (a space) with the given style.
    @inlinable public static func blank(_ style: CellStyle = .plain) -> TerminalCell {
        TerminalCell(" ", style: style)
    }

    /// True for the right half of a wide character.
    @inlinable public var isContinuation: Bool { grapheme.isEmpty }

    /// The columns the cell's character takes: 2 for a wide character, 1 otherwise, 0 for a continuation.
    public var width: Int {
        guard let first = grapheme.unicodeScalars.first else { return 0 }
        return CharacterWidth.columns(of: first) == 2 ? 2 : 1
    }
}
