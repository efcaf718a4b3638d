import KineticCore
import KineticLayers
import KineticRaster
import XCTest

final class RenderTextMeasurerTests: XCTestCase {
    private let measurer = PangoTextMeasurer()
    private let inter = Font(families: ["Inter"], size: 40)

    /// Issue 4 relies on this: with `tnum` every digit of Inter has one advance; without it they differ.
    func testTabularDigitsHaveOneAdvance() {
        let digits = (0...9).map(String.init)
        let tabular = digits.map { measurer.advance(of: $0, font: inter.withTabularDigits()) }
        let proportional = digits.map { measurer.advance(of: $0, font: inter) }
        for advance in tabular { XCTAssertEqual(advance, tabular[0], accuracy: 1e-9, "\(tabular)") }
        XCTAssertGreaterThan(tabular[0], 0)
        XCTAssertGreaterThan(
            (proportional.max() ?? 0) - (proportional.min() ?? 0), 1, "proportional advances: \(proportional)")
        // A whole number is the sum of its digits' advances with tnum.
        XCTAssertEqual(
            measurer.advance(of: "1234567890", font: inter.withTabularDigits()), 10 * tabular[0], accuracy: 1e-6)
    }

    func testGlyphBoxesFollowEachOtherOnTheLine() {
        let layout = measurer.layout("Kinetic 日本", font: inter, style: ParagraphStyle())
        XCTAssertEqual(layout.glyphs.count, 10)
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertEqual(layout.glyphs.map(\.characterOffset), Array(0..<10))
        var x = 0.0
        for glyph in layout.glyphs {
            XCTAssertEqual(glyph.frame.minX, x, accuracy: 1e-6, "\(glyph)")
            XCTAssertGreaterThan(glyph.frame.width, 0)
            XCTAssertEqual(glyph.line, 0)
            XCTAssertFalse(glyph.isRightToLeft)
            x = glyph.frame.maxX
        }
        XCTAssertEqual(x, layout.size.width, accuracy: 1e-6)
        // Japanese glyphs are full-width: one em each.
        XCTAssertEqual(layout.glyphs[8].frame.width, 40, accuracy: 0.01)
    }

    /// Inter's metrics (hhea ascender 0.96875 em, descender 0.2421875 em), unhinted, at 40 points.
    func testLineMetricsAreInters() {
        let metrics = measurer.lineMetrics(for: inter)
        XCTAssertEqual(metrics.ascent, 0.96875 * 40, accuracy: 0.05)
        XCTAssertEqual(metrics.descent, 0.2421875 * 40, accuracy: 0.05)
        let layout = measurer.layout("Hg", font: inter, style: ParagraphStyle())
        let line = try? XCTUnwrap(layout.lines.first)
        XCTAssertEqual(line?.ascent ?? 0, metrics.ascent, accuracy: 1e-9)
        XCTAssertEqual(line?.baseline ?? 0, metrics.ascent, accuracy: 1e-9)
        XCTAssertEqual(layout.size.height, metrics.ascent + metrics.descent, accuracy: 1e-6)
    }

    func testWrappingAlignmentAndLineSpacing() {
        let style = ParagraphStyle(alignment: .right, wrapping: .word, lineSpacing: 5, width: 150)
        let layout = measurer.layout("one two three four five", font: inter, style: style)
        XCTAssertGreaterThan(layout.lines.count, 2)
        for line in layout.lines {
            XCTAssertLessThanOrEqual(line.frame.width, 150 + 1e-9)
            XCTAssertEqual(line.frame.maxX, 150, accuracy: 0.01, "right aligned")
        }
        let first = layout.lines[0]
        let second = layout.lines[1]
        XCTAssertEqual(second.baseline - first.baseline, first.ascent + first.descent + 5, accuracy: 0.01)
        XCTAssertEqual(layout.glyphs.last?.line, layout.lines.count - 1)
    }

    /// Unwrapped text in a width is shifted as a whole, as the renderer draws a centred label.
    func testUnwrappedTextIsAlignedInTheWidth() {
        let natural = measurer.layout("Hi", font: inter, style: ParagraphStyle())
        let centred = measurer.layout("Hi", font: inter, style: ParagraphStyle(alignment: .center, width: 200))
        XCTAssertEqual(centred.lines.count, 1)
        XCTAssertEqual(centred.glyphs[0].frame.minX, (200 - natural.size.width) / 2, accuracy: 1e-6)
    }

    func testRightToLeftClustersAreMarked() {
        let layout = measurer.layout(
            "שלום", font: Font(families: ["DejaVu Sans"], size: 20), style: ParagraphStyle())
        XCTAssertEqual(layout.glyphs.count, 4)
        XCTAssertTrue(layout.glyphs.allSatisfy(\.isRightToLeft))
        // The first character is drawn rightmost.
        XCTAssertGreaterThan(layout.glyphs[0].frame.minX, layout.glyphs[3].frame.minX)
    }

    func testInvalidFontSizeMeasuresEmpty() {
        let layout = measurer.layout("abc", font: inter.withSize(0), style: ParagraphStyle())
        XCTAssertEqual(layout.size, .zero)
        XCTAssertTrue(layout.glyphs.isEmpty)
        XCTAssertEqual(measurer.lineMetrics(for: inter.withSize(-1)).ascent, 0)
    }

    /// What the measurer says is where the renderer draws: ink of "I" lies inside its measured box.
    func testRendererDrawsWhereTheMeasurerSays() throws {
        let font = Font(families: ["Inter"], size: 32)
        let string = "I  I"
        let layout = measurer.layout(string, font: font, style: ParagraphStyle())
        let text = TextLayer(string: string, font: font, color: .black)
        text.frame = Rect(x: 10, y: 10, width: 120, height: 50)
        let root = Layer(frame: Rect(x: 0, y: 0, width: 140, height: 70))
        root.addSublayer(text)
        let frame = try LayerRenderer(pixelWidth: 140, pixelHeight: 70).render(root, at: 0)
        var inkColumns: [Int] = []
        for x in 0..<140 where (0..<70).contains(where: { frame[x, $0].alpha > 128 }) { inkColumns.append(x) }
        let first = layout.glyphs[0].frame.offsetBy(dx: 10, dy: 10)
        let last = layout.glyphs[3].frame.offsetBy(dx: 10, dy: 10)
        let inFirst = inkColumns.filter { Double($0) >= first.minX && Double($0) < first.maxX }
        let inLast = inkColumns.filter { Double($0) >= last.minX && Double($0) < last.maxX }
        XCTAssertFalse(inFirst.isEmpty)
        XCTAssertFalse(inLast.isEmpty)
        XCTAssertEqual(inFirst.count + inLast.count, inkColumns.count, "ink outside the measured boxes")
        // The spaces between them have no ink.
        let gap = layout.glyphs[1].frame.offsetBy(dx: 10, dy: 10)
        XCTAssertFalse(inkColumns.contains { Double($0) > gap.minX + 1 && Double($0) < gap.maxX - 1 })
    }
}
