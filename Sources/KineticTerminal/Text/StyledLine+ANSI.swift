extension StyledLine {
    /// The line as text with SGR sequences for its styles (colours adapted to `colorSupport`), ending with the
    /// plain style again; with no style at all, just the text. For printing a styled result on a terminal
    /// outside any frame (use `plainText` where escape codes are not allowed).
    public func ansiText(colorSupport: ColorSupport) -> String {
        var out = EscapeSequences()
        var pen = CellStyle.plain
        for span in spans {
            let style = span.style.adapted(to: colorSupport)
            SGRTransition.append(from: pen, to: style, into: &out)
            pen = style
            for scalar in span.text.unicodeScalars {
                out.append(String(TerminalScreen.printable(scalar)))
            }
        }
        SGRTransition.append(from: pen, to: .plain, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The line for output that may not move the cursor: `plainText` under `.none`, `ansiText(colorSupport:)`
    /// otherwise (colour forced onto a pipe or a `CI` log).
    public func lineText(colorSupport: ColorSupport) -> String {
        colorSupport == .none ? plainText : ansiText(colorSupport: colorSupport)
    }
}
