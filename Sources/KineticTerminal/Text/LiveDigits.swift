/// A number that changes every frame, drawn so that it does not wobble and its changes catch the eye.
///
/// Terminal digits are already of one width; what moves a live number is its length changing (9 → 10) and its
/// alignment. `LiveDigits` right-aligns the text in at least `minimumWidth` columns (padding with spaces on the
/// left, like a counter's fixed field) and draws the characters that differ from the previous frame's text
/// (compared from the right, so units compare with units) in `changedStyle`.
public struct LiveDigits: Hashable, Sendable {
    /// The style of characters that did not change. Default plain.
    public var style: CellStyle
    /// The style of characters that changed since the previous frame. Default bold.
    public var changedStyle: CellStyle
    /// The narrowest field, in columns, ≥ 0. Default 0 (no padding).
    public var minimumWidth: Int

    /// Live digits; see the properties for the defaults.
    public init(style: CellStyle = .plain, changedStyle: CellStyle = CellStyle(isBold: true), minimumWidth: Int = 0) {
        self.style = style
        self.changedStyle = changedStyle
        self.minimumWidth = minimumWidth
    }

    /// `text` right-aligned in the field, characters that differ from `previous` (nil: none) in `changedStyle`.
    public func line(_ text: String, previous: String? = nil) -> StyledLine {
        let padded = Self.padded(text, to: minimumWidth)
        guard let previous else { return StyledLine(padded, style: style) }
        let old = Array(Self.padded(previous, to: minimumWidth).unicodeScalars)
        let new = Array(padded.unicodeScalars)
        var line = StyledLine()
        for (index, scalar) in new.enumerated() {
            let fromRight = new.count - index
            let same = fromRight <= old.count && old[old.count - fromRight] == scalar
            line.append(String(scalar), style: same ? style : changedStyle)
        }
        return line
    }

    private static func padded(_ text: String, to width: Int) -> String {
        let missing = width - CharacterWidth.columns(of: text)
        return missing > 0 ? String(repeating: " ", count: missing) + text : text
    }
}
