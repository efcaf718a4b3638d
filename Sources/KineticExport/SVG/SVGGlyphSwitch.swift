import KineticCore
import KineticLayers

/// Sibling glyphs shown one at a time — a count's digit cells, each a text layer of one glyph that only switches
/// on and off — written as one `<use>` whose `href` switches between the glyphs' outlines, instead of a group per
/// cell each with its own opacity animation: one key per change instead of two, and no key at all for a cell
/// that does not change.
extension SVGBuilder {
    /// One cell of a switch: a glyph at a fixed place and when it shows.
    private struct Cell {
        var glyph: PlacedGlyph
        /// The text's font size, points.
        var emSize: Double
        /// The cell's translation in its superlayer, points.
        var shift: Point
        /// Percent, 0 or 100 in holds.
        var opacity: Track
        var report: ChannelReport?
    }

    /// The properties a cell may animate: where it is (it must not move while it shows) and whether it shows.
    private static let cellProperties: Set<LayerProperty> = [.position, .opacity, .isHidden]

    /// `sublayers` as one switching `<use>`, or nil when they are not such cells: at least two text layers of one
    /// glyph each, in one paint, without sublayers, mask, clip, background, border or shadow, untransformed,
    /// still while they show, with opacity 0 or 1 in holds, never two showing at once. Cells that never show
    /// are left out, as the layer walk leaves them out.
    func glyphSwitch(_ sublayers: [Layer]) -> String? {
        guard sublayers.count >= 2 else { return nil }
        let readings = LayerReadings(tolerance: tolerance)
        var stretches = visibility
        var cells: [Cell] = []
        var paint: String?
        for layer in sublayers {
            guard let text = layer as? TextLayer, text.sublayers.isEmpty, text.mask == nil, !text.masksToBounds,
                text.shadowOpacity <= 0, (text.backgroundColor?.alpha ?? 0) <= 0,
                text.borderWidth <= 0 || text.borderColor.alpha <= 0, text.transform == .identity,
                text.animationRecords.allSatisfy({ $0.property.map(Self.cellProperties.contains) ?? false })
            else { return nil }
            let timeline = LayerTimeline(
                layer: text, duration: duration, samplesPerSecond: 2 * options.framesPerSecond,
                handlesInUnitRange: true)
            if !timeline.isAnimated(readings.opacity), (timeline.modelValue(readings.opacity).first ?? 0) <= 0 {
                continue
            }
            let (opacity, report) = timeline.track(readings.opacity)
            guard let hidden = stretches.enter(text, opacity: opacity) else { continue }
            guard opacity.segments.allSatisfy({ $0.isConstant && [0, 100].contains($0.from.first ?? -1) }) else {
                return nil
            }
            timeline.hiddenIntervals = hidden
            let x = timeline.track(readings.position(0)).track
            let y = timeline.track(readings.position(1)).track
            let anchor = timeline.track(readings.anchor).track
            guard x.isConstant, y.isConstant, anchor.isConstant, !text.string.isEmpty, text.foregroundColor.alpha > 0
            else { return nil }
            let outlines = self.outlines(of: text).glyphs
            guard outlines.count == 1, let glyph = outlines.first else { return nil }
            let cellPaint = self.paint(of: text)
            guard paint == nil || paint == cellPaint else { return nil }
            paint = cellPaint
            let a = anchor.value(at: 0)
            let shift = Point(x: x.value(at: 0).at(0) - a.at(0), y: y.value(at: 0).at(0) - a.at(1))
            cells.append(Cell(glyph: glyph, emSize: text.font.size, shift: shift, opacity: opacity, report: report))
        }
        guard let paint else { return "" }
        guard let shown = Self.shownCell(cells.map(\.opacity), duration: duration) else { return nil }
        visibility = stretches
        channels += cells.compactMap(\.report)
        let uses = cells.map { glyphUse($0.glyph, at: $0.shift, emSize: $0.emSize) }
        var ids = uses.map(\.id)
        if shown.segments.contains(where: { ($0.from.first ?? -1) < 0 }) { ids.append(emptyDefinition()) }
        func pick(_ value: [Double]) -> Int {
            let index = Int(exactly: value.at(0)) ?? -1
            return uses.indices.contains(index) ? index : ids.count - 1
        }
        let final = pick(still(shown))
        var offsets = uses.map(\.offset)
        // The empty entry's place: any, so the first cell's (no extra change).
        if offsets.count < ids.count { offsets.append(offsets[0]) }
        var element = " href=\"#\(ids[final])\""
        var animations = ""
        let moves = offsets.contains { SVGNumber.format($0.x) != SVGNumber.format(offsets[0].x) }
        let lifts = offsets.contains { SVGNumber.format($0.y) != SVGNumber.format(offsets[0].y) }
        element += moves ? " x=\"\(SVGNumber.format(offsets[final].x))\"" : Self.position(Point(x: offsets[0].x, y: 0))
        element += lifts ? " y=\"\(SVGNumber.format(offsets[final].y))\"" : Self.position(Point(x: 0, y: offsets[0].y))
        if !shown.isConstant {
            animations += smil.animate("href", shown) { "#" + ids[pick($0)] }
            if moves { animations += smil.animate("x", shown) { SVGNumber.format(offsets[pick($0)].x) } }
            if lifts { animations += smil.animate("y", shown) { SVGNumber.format(offsets[pick($0)].y) } }
        }
        return Self.element("use", element + paint, animations)
    }

    /// Which cell shows when, as holds of its index (−1: none), or nil when two show at once.
    private static func shownCell(_ opacities: [Track], duration: Double) -> Track? {
        var cuts: Set<Double> = [0, duration]
        for track in opacities {
            for segment in track.segments where segment.start > 0 && segment.start < duration {
                cuts.insert(segment.start)
            }
        }
        let times = cuts.sorted()
        var segments: [Segment] = []
        for (start, end) in zip(times, times.dropFirst()) where end > start {
            let middle = (start + end) / 2
            let showing = opacities.indices.filter { (opacities[$0].value(at: middle).first ?? 0) > 0 }
            guard showing.count <= 1 else { return nil }
            let value = [Double(showing.first ?? -1)]
            segments.append(Segment(start: start, end: end, from: value, to: value, easing: .hold))
        }
        guard !segments.isEmpty else { return nil }
        return Track(segments: segments).simplified()
    }
}
