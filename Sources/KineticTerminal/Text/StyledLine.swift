/// One line of text with a style per run of characters: what the text modes draw and what `InlineLine` shows.
///
/// ```swift
/// var line = StyledLine("Fetching ", style: CellStyle(isBold: true))
/// line.append("42", style: CellStyle(foreground: .rgb(94, 234, 212)))
/// ```
public struct StyledLine: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A run of text in one style.
    public struct Span: Hashable, Sendable {
        /// The text (one line: controls are shown as U+FFFD, tabs as spaces, when drawn).
        public var text: String
        /// Its style.
        public var style: CellStyle

        /// A span of `text` in `style`.
        public init(_ text: String, style: CellStyle = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The runs, left to right.
    public var spans: [Span]

    /// A line of `text` in one `style` (plain by default).
    public init(_ text: String = "", style: CellStyle = .plain) {
        spans = text.isEmpty ? [] : [Span(text, style: style)]
    }

    /// A line made of `spans`.
    public init(spans: [Span]) {
        self.spans = spans
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Adds `text` in `style` at the end; a span in the same style as the last one is merged into it.
    public mutating func append(_ text: String, style: CellStyle = .plain) {
        guard !text.isEmpty else { return }
        if let last = spans.indices.last, spans[last].style == style {
            spans[last].text += text
        } else {
            spans.append(Span(text, style: style))
        }
    }

    /// Adds every span of `line` at the end.
    public mutating func append(_ line: StyledLine) {
        for span in line.spans { append(span.text, style: span.style) }
    }

    /// The text without styles: what is printed where escape codes are not allowed.
    public var plainText: String { spans.map(\.text).joined() }

    /// The columns the line takes in a terminal (`CharacterWidth`).
    public var width: Int { spans.reduce(0) { $0 + CharacterWidth.columns(of: $1.text) } }

    public var description: String { plainText }
}

extension TerminalScreen {
    /// One row as a styled line (continuations skipped), e.g. to print a frame outside the frame loop.
    public func line(ofRow row: Int) -> StyledLine {
        precondition(row >= 0 && row < rows, "row \(row) off screen")
        var line = StyledLine()
        for cell in cells[row * columns..<(row + 1) * columns] where !cell.isContinuation {
            line.append(cell.grapheme, style: cell.style)
        }
        return line
    }

    /// Prints `line` from (`column`, `row`) as `put(_:column:row:style:)` does, span by span; returns the column
    /// after the last cell written.
    @discardableResult
    public mutating func put(_ line: StyledLine, column: Int, row: Int) -> Int {
        var column = column
        for span in line.spans { column = put(span.text, column: column, row: row, style: span.style) }
        return column
    }
}
