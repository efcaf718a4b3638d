import KineticCore
import KineticEffects
import KineticLayers
import XCTest

@testable import KineticTerminal

final class TextModeTests: XCTestCase {
    func testRollingUpGlyphsAtEveryEighth() {
        let glyphs = (0...8).map {
            RollingDigitGlyph.glyph(from: "3", to: "4", fraction: Double($0) / 8, direction: .up)
        }
        XCTAssertEqual(String(glyphs), "3▁▂▃▄▅▆▇4")
    }

    func testRollingDownGlyphsAtEveryEighth() {
        let glyphs = (0...8).map {
            RollingDigitGlyph.glyph(from: "4", to: "3", fraction: Double($0) / 8, direction: .down)
        }
        XCTAssertEqual(String(glyphs), "4▇▆▅▄▃▂▁3")
    }

    func testRollingGlyphThresholdsAndClamping() {
        XCTAssertEqual(RollingDigitGlyph.glyph(upper: "1", lower: "2", risen: 1.0 / 16 - 0.001), "1")
        XCTAssertEqual(RollingDigitGlyph.glyph(upper: "1", lower: "2", risen: 1.0 / 16 + 0.001), "▁")
        XCTAssertEqual(RollingDigitGlyph.glyph(upper: "1", lower: "2", risen: 15.0 / 16 - 0.001), "▇")
        XCTAssertEqual(RollingDigitGlyph.glyph(upper: "1", lower: "2", risen: 15.0 / 16 + 0.001), "2")
        XCTAssertEqual(RollingDigitGlyph.glyph(upper: "1", lower: "2", risen: -3), "1")
        XCTAssertEqual(RollingDigitGlyph.glyph(upper: "1", lower: "2", risen: .nan), "1")
        XCTAssertEqual(RollingDigitGlyph.glyph(upper: "1", lower: "2", risen: 7), "2")
    }

    func testGlyphFromADigitColumnsVisibleCells() {
        // The strip a quarter of the way from 7 up to 8: 7 is a quarter cell above centre, 8 three quarters below.
        let cells = [DigitColumn.Cell(character: "7", offset: -0.25), DigitColumn.Cell(character: "8", offset: 0.75)]
        XCTAssertEqual(RollingDigitGlyph.glyph(for: cells), "▂")
        XCTAssertEqual(RollingDigitGlyph.glyph(for: [DigitColumn.Cell(character: "5", offset: 0)]), "5")
        XCTAssertEqual(RollingDigitGlyph.glyph(for: []), " ")
    }

    func testShimmerBandCentreAndIntensity() {
        let sweep = ShimmerSweep(bandWidth: 4)
        XCTAssertEqual(sweep.bandCenter(atPosition: 0, width: 10), -2)
        XCTAssertEqual(sweep.bandCenter(atPosition: 1, width: 10), 12)
        XCTAssertEqual(sweep.bandCenter(atPosition: 0.5, width: 10), 5)
        XCTAssertEqual(sweep.intensity(at: 5, bandCenter: 5), 1)
        XCTAssertEqual(sweep.intensity(at: 6, bandCenter: 5), 0.5)
        XCTAssertEqual(sweep.intensity(at: 7, bandCenter: 5), 0)
        XCTAssertEqual(sweep.intensity(at: 2, bandCenter: 5), 0)
    }

    func testShimmerLineColoursEachCharacter() throws {
        let sweep = ShimmerSweep(baseColor: .black, highlightColor: .white, bandWidth: 4)
        // Centre at 2.5: cell 2 (centre 2.5) is white, cells 1 and 3 (centres 1.5, 3.5) half-way, 0 and 4 base.
        let line = sweep.line("abcde", bandCenter: 2.5)
        XCTAssertEqual(line.plainText, "abcde")
        XCTAssertEqual(
            line.spans.map(\.style.foreground),
            [.rgb(0, 0, 0), .rgb(128, 128, 128), .rgb(255, 255, 255), .rgb(128, 128, 128), .rgb(0, 0, 0)])
        // Before and after the sweep the whole line is in the base colour.
        XCTAssertEqual(sweep.line("abcde", position: 0).spans.count, 1)
        XCTAssertEqual(
            sweep.line("abcde", position: 1).spans,
            [StyledLine.Span("abcde", style: CellStyle(foreground: .rgb(0, 0, 0)))])
        XCTAssertThrowsError(try ShimmerSweep(bandWidth: 0).validate())
    }

    func testShimmerLineMeasuresWideCharactersInColumns() {
        let sweep = ShimmerSweep(baseColor: .black, highlightColor: .white, bandWidth: 2)
        // "日a": 日 covers columns 0–1 (centre 1), a column 2 (centre 2.5). Band centred at 1: 日 white, a base.
        let line = sweep.line("日a", bandCenter: 1)
        XCTAssertEqual(line.spans.map(\.style.foreground), [.rgb(255, 255, 255), .rgb(0, 0, 0)])
    }

    func testLiveDigitsPadAndMarkChanges() {
        let digits = LiveDigits(minimumWidth: 5)
        XCTAssertEqual(digits.line("42").plainText, "   42")
        let changed = digits.line("100", previous: "99")
        XCTAssertEqual(changed.plainText, "  100")
        XCTAssertEqual(
            changed.spans,
            [StyledLine.Span("  ", style: .plain), StyledLine.Span("100", style: CellStyle(isBold: true))])
        let units = digits.line("1,234", previous: "1,235")
        XCTAssertEqual(
            units.spans, [StyledLine.Span("1,23", style: .plain), StyledLine.Span("4", style: CellStyle(isBold: true))])
    }

    func testStyledLineMergesSpansAndDraws() throws {
        var line = StyledLine("ab", style: CellStyle(isBold: true))
        line.append("c", style: CellStyle(isBold: true))
        line.append("日", style: .plain)
        XCTAssertEqual(line.spans.count, 2)
        XCTAssertEqual(line.width, 5)
        var screen = try TerminalScreen(columns: 6, rows: 1)
        XCTAssertEqual(screen.put(line, column: 1, row: 0), 6)
        XCTAssertEqual(screen.text, " abc日")
        XCTAssertEqual(screen[3, 0].style, CellStyle(isBold: true))
    }
}

final class RollingNumberTextTests: XCTestCase {
    private let linear = RollTransition.timed(duration: 1, timingFunction: .linear)

    func testNineToTenRollsBothColumnsUp() throws {
        var number = try RollingNumberText(width: 4, transition: linear)
        number.setValue(9, at: 0)
        number.setValue(10, at: 1)
        XCTAssertEqual(number.line(at: 1).plainText, "   9")
        // Half way: the units roll 9 → 0 upwards (half a cell: ▄); the tens grow in rolling 0 → 1 (▄) and have
        // reached half a cell's width.
        XCTAssertEqual(number.line(at: 1.5).plainText, "  ▄▄")
        XCTAssertEqual(number.line(at: 1.25).plainText, "   ▂", "the tens column is still under half a cell")
        XCTAssertEqual(number.line(at: 2).plainText, "  10")
        XCTAssertEqual(number.endTime, 2, accuracy: 1e-9)
    }

    func testShrinkingValueRollsDown() throws {
        var number = try RollingNumberText(width: 3, transition: linear)
        number.setValue(5, at: 0)
        number.setValue(3, at: 1)
        // 5 → 3 downwards passes 4: at a quarter the strip is half way from 5 to 4, seen as a bar sinking.
        let glyphs = [1.0, 1.125, 1.25, 1.375, 1.5, 1.625, 1.75, 1.875, 2].map { number.line(at: $0).plainText.last }
        XCTAssertEqual(glyphs.compactMap { $0 }, ["5", "▆", "▄", "▂", "4", "▆", "▄", "▂", "3"])
    }

    func testWidthIsChecked() {
        XCTAssertThrowsError(try RollingNumberText(width: 0))
    }

    func testCellMeasurerCountsColumns() {
        let measurer = CellTextMeasurer()
        XCTAssertEqual(measurer.advance(of: "12,3", font: Font()), 4)
        XCTAssertEqual(measurer.advance(of: "￥1", font: Font()), 3)
        XCTAssertEqual(measurer.layout("a日", font: Font(), style: ParagraphStyle()).glyphs.map(\.frame.width), [1, 2])
    }
}

final class ScreenLineTests: XCTestCase {
    func testARowBecomesAStyledLineThatPrintsTheSame() throws {
        var screen = try TerminalScreen(columns: 6, rows: 2)
        screen.put("a日", column: 1, row: 1, style: CellStyle(foreground: .indexed(9)))
        let line = screen.line(ofRow: 1)
        XCTAssertEqual(line.plainText, " a日  ")
        XCTAssertEqual(line.spans.count, 3)
        var terminal = try ANSIScreen(size: screen.size)
        terminal.apply("\u{1B}[2H" + line.ansiText(colorSupport: .trueColor))
        XCTAssertEqual(terminal.screen, screen)
        XCTAssertEqual(terminal.pen, .plain, "the line ends in the plain style")
    }
}
