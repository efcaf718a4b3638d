import KineticCore
import KineticLayers
import XCTest

@_spi(Internals) @testable import KineticRaster

/// `PangoGlyphOutliner`: the glyphs of a text layer as outlines, where the renderer draws them.
final class GlyphOutlineTests: XCTestCase {
    private let outliner = PangoGlyphOutliner()

    private func label(_ string: String, size: Double = 40, width: Double = 420, alignment: TextAlignment = .left)
        -> TextLayer
    {
        let text = TextLayer(string: string, font: Font(size: size), color: .black)
        text.frame = Rect(x: 0, y: 0, width: width, height: size * 1.5)
        text.alignment = alignment
        return text
    }

    /// Pango's ink rectangle of the layer's paragraph, in the layer's coordinates.
    private func inkBounds(of layer: TextLayer) throws -> Rect {
        let context = try TextContext()
        var style = layer.paragraphStyle
        style.width = layer.bounds.width
        let paragraph = try ParagraphLayout(
            context: context, string: layer.string, font: layer.font, style: style, maximumHeight: layer.bounds.height)
        return paragraph.layout.inkBounds.offsetBy(dx: paragraph.xOffset, dy: 0)
    }

    private func assertOutlineBoundsMatchInk(_ layer: TextLayer, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let outlines = outliner.glyphOutlines(of: layer)
        let ink = try inkBounds(of: layer)
        let path = outlines.path
        let tight = try XCTUnwrap(path.bounds, file: file, line: line)
        let hull = try XCTUnwrap(path.controlPointBounds, file: file, line: line)
        // Pango's ink box is the glyphs' control boxes (FreeType's unhinted metrics): it holds the outline's tight
        // box and lies within the outline's control points' box, give or take Pango's 1/1024-point units.
        let slack = 0.02
        for (inner, outer, what) in [(tight, ink, "tight box inside ink"), (ink, hull, "ink inside control box")] {
            XCTAssertLessThanOrEqual(outer.minX, inner.minX + slack, what, file: file, line: line)
            XCTAssertLessThanOrEqual(outer.minY, inner.minY + slack, what, file: file, line: line)
            XCTAssertGreaterThanOrEqual(outer.maxX, inner.maxX - slack, what, file: file, line: line)
            XCTAssertGreaterThanOrEqual(outer.maxY, inner.maxY - slack, what, file: file, line: line)
        }
        // And they are the same box to within a fraction of a point (quadratic outlines turned into cubics bring
        // their control points in a little).
        for (a, b) in [(tight.minX, ink.minX), (tight.minY, ink.minY), (tight.maxX, ink.maxX), (tight.maxY, ink.maxY)] {
            XCTAssertEqual(a, b, accuracy: 0.6, "outline \(tight) vs ink \(ink)", file: file, line: line)
        }
    }

    /// The layer's outlines filled with Cairo in its colour, and the layer rendered by `LayerRenderer`, on white at
    /// the same place (10 pt in from a canvas 20 pt larger).
    private func fillAndRender(_ layer: TextLayer, scale: Double, outliner: PangoGlyphOutliner) throws
        -> (filled: RGBAFrame, rendered: RGBAFrame)
    {
        let canvas = Layer(frame: Rect(x: 0, y: 0, width: layer.bounds.width + 20, height: layer.bounds.height + 20))
        layer.position = Point(x: layer.position.x + 10, y: layer.position.y + 10)
        canvas.addSublayer(layer)
        let renderer = try LayerRenderer(size: canvas.bounds.size, scale: scale, background: .white)
        let rendered = try renderer.render(presentation: canvas)

        let surface = try CairoSurface(
            pixelWidth: renderer.pixelWidth, pixelHeight: renderer.pixelHeight, scale: scale)
        surface.clear(to: .white)
        let cairo = try CairoContext(surface: surface)
        cairo.concatenate(layer.transformToSuperlayer)
        cairo.beginPath()
        for element in outliner.glyphOutlines(of: layer).path.elements {
            switch element {
            case .move(let p): cairo.move(to: p)
            case .line(let p): cairo.addLine(to: p)
            case .cubic(let p, let c1, let c2): cairo.addCurve(to: p, control1: c1, control2: c2)
            case .close: cairo.closePath()
            }
        }
        cairo.fillRule = .winding
        cairo.setSource(layer.foregroundColor)
        cairo.fill()
        try cairo.checkStatus()
        return (surface.snapshot(), rendered)
    }

    /// Fills the outlines with Cairo and renders the layer with `LayerRenderer` at the same place, and compares.
    ///
    /// The two agree to within Cairo's anti-aliasing grid: the renderer's outlines come from FreeType at the
    /// frame's size (a 1/64-pixel grid), ours at 16 times that, and Cairo samples coverage on 15 rows per pixel,
    /// so an edge moved by 1/64 pixel can change a pixel by one row, 17 levels. So: no channel differs by more
    /// than 20 levels, fewer than 5 % of the text's pixels by more than 2, and the mean difference over the frame
    /// is below 0.05 levels. `exact` asks for every channel within 2 levels instead.
    private func assertFillMatchesRenderer(
        _ layer: TextLayer, scale: Double, outliner: PangoGlyphOutliner = PangoGlyphOutliner(), exact: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let (filled, rendered) = try fillAndRender(layer, scale: scale, outliner: outliner)
        XCTAssertEqual(filled.bytes.count, rendered.bytes.count, file: file, line: line)
        var maximum = 0
        var total = 0
        var differing = 0
        var inked = 0
        for (a, b) in zip(filled.bytes, rendered.bytes) {
            let difference = abs(Int(a) - Int(b))
            maximum = max(maximum, difference)
            total += difference
            if difference > 2 { differing += 1 }
            if b < 255 { inked += 1 }
        }
        let mean = Double(total) / Double(max(1, filled.bytes.count))
        let summary = "max \(maximum), mean \(mean), \(differing) of \(inked) inked channels differ by > 2"
        XCTAssertGreaterThan(inked, 500, "the text drew something: \(summary)", file: file, line: line)
        XCTAssertLessThanOrEqual(maximum, exact ? 2 : 20, summary, file: file, line: line)
        XCTAssertLessThan(Double(differing), 0.05 * Double(inked), summary, file: file, line: line)
        XCTAssertLessThan(mean, 0.05, summary, file: file, line: line)
    }

    func testLatinOutlinesMatchInkExtentsAndTheRenderer() throws {
        let layer = label("Hello, Kinetic! fi AV")
        let outlines = outliner.glyphOutlines(of: layer)
        // 21 characters, 3 spaces draw nothing: 18 glyphs (Inter has no default fi ligature).
        XCTAssertEqual(outlines.glyphs.count, 18)
        XCTAssertTrue(outlines.glyphs.allSatisfy { $0.id.font.hasPrefix("Inter") }, "\(outlines.glyphs.map(\.id))")
        try assertOutlineBoundsMatchInk(layer)
        try assertFillMatchesRenderer(layer, scale: 1)
        try assertFillMatchesRenderer(label("Hello, Kinetic! fi AV"), scale: 2)
    }

    /// Read at the renderer's own resolution (1 pixel per point at 1x), the outlines are the renderer's: the fill
    /// is the same to 2 levels in every channel, in all three scripts, so every glyph is where the renderer puts it.
    func testAtTheRenderersResolutionTheFillIsTheRenderersText() throws {
        let sameGrid = PangoGlyphOutliner(oversampling: 1)
        for string in ["Hello, Kinetic! fi AV", "こんにちは、世界", "مرحبا بالعالم"] {
            try assertFillMatchesRenderer(
                label(string, alignment: .natural), scale: 1, outliner: sameGrid, exact: true)
        }
    }

    func testKerningMovesGlyphsAsPangoDoes() throws {
        // "AV" is kerned in Inter: the V starts before the A's advance ends.
        let outlines = outliner.glyphOutlines(of: label("AV"))
        XCTAssertEqual(outlines.glyphs.count, 2)
        let advanceOfA = PangoTextMeasurer().advance(of: "A", font: Font(size: 40))
        let gap = outlines.glyphs[1].origin.x - outlines.glyphs[0].origin.x
        XCTAssertLessThan(gap, advanceOfA - 0.5, "V's origin \(gap) after A's, A's advance \(advanceOfA)")
    }

    func testJapaneseOutlinesComeFromTheCJKFallback() throws {
        let layer = label("こんにちは、世界")
        let outlines = outliner.glyphOutlines(of: layer)
        XCTAssertEqual(outlines.glyphs.count, 8)
        XCTAssertTrue(
            outlines.glyphs.allSatisfy { $0.id.font.contains("CJK") }, "\(Set(outlines.glyphs.map(\.id.font)))")
        XCTAssertEqual(outlines.glyphs.map(\.characterOffset), Array(0..<8))
        try assertOutlineBoundsMatchInk(layer)
        try assertFillMatchesRenderer(layer, scale: 1)
    }

    func testArabicIsShapedRightToLeftWithJoiningForms() throws {
        let layer = label("مرحبا بالعالم", alignment: .natural)
        let outlines = outliner.glyphOutlines(of: layer)
        XCTAssertGreaterThanOrEqual(outlines.glyphs.count, 10)
        // Visual order: the leftmost glyph draws the last letter, the rightmost the first.
        let byX = outlines.glyphs.sorted { $0.origin.x < $1.origin.x }
        XCTAssertEqual(byX.first?.characterOffset, 12)
        XCTAssertEqual(byX.last?.characterOffset, 0)
        // Natural alignment puts right-to-left text at the right edge.
        let bounds = try XCTUnwrap(outlines.path.bounds)
        XCTAssertGreaterThan(bounds.maxX, 420 - 5)
        // ا (alef) appears three times: isolated/final forms share glyphs; not every occurrence is a new glyph.
        XCTAssertLessThan(outlines.distinctGlyphs.count, outlines.glyphs.count)
        try assertOutlineBoundsMatchInk(layer)
        try assertFillMatchesRenderer(layer, scale: 1)
        try assertFillMatchesRenderer(label("مرحبا بالعالم", alignment: .natural), scale: 2)
    }

    /// A colour emoji is a picture with no outline: its silhouette, a few hundred rectangles traced at 2 pixels per
    /// point, is what the renderer draws of it at that scale (the renderer fills Cairo's trace of the picture in
    /// the text's colour); with a warning that names it.
    func testAColourEmojiIsItsSilhouette() throws {
        let layer = label("😀", size: 40, width: 60)
        let outlines = outliner.glyphOutlines(of: layer)
        XCTAssertEqual(outlines.glyphs.count, 1)
        XCTAssertEqual(outlines.omissions.count, 1)
        XCTAssertTrue(outlines.omissions[0].contains("'😀' is a picture with no outline: drawn as its silhouette"))
        let rectangles = outlines.path.elements.filter { $0 == .close }.count
        XCTAssertGreaterThan(rectangles, 10)
        XCTAssertLessThan(rectangles, 1000)
        let (filled, rendered) = try fillAndRender(layer, scale: 2, outliner: outliner)
        var inkedByRenderer = 0
        var inkedByFill = 0
        var disagreeing = 0
        for index in stride(from: 0, to: filled.bytes.count, by: 4) {
            let fill = filled.bytes[index] < 128
            let render = rendered.bytes[index] < 128
            if fill { inkedByFill += 1 }
            if render { inkedByRenderer += 1 }
            if fill != render { disagreeing += 1 }
        }
        // Measured: 1,356 pixels drawn by the renderer, 1,357 by the silhouette, 1 disagrees (the face's features are
        // holes in both).
        let summary = "renderer \(inkedByRenderer) px, silhouette \(inkedByFill) px, \(disagreeing) disagree"
        XCTAssertGreaterThan(inkedByRenderer, 1000, summary)
        XCTAssertLessThan(Double(disagreeing), 0.01 * Double(inkedByRenderer), summary)
    }

    func testIdenticalGlyphsShareOneIDAndOutline() {
        let outlines = outliner.glyphOutlines(of: label("1010", alignment: .center))
        XCTAssertEqual(outlines.glyphs.count, 4)
        XCTAssertEqual(outlines.distinctGlyphs.count, 2)
        XCTAssertEqual(outlines.glyphs[0].id, outlines.glyphs[2].id)
        XCTAssertEqual(outlines.glyphs[1].id, outlines.glyphs[3].id)
        XCTAssertNotEqual(outlines.glyphs[0].id, outlines.glyphs[1].id)
        XCTAssertEqual(outlines.glyphs[0].outline, outlines.glyphs[2].outline)
        let xs = outlines.glyphs.map(\.origin.x)
        XCTAssertEqual(xs, xs.sorted())
        // Centred in 420 points.
        let bounds = outlines.path.bounds ?? .zero
        XCTAssertEqual(bounds.midX, 210, accuracy: 3)
    }

    func testWrappedTextPutsLaterLinesLower() {
        let layer = label("one two three four five six", width: 150)
        layer.wrapping = .word
        layer.bounds.size.height = 400
        let outlines = outliner.glyphOutlines(of: layer)
        let baselines = Set(outlines.glyphs.map(\.origin.y))
        XCTAssertGreaterThanOrEqual(baselines.count, 3, "\(baselines.sorted())")
    }

    func testEmptyOrUnusableTextHasNoGlyphs() {
        XCTAssertTrue(outliner.glyphOutlines(of: label("")).glyphs.isEmpty)
        XCTAssertTrue(outliner.glyphOutlines(of: label("   ")).glyphs.isEmpty)
        XCTAssertTrue(outliner.glyphOutlines(of: label("x", size: .nan)).glyphs.isEmpty)
        XCTAssertTrue(outliner.glyphOutlines(of: label("x", size: 0)).glyphs.isEmpty)
    }
}
