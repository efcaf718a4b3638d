import CPangoCairo
import KineticCore

/// What the renderer and `PangoTextMeasurer` need from Pango beyond `PangoTextLayout`'s own API: a height limit for
/// truncating wrapped text, per-cluster positions with their direction and line, the fonts Pango actually used,
/// and the characters no installed font could draw.
extension PangoTextLayout {
    /// The height in points beyond which lines are dropped and the last shown line is ellipsized (Pango's
    /// `set_height`; it needs `truncation` to have an effect), or nil for no limit (the default). At least one
    /// line per paragraph is always kept.
    var maximumHeight: Double? {
        get {
            let value = pango_layout_get_height(pointer)
            return value < 0 ? nil : Double(value) / Double(PANGO_SCALE)
        }
        set {
            guard let height = newValue, height.isFinite else {
                pango_layout_set_height(pointer, -1)
                return
            }
            // Held to 0…10⁶ points in Double first (Pango units are Int32; NaN counts as 0).
            let points = height.isNaN ? 0 : min(max(0, height), 1e6)
            pango_layout_set_height(pointer, Int32((points * Double(PANGO_SCALE)).rounded()))
        }
    }

    /// Stops Pango from adding a hyphen where it breaks a line inside a word (Core Text adds none). Call after
    /// `setFont(_:)`, which replaces the layout's attributes.
    func disableHyphenation() {
        guard let attribute = pango_attr_insert_hyphens_new(0) else { return }
        if let attributes = pango_layout_get_attributes(pointer) {
            pango_attr_list_insert(attributes, attribute)  // the list takes ownership
            pango_layout_context_changed(pointer)
        } else if let attributes = pango_attr_list_new() {
            pango_attr_list_insert(attributes, attribute)
            pango_layout_set_attributes(pointer, attributes)
            pango_attr_list_unref(attributes)
        }
    }

    /// True when the first paragraph's base direction is right to left (its first strong character is, e.g.
    /// Arabic or Hebrew).
    var isRightToLeft: Bool {
        pango_layout_get_direction(pointer, 0) == PANGO_DIRECTION_RTL
    }

    /// The logical box of the cluster starting at UTF-8 byte `index`, in points from the layout's top-left, with
    /// its direction (Pango reports a negative width for right-to-left text) and its line.
    ///
    /// Pango's per-index queries: each takes time linear in the text's length (so boxes for a whole text take
    /// `clusterBoxes()`, which gives the same answers in one pass). Kept as the reference the tests compare with.
    func clusterBox(atByte index: Int) -> (frame: Rect, isRightToLeft: Bool, line: Int) {
        var box = PangoRectangle()
        pango_layout_index_to_pos(pointer, Int32(clamping: index), &box)
        var line: Int32 = 0
        var x: Int32 = 0
        pango_layout_index_to_line_x(pointer, Int32(clamping: index), 0, &line, &x)
        let scale = Double(PANGO_SCALE)
        let frame = Rect(
            x: Double(box.x) / scale, y: Double(box.y) / scale, width: Double(box.width) / scale,
            height: Double(box.height) / scale)
        return (frame.standardized, box.width < 0, Int(line))
    }

    /// Each run of text with the family of the font Pango drew it with, in order (runs of the same family next
    /// to each other are merged), and the characters no installed font had a glyph for (Pango draws those as
    /// hex boxes).
    func fontUsage() -> (runs: [(family: String, text: String)], missing: [Unicode.Scalar]) {
        guard let iterator = pango_layout_get_iter(pointer) else { return ([], []) }
        defer { pango_layout_iter_free(iterator) }
        let bytes = Array(text.utf8)
        var runs: [(family: String, text: String)] = []
        var missing: [Unicode.Scalar] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item else { continue }
            let family = Self.family(of: item.pointee.analysis.font)
            let start = min(max(0, Int(item.pointee.offset)), bytes.count)
            let end = min(bytes.count, start + max(0, Int(item.pointee.length)))
            let slice = String(decoding: bytes[start..<end], as: UTF8.self)
            if let last = runs.last, last.family == family {
                runs[runs.count - 1].text += slice
            } else {
                runs.append((family, slice))
            }
            if let glyphs = run.pointee.glyphs {
                for i in 0..<Int(glyphs.pointee.num_glyphs) {
                    let glyph = glyphs.pointee.glyphs[i].glyph
                    // PANGO_GLYPH_UNKNOWN_FLAG marks "no font has this character"; the low bits are the code
                    // point. (The empty glyph, 0x0FFFFFFF, has the flag clear.)
                    if glyph & 0x1000_0000 != 0, let scalar = Unicode.Scalar(glyph & 0x0FFF_FFFF),
                        scalar.properties.generalCategory != .control, scalar != "\n"
                    {
                        missing.append(scalar)
                    }
                }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return (runs, missing)
    }

    private static func family(of font: UnsafeMutablePointer<PangoFont>?) -> String {
        guard let font, let description = pango_font_describe(font) else { return "" }
        defer { pango_font_description_free(description) }
        return pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
    }
}

extension TextContext {
    /// The names of the font families installed (as fontconfig lists them), read once per process.
    static var installedFamilies: Set<String> {
        installedFamilyCache.withLock { cache in
            if let cache { return cache }
            var names: Set<String> = []
            if let fontMap = pango_cairo_font_map_get_default() {
                var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
                var count: Int32 = 0
                pango_font_map_list_families(fontMap, &families, &count)
                if let families {
                    for i in 0..<Int(count) {
                        if let family = families[i], let name = pango_font_family_get_name(family) {
                            names.insert(String(cString: name).lowercased())
                        }
                    }
                    g_free(families)
                }
            }
            cache = names
            return names
        }
    }
}
