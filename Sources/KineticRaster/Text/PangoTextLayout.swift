import CCairo
import CPangoCairo
import KineticCore

/// A paragraph of text laid out by Pango (shaping with HarfBuzz, font fallback, wrapping, alignment) that can
/// be measured and drawn into a `CairoContext`. All lengths are in points.
///
/// Not thread-safe: use it on the thread of its `TextContext`.
package final class PangoTextLayout {
    /// Pango's `PangoLayout *`; owned (one GObject reference), released in `deinit`.
    let pointer: OpaquePointer
    /// The context the layout was made from (kept alive).
    public let context: TextContext

    /// Horizontal alignment of lines within the layout's width.
    public enum Alignment: Sendable, Hashable {
        case left, center, right, justified
    }

    /// Where lines break when `width` is set.
    public enum WrapMode: Sendable, Hashable {
        /// At word boundaries (Pango's default).
        case word
        /// Between any two characters.
        case character
        /// At words, or between characters when a word does not fit.
        case wordOrCharacter
    }

    /// Where an ellipsis replaces text that does not fit in `width`.
    public enum Truncation: Sendable, Hashable {
        case none, head, middle, tail
    }

    /// The metrics of one laid-out line, in points from the layout's top-left corner.
    public struct LineMetrics: Hashable, Sendable {
        /// The line's logical rectangle (advance width × line height).
        public var frame: Rect
        /// The y coordinate of the line's baseline.
        public var baseline: Double
    }

    /// An empty layout in `context`, with the default font (`FontDescriptor()`), no width limit, left aligned.
    ///
    /// - Throws: `RasterError.pango` when Pango cannot create the layout.
    public init(context: TextContext) throws(RasterError) {
        guard let layout = pango_layout_new(context.pointer) else {
            throw .pango(operation: "pango_layout_new", reason: "returned no layout")
        }
        self.pointer = layout
        self.context = context
        try setFont(FontDescriptor())
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// The text (UTF-8; any Swift string).
    public var text: String {
        get { pango_layout_get_text(pointer).map { String(cString: $0) } ?? "" }
        set { pango_layout_set_text(pointer, newValue, -1) }
    }

    /// Sets the font, including tabular digits (`tnum`) when asked.
    ///
    /// - Throws: `RasterError.invalidOption` for a size that is not > 0.
    public func setFont(_ font: FontDescriptor) throws(RasterError) {
        let description = try PangoFontDescription(font)
        pango_layout_set_font_description(pointer, description.pointer)
        guard let attributes = pango_attr_list_new() else { return }
        defer { pango_attr_list_unref(attributes) }
        if font.tabularDigits, let feature = pango_attr_font_features_new("tnum 1") {
            pango_attr_list_insert(attributes, feature)  // the list takes ownership
        }
        pango_layout_set_attributes(pointer, attributes)
    }

    /// The width in points at which lines wrap (or are truncated), or nil for no limit (the default).
    public var width: Double? {
        get {
            let value = pango_layout_get_width(pointer)
            return value < 0 ? nil : Double(value) / Double(PANGO_SCALE)
        }
        set { pango_layout_set_width(pointer, newValue.map { Self.pangoUnits(max(0, $0)) } ?? -1) }
    }

    /// Line breaking when `width` is set; default `.word`.
    public var wrapMode: WrapMode {
        get {
            switch pango_layout_get_wrap(pointer) {
            case PANGO_WRAP_CHAR: return .character
            case PANGO_WRAP_WORD_CHAR: return .wordOrCharacter
            default: return .word
            }
        }
        set {
            let mode: PangoWrapMode
            switch newValue {
            case .word: mode = PANGO_WRAP_WORD
            case .character: mode = PANGO_WRAP_CHAR
            case .wordOrCharacter: mode = PANGO_WRAP_WORD_CHAR
            }
            pango_layout_set_wrap(pointer, mode)
        }
    }

    /// Truncation with an ellipsis when the text does not fit `width`; default `.none` (wrap instead).
    public var truncation: Truncation {
        get {
            switch pango_layout_get_ellipsize(pointer) {
            case PANGO_ELLIPSIZE_START: return .head
            case PANGO_ELLIPSIZE_MIDDLE: return .middle
            case PANGO_ELLIPSIZE_END: return .tail
            default: return .none
            }
        }
        set {
            let mode: PangoEllipsizeMode
            switch newValue {
            case .none: mode = PANGO_ELLIPSIZE_NONE
            case .head: mode = PANGO_ELLIPSIZE_START
            case .middle: mode = PANGO_ELLIPSIZE_MIDDLE
            case .tail: mode = PANGO_ELLIPSIZE_END
            }
            pango_layout_set_ellipsize(pointer, mode)
        }
    }

    /// Alignment of lines; default `.left`. Needs `width` to have an effect on single lines.
    public var alignment: Alignment {
        get {
            if pango_layout_get_justify(pointer) != 0 { return .justified }
            switch pango_layout_get_alignment(pointer) {
            case PANGO_ALIGN_CENTER: return .center
            case PANGO_ALIGN_RIGHT: return .right
            default: return .left
            }
        }
        set {
            pango_layout_set_justify(pointer, newValue == .justified ? 1 : 0)
            let value: PangoAlignment
            switch newValue {
            case .left, .justified: value = PANGO_ALIGN_LEFT
            case .center: value = PANGO_ALIGN_CENTER
            case .right: value = PANGO_ALIGN_RIGHT
            }
            pango_layout_set_alignment(pointer, value)
        }
    }

    /// Line height as a multiple of the font's natural line height, e.g. 1.2; 0 (the default) keeps the font's.
    public var lineHeightMultiple: Double {
        get { Double(pango_layout_get_line_spacing(pointer)) }
        set { pango_layout_set_line_spacing(pointer, Float(max(0, newValue))) }
    }

    /// Extra space between lines in points, added to the line height; default 0.
    public var lineSpacing: Double {
        get { Double(pango_layout_get_spacing(pointer)) / Double(PANGO_SCALE) }
        set { pango_layout_set_spacing(pointer, Self.pangoUnits(newValue)) }
    }

    /// Tells the layout that its context changed (after `TextContext.update(for:)`).
    public func contextChanged() { pango_layout_context_changed(pointer) }

    /// The logical size: advance width of the widest line × total line height.
    public var size: Size {
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        return Size(width: Self.points(logical.width), height: Self.points(logical.height))
    }

    /// The logical rectangle relative to the layout's origin (x may be non-zero for centred or right-aligned
    /// text).
    public var logicalBounds: Rect { Self.rect(extents().logical) }

    /// The ink rectangle: where glyphs actually put paint.
    public var inkBounds: Rect { Self.rect(extents().ink) }

    /// Distance from the layout's top to the first line's baseline.
    public var baseline: Double { Self.points(pango_layout_get_baseline(pointer)) }

    /// Number of lines after wrapping.
    public var lineCount: Int { Int(pango_layout_get_line_count(pointer)) }

    /// Each line's logical rectangle and baseline, top to bottom.
    public var lines: [LineMetrics] {
        guard let iterator = pango_layout_get_iter(pointer) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        var result: [LineMetrics] = []
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = Self.points(pango_layout_iter_get_baseline(iterator))
            result.append(LineMetrics(frame: Self.rect(logical), baseline: baseline))
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// The logical box of each character (grapheme cluster) of `text`, in order: its x position and advance
    /// along its line and the line's height. A character inside a ligature gets a share of the ligature's box.
    ///
    /// Time and memory linear in the text's length.
    public var characterBoxes: [Rect] { clusterBoxes().map(\.frame) }

    /// Draws the text with the context's current source (colour or pattern) with the layout's top-left corner at
    /// `origin` (user space). Updates the text context for the Cairo context's transform first.
    public func draw(in cairo: CairoContext, at origin: Point) {
        context.update(for: cairo)
        pango_layout_context_changed(pointer)
        cairo.move(to: origin)
        pango_cairo_show_layout(cairo.pointer, pointer)
    }

    /// Adds the glyph outlines to the Cairo context's current path, top-left corner at `origin` (for clipping
    /// to text or stroking it).
    public func addPath(in cairo: CairoContext, at origin: Point) {
        context.update(for: cairo)
        pango_layout_context_changed(pointer)
        cairo.move(to: origin)
        pango_cairo_layout_path(cairo.pointer, pointer)
    }

    private func extents() -> (ink: PangoRectangle, logical: PangoRectangle) {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, &ink, &logical)
        return (ink, logical)
    }

    private static func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }

    private static func rect(_ r: PangoRectangle) -> Rect {
        Rect(x: points(r.x), y: points(r.y), width: points(r.width), height: points(r.height))
    }

    private static func pangoUnits(_ points: Double) -> Int32 {
        let value = (points * Double(PANGO_SCALE)).rounded()
        return value.isFinite ? Int32(clamping: Int(max(min(value, 2e9), -2e9))) : 0
    }
}
