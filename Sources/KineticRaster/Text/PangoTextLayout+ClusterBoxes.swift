import CPangoCairo
import KineticCore

/// One grapheme cluster's place in a `PangoTextLayout`, as `clusterBoxes()` reports it.
struct ClusterBox: Hashable, Sendable {
    /// The cluster's logical box in points from the layout's top-left corner (standardized: width ≥ 0): x from its
    /// leading edge, width its advance, y and height its run's.
    var frame: Rect
    /// True when Pango reported a negative width: the cluster runs right to left.
    var isRightToLeft: Bool
    /// The line the cluster is on, from 0.
    var line: Int
}

extension PangoTextLayout {
    /// The box of every grapheme cluster (Swift `Character`) of `text`, in order, in one pass over the layout's
    /// lines, runs and glyphs: time and memory linear in the text's length.
    ///
    /// Each box is the one Pango's per-index queries give for the cluster's first byte (`pango_layout_index_to_pos`
    /// for the frame, `pango_layout_index_to_line_x` for the line; `clusterBox(atByte:)` asks them), computed the
    /// way Pango 1.50 computes them: the line is the last one starting at or before the cluster; the leading and
    /// trailing edges come from Pango's cursor positions, a cluster of several cursor positions (a ligature) being
    /// split at the font's ligature carets or else evenly; a paragraph separator gets an empty box at the end of the
    /// line before it, and text that no line shows (dropped by a height limit) an empty box of height 0 at y = 0.
    /// Those queries cost time linear in the text each (they walk the text from its start, the lines, and the run's
    /// glyphs), which made measuring a long label quadratic. One difference, on purpose: characters hidden by an
    /// ellipsis share it using their own cursor positions (Pango 1.50 reads the cursor positions at the start of the
    /// text for them).
    func clusterBoxes() -> [ClusterBox] {
        guard let walk = ClusterWalk(self) else { return [] }
        return walk.boxes()
    }
}

/// The layout's lines, runs and glyph clusters, flattened into arrays indexed by byte and character, for
/// `PangoTextLayout.clusterBoxes()`. Valid only while the layout is unchanged (it points into Pango's lines).
private struct ClusterWalk {
    struct Line {
        var start: Int
        var end: Int
        /// The line's logical x (Pango units, layout coordinates).
        var x: Int32
        /// The y and height of the empty run at the line's end (Pango units).
        var endY: Int32
        var endHeight: Int32
        /// The sum of the widths of the line's runs (Pango units).
        var width: Int32
    }

    struct Run {
        var run: UnsafeMutablePointer<PangoGlyphItem>
        var line: Int
        var offset: Int
        var length: Int
        var isRightToLeft: Bool
        /// The run's logical y and height (Pango units, layout coordinates).
        var y: Int32
        var height: Int32
        /// The sum of the widths of the runs before this one on its line, in visual order (Pango units).
        var xBefore: Int32
        /// False when the glyphs' clusters are not in logical order (Pango's own code assumes they are): positions
        /// in this run are then asked of Pango one by one.
        var isRegular: Bool
        /// Prefix sums of the glyph widths in visual order: `glyphX[i]` is the left edge of glyph i; count
        /// num_glyphs + 1 (empty for a run without glyphs or an irregular one).
        var glyphX: [Int32]
    }

    /// A glyph cluster: the glyphs `firstGlyph...lastGlyph` (visual order) drawing the bytes `start..<end`.
    struct Cluster {
        var run: Int
        var start: Int
        var end: Int
        var firstGlyph: Int
        var lastGlyph: Int
    }

    let layout: PangoTextLayout
    let text: UnsafePointer<CChar>
    let bytes: UnsafeBufferPointer<UInt8>
    let attributes: UnsafePointer<PangoLogAttr>
    /// Characters in the text (Pango's `n_chars`).
    let characterCount: Int
    /// `characterStart[c]` is the first byte of character c; count characterCount + 1.
    var characterStart: [Int32] = []
    /// `characterOfByte[b]` is the character byte b belongs to; count bytes + 1.
    var characterOfByte: [Int32] = []
    /// `cursorsBefore[c]` counts the characters before character c that are cursor positions; count
    /// characterCount + 1.
    var cursorsBefore: [Int32] = []
    var lines: [Line] = []
    var runs: [Run] = []
    var clusters: [Cluster] = []
    /// The cluster drawing byte b, or −1 (paragraph separators, bytes of irregular runs); count bytes.
    var clusterOfByte: [Int32] = []
    /// The run drawing byte b, or −1; count bytes.
    var runOfByte: [Int32] = []

    init?(_ layout: PangoTextLayout) {
        self.layout = layout
        guard let text = pango_layout_get_text(layout.pointer) else { return nil }
        self.text = text
        let count = strlen(text)
        bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
        var attributeCount: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout.pointer, &attributeCount),
            attributeCount > 0
        else { return nil }
        self.attributes = attributes
        characterCount = Int(attributeCount) - 1
        indexCharacters()
        guard characterStart.count == characterCount + 1 else { return nil }
        guard collectLinesAndRuns() else { return nil }
        indexClusters()
    }

    /// Fills `characterStart`, `characterOfByte` and `cursorsBefore`.
    private mutating func indexCharacters() {
        characterStart.reserveCapacity(characterCount + 1)
        characterOfByte = Array(repeating: 0, count: bytes.count + 1)
        var character: Int32 = -1
        for (index, byte) in bytes.enumerated() {
            if byte & 0xC0 != 0x80 {
                character += 1
                characterStart.append(Int32(clamping: index))
            }
            characterOfByte[index] = max(0, character)
        }
        characterStart.append(Int32(clamping: bytes.count))
        characterOfByte[bytes.count] = character + 1
        cursorsBefore.reserveCapacity(characterCount + 1)
        var cursors: Int32 = 0
        for index in 0..<characterCount {
            cursorsBefore.append(cursors)
            if attributes[index].is_cursor_position != 0 { cursors += 1 }
        }
        cursorsBefore.append(cursors)
    }

    /// Walks the layout with one iterator: every line's extents and end run, every run's extents and glyphs.
    private mutating func collectLinesAndRuns() -> Bool {
        guard let iterator = pango_layout_get_iter(layout.pointer) else { return false }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { return false }
            var lineRect = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &lineRect)
            let start = Int(line.pointee.start_index)
            var info = Line(
                start: start, end: start + Int(line.pointee.length), x: lineRect.x, endY: lineRect.y,
                endHeight: lineRect.height, width: 0)
            while true {
                var runRect = PangoRectangle()
                pango_layout_iter_get_run_extents(iterator, nil, &runRect)
                guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                    let glyphs = run.pointee.glyphs
                else {
                    info.endY = runRect.y
                    info.endHeight = runRect.height
                    break
                }
                runs.append(
                    Self.run(
                        run, item: item, glyphs: glyphs, line: lines.count, rect: runRect, xBefore: info.width))
                info.width &+= pango_glyph_string_get_width(glyphs)
                guard pango_layout_iter_next_run(iterator) != 0 else { break }
            }
            lines.append(info)
        } while pango_layout_iter_next_line(iterator) != 0
        return !lines.isEmpty
    }

    private static func run(
        _ run: UnsafeMutablePointer<PangoGlyphItem>, item: UnsafeMutablePointer<PangoItem>,
        glyphs: UnsafeMutablePointer<PangoGlyphString>, line: Int, rect: PangoRectangle, xBefore: Int32
    ) -> Run {
        let isRightToLeft = item.pointee.analysis.level % 2 == 1
        let count = max(0, Int(glyphs.pointee.num_glyphs))
        let length = max(0, Int(item.pointee.length))
        var isRegular = true
        var glyphX: [Int32] = []
        if count > 0, let infos = glyphs.pointee.glyphs, let clusters = glyphs.pointee.log_clusters {
            glyphX.reserveCapacity(count + 1)
            var x: Int32 = 0
            for i in 0..<count {
                glyphX.append(x)
                x &+= infos[i].geometry.width
                let cluster = Int(clusters[i])
                if cluster < 0 || cluster >= length { isRegular = false }
                if i > 0 {
                    let previous = Int(clusters[i - 1])
                    if isRightToLeft ? cluster > previous : cluster < previous { isRegular = false }
                }
            }
            glyphX.append(x)
            // The first cluster in logical order must start the run, or bytes before it belong to no cluster.
            let first = Int(clusters[isRightToLeft ? count - 1 : 0])
            if first != 0 { isRegular = false }
        } else if count > 0 {
            isRegular = false
        }
        return Run(
            run: run, line: line, offset: Int(item.pointee.offset), length: length, isRightToLeft: isRightToLeft,
            y: rect.y, height: rect.height, xBefore: xBefore, isRegular: isRegular,
            glyphX: isRegular ? glyphX : [])
    }

    /// Fills `clusters`, `clusterOfByte` and `runOfByte`.
    private mutating func indexClusters() {
        clusterOfByte = Array(repeating: -1, count: bytes.count)
        runOfByte = Array(repeating: -1, count: bytes.count)
        for (index, run) in runs.enumerated() {
            let lower = min(max(0, run.offset), bytes.count)
            let upper = min(bytes.count, lower + run.length)
            for byte in lower..<upper { runOfByte[byte] = Int32(clamping: index) }
            guard run.isRegular, run.glyphX.count > 1, let glyphs = run.run.pointee.glyphs,
                let logClusters = glyphs.pointee.log_clusters
            else { continue }
            let count = run.glyphX.count - 1
            // Clusters in logical order: glyph order left to right, reversed for right-to-left runs.
            var found: [Cluster] = []
            var i = run.isRightToLeft ? count - 1 : 0
            while i >= 0 && i < count {
                let start = Int(logClusters[i])
                var j = i
                let step = run.isRightToLeft ? -1 : 1
                while j + step >= 0 && j + step < count && Int(logClusters[j + step]) == start { j += step }
                found.append(
                    Cluster(
                        run: index, start: start, end: run.length, firstGlyph: min(i, j), lastGlyph: max(i, j)))
                if found.count > 1 { found[found.count - 2].end = start }
                i = j + step
            }
            for cluster in found {
                let id = Int32(clamping: clusters.count)
                clusters.append(cluster)
                let from = min(bytes.count, lower + cluster.start)
                let to = min(bytes.count, lower + cluster.end)
                for byte in from..<to { clusterOfByte[byte] = id }
            }
        }
    }

    /// Every Swift character's box, as `pango_layout_index_to_pos` and `pango_layout_index_to_line_x` give it.
    func boxes() -> [ClusterBox] {
        let string = String(decoding: bytes, as: UTF8.self)
        var result: [ClusterBox] = []
        result.reserveCapacity(characterCount)
        var lineIndex = 0
        var byte = 0
        let scale = Double(PANGO_SCALE)
        for character in string {
            let start = byte
            byte += character.utf8.count
            while lineIndex + 1 < lines.count, lines[lineIndex + 1].start <= start { lineIndex += 1 }
            let line = lines[lineIndex]
            var y = line.endY
            var height = line.endHeight
            var index = start
            if start < line.end, let run = run(containing: start, on: lineIndex) {
                y = runs[run].y
                height = runs[run].height
            } else if start > line.end {
                // Past the line but before the next one: text dropped by a height limit (or beyond the last line).
                // Pango's walk never reaches a run for it and reports an empty box at the line's end.
                y = 0
                height = 0
                index = line.end
            } else if start == line.end {
                index = line.end
            }
            let x = line.x &+ self.x(of: index, on: lineIndex, trailing: false)
            let width = index < line.end ? (line.x &+ self.x(of: index, on: lineIndex, trailing: true)) &- x : 0
            let frame = Rect(
                x: Double(x) / scale, y: Double(y) / scale, width: Double(width) / scale,
                height: Double(height) / scale)
            result.append(ClusterBox(frame: frame.standardized, isRightToLeft: width < 0, line: lineIndex))
        }
        return result
    }

    private func run(containing index: Int, on line: Int) -> Int? {
        guard index >= 0, index < runOfByte.count else { return nil }
        let run = Int(runOfByte[index])
        return run >= 0 && runs[run].line == line ? run : nil
    }

    /// `pango_layout_line_index_to_x`: the x of the leading or trailing edge of the character at byte `index` on
    /// line `lineIndex`, in Pango units from the line's start.
    private func x(of start: Int, on lineIndex: Int, trailing: Bool) -> Int32 {
        let line = lines[lineIndex]
        guard let runIndex = run(containing: start, on: lineIndex) else { return line.width }
        let run = runs[runIndex]
        // Move to the grapheme's first character (leading) or its last (trailing), within the line.
        var index = start
        var character = Int(characterOfByte[index])
        if trailing {
            while index < line.end, character + 1 < characterCount,
                attributes[character + 1].is_cursor_position == 0
            {
                character += 1
                index = Int(characterStart[character])
            }
        } else {
            while index > line.start, attributes[character].is_cursor_position == 0 {
                character -= 1
                index = Int(characterStart[character])
            }
        }
        let relative = index - run.offset
        guard let glyphs = run.run.pointee.glyphs, glyphs.pointee.num_glyphs > 0 else { return run.xBefore }
        guard run.isRegular, relative >= 0, relative < run.length, index < clusterOfByte.count,
            clusterOfByte[index] >= 0
        else {
            return run.xBefore &+ pangoX(of: relative, in: run, trailing: trailing)
        }
        let cluster = clusters[Int(clusterOfByte[index])]
        return run.xBefore &+ x(of: index, in: cluster, of: run, glyphs: glyphs, trailing: trailing)
    }

    /// `pango_glyph_string_index_to_x_full` for a character of `cluster`: the cluster's leading edge, or a share of
    /// the cluster at a ligature caret or evenly by cursor positions.
    private func x(
        of index: Int, in cluster: Cluster, of run: Run, glyphs: UnsafeMutablePointer<PangoGlyphString>,
        trailing: Bool
    ) -> Int32 {
        let left = run.glyphX[cluster.firstGlyph]
        let right = run.glyphX[cluster.lastGlyph + 1]
        let startX = run.isRightToLeft ? right : left
        let endX = run.isRightToLeft ? left : right
        let first = Int(characterOfByte[min(max(0, run.offset + cluster.start), bytes.count)])
        let end = Int(characterOfByte[min(max(0, run.offset + cluster.end), bytes.count)])
        let clusterCharacters = cursorsBefore[end] - cursorsBefore[first]
        var offset = cursorsBefore[Int(characterOfByte[index])] - cursorsBefore[first]
        if trailing { offset = min(offset + 1, clusterCharacters) }
        guard clusterCharacters > 0 else { return startX }
        if offset > 0, offset < clusterCharacters,
            let caret = ligatureCaret(offset - 1, cluster: cluster, of: run, glyphs: glyphs)
        {
            return (run.isRightToLeft ? endX : startX) &+ caret
        }
        return ((clusterCharacters &- offset) &* startX &+ offset &* endX) / clusterCharacters
    }

    /// The font's caret number `caret` (from 0) inside the cluster's only spacing glyph, plus that glyph's x offset,
    /// in Pango units; nil when the cluster has several spacing glyphs or the font has no such caret.
    private func ligatureCaret(
        _ caret: Int32, cluster: Cluster, of run: Run, glyphs: UnsafeMutablePointer<PangoGlyphString>
    ) -> Int32? {
        guard let infos = glyphs.pointee.glyphs, let font = run.run.pointee.item?.pointee.analysis.font,
            let hbFont = pango_font_get_hb_font(font)
        else { return nil }
        var glyph = cluster.firstGlyph
        if cluster.firstGlyph != cluster.lastGlyph {
            let face = hb_font_get_face(hbFont)
            var spacing: Int?
            for i in cluster.firstGlyph...cluster.lastGlyph
            where hb_ot_layout_get_glyph_class(face, infos[i].glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK {
                guard spacing == nil else { return nil }
                spacing = i
            }
            guard let spacing else { return nil }
            glyph = spacing
        }
        var count: UInt32 = 1
        var position: hb_position_t = 0
        let found = hb_ot_layout_get_ligature_carets(
            hbFont, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, infos[glyph].glyph, UInt32(caret),
            &count, &position)
        guard count > 0, found > 0 else { return nil }
        return position &+ infos[glyph].geometry.x_offset
    }

    /// Asks Pango for the x of byte `relative` of an irregular run (clusters out of logical order, or an index the
    /// cursor adjustment moved out of the run): linear in the run's length, as Pango's own query.
    private func pangoX(of relative: Int, in run: Run, trailing: Bool) -> Int32 {
        guard let item = run.run.pointee.item, let glyphs = run.run.pointee.glyphs else { return 0 }
        var x: Int32 = 0
        let attributeOffset = Int(characterOfByte[min(max(0, run.offset), bytes.count)])
        pango_glyph_string_index_to_x_full(
            glyphs, text + run.offset, Int32(clamping: run.length), &item.pointee.analysis,
            UnsafeMutablePointer(mutating: attributes + attributeOffset), Int32(clamping: relative),
            trailing ? 1 : 0, &x)
        return x
    }
}
