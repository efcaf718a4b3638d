import KineticCore
import KineticLayers

/// A paragraph laid out by Pango from KineticLayers' `Font` and `ParagraphStyle`: the one code path that both
/// `LayerRenderer` (drawing a `TextLayer`) and `PangoTextMeasurer` use, so measured and drawn text agree.
///
/// Mapping to Pango:
/// - wrapping `.word` breaks at words and inside words longer than a line (`PANGO_WRAP_WORD_CHAR`),
///   `.character` anywhere; `.none` keeps one line per paragraph.
/// - truncation ellipsizes at the start, middle or end; with wrapping, the last line that fits `maximumHeight`
///   is the one ellipsized (as `CATextLayer` does), and without a height limit wrapped text is not truncated.
/// - alignment within `style.width`. Unwrapped, untruncated text is laid out at its natural width and then
///   shifted in the width (`xOffset`), so a centred label does not wrap.
struct ParagraphLayout {
    /// The Pango layout (top-left corner at the origin).
    let layout: PangoTextLayout
    /// Where the layout's origin goes, horizontally, relative to the paragraph box's left edge, in points.
    let xOffset: Double

    /// Lays out `string`.
    ///
    /// - Parameter maximumHeight: With wrapping and truncation, the height (points) whose last fitting line is
    ///   ellipsized; nil for no limit.
    /// - Throws: `RasterError.invalidOption` for a font size that is not > 0, `.pango` when Pango fails.
    init(
        context: TextContext, string: String, font: Font, style: ParagraphStyle, maximumHeight: Double? = nil
    ) throws(RasterError) {
        let layout = try PangoTextLayout(context: context)
        try layout.setFont(Self.descriptor(for: font))
        layout.disableHyphenation()
        layout.text = string
        layout.lineSpacing = style.lineSpacing.isFinite ? style.lineSpacing : 0
        switch style.alignment {
        case .natural, .left: layout.alignment = .left
        case .center: layout.alignment = .center
        case .right: layout.alignment = .right
        case .justified: layout.alignment = .justified
        }
        let width = style.width.flatMap { $0.isFinite ? max(0, $0) : nil }
        let limitsWidth = style.wrapping != .none || style.truncation != .none
        if limitsWidth, let width {
            layout.width = width
            switch style.wrapping {
            case .none, .word: layout.wrapMode = .wordOrCharacter
            case .character: layout.wrapMode = .character
            }
            // Pango keeps one line per paragraph when ellipsizing without a height: right for unwrapped text; for
            // wrapped text truncation needs the height that decides which line is last.
            let truncates = style.wrapping == .none || maximumHeight != nil
            switch style.truncation {
            case .none: layout.truncation = .none
            case .start: layout.truncation = truncates ? .head : .none
            case .middle: layout.truncation = truncates ? .middle : .none
            case .end: layout.truncation = truncates ? .tail : .none
            }
            if style.wrapping != .none, let maximumHeight { layout.maximumHeight = maximumHeight }
        }
        self.layout = layout
        guard !limitsWidth, let width else {
            xOffset = 0
            return
        }
        // Pango aligns the lines within the widest one; move the whole paragraph within the box.
        let fraction: Double
        switch style.alignment {
        case .left: fraction = 0
        case .center: fraction = 0.5
        case .right: fraction = 1
        case .natural, .justified: fraction = layout.isRightToLeft ? 1 : 0
        }
        xOffset = (width - layout.size.width) * fraction
    }

    /// Pango's font request for a KineticLayers font.
    static func descriptor(for font: Font) -> FontDescriptor {
        FontDescriptor(
            families: font.families, size: font.size, weight: font.weight, isItalic: font.italic,
            tabularDigits: font.tabularDigits)
    }
}
