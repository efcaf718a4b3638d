import KineticCore
import KineticRaster
import XCTest

@testable import KineticTerminal

final class HalfBlockRendererTests: XCTestCase {
    private func frame(width: Int, height: Int, _ pixel: (Int, Int) -> RGBA8) throws -> RGBAFrame {
        var frame = try RGBAFrame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { frame[x, y] = pixel(x, y) }
        }
        return frame
    }

    private func opaque(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> RGBA8 { RGBA8(red: r, green: g, blue: b, alpha: 255) }

    func testFourByFourFrameGivesExactCells() throws {
        // Pixel (x, y) has red 10·x + 1, green 10·y + 2; (3, 3) is half-transparent red over the blue background.
        let source = try frame(width: 4, height: 4) { x, y in
            x == 3 && y == 3
                ? RGBA8(red: 100, green: 0, blue: 0, alpha: 128) : self.opaque(UInt8(10 * x + 1), UInt8(10 * y + 2), 7)
        }
        let renderer = HalfBlockRenderer(background: Color(red: 0, green: 0, blue: 1))
        let screen = try renderer.screen(for: source, size: TerminalSize(columns: 4, rows: 2))
        for row in 0..<2 {
            for column in 0..<4 {
                let cell = screen[column, row]
                XCTAssertEqual(cell.grapheme, "▀")
                XCTAssertEqual(
                    cell.style.foreground, .rgb(UInt8(10 * column + 1), UInt8(20 * row + 2), 7), "(\(column), \(row))")
                if column == 3 && row == 1 {
                    // Premultiplied (100, 0, 0, 128) over (0, 0, 255): blue 255 × 127/255 = 127.
                    XCTAssertEqual(cell.style.background, .rgb(100, 0, 127))
                } else {
                    XCTAssertEqual(cell.style.background, .rgb(UInt8(10 * column + 1), UInt8(20 * row + 12), 7))
                }
            }
        }
    }

    func testWideFrameIsFittedWithItsAspectAndBoxFiltered() throws {
        // 8 × 2 into 4 × 4 cells (4 × 8 pixels): scale 1/2 → 4 × 1 pixels, centred at pixel row 3 (cell row 1,
        // bottom half). Each output pixel averages a 2 × 2 block: (0 + 100 + 200 + 200) / 4 = 125.
        let source = try frame(width: 8, height: 2) { x, y in
            y == 1 ? self.opaque(200, 200, 200) : (x % 2 == 0 ? self.opaque(0, 0, 0) : self.opaque(100, 100, 100))
        }
        XCTAssertEqual(
            HalfBlockRenderer.fittedSize(width: 8, height: 2, in: TerminalSize(columns: 4, rows: 4)).width, 4)
        let renderer = HalfBlockRenderer(background: Color(white: 0.2))
        let screen = try renderer.screen(for: source, size: TerminalSize(columns: 4, rows: 4))
        let back = TerminalColor.rgb(51, 51, 51)
        for row in 0..<4 {
            for column in 0..<4 {
                XCTAssertEqual(screen[column, row].style.foreground, back)
                XCTAssertEqual(screen[column, row].style.background, row == 1 ? .rgb(125, 125, 125) : back)
            }
        }
    }

    func testTallFrameIsCentredHorizontally() throws {
        // 1 × 4 into 5 × 2 cells (5 × 4 pixels): scale 1 → column 2 only.
        let source = try frame(width: 1, height: 4) { _, y in self.opaque(UInt8(50 * y), 0, 0) }
        let screen = try HalfBlockRenderer().screen(for: source, size: TerminalSize(columns: 5, rows: 2))
        XCTAssertEqual(screen[2, 1].style, CellStyle(foreground: .rgb(100, 0, 0), background: .rgb(150, 0, 0)))
        XCTAssertEqual(screen[1, 1].style, CellStyle(foreground: .rgb(0, 0, 0), background: .rgb(0, 0, 0)))
    }

    func testWholeFactorUpscaleRepeatsPixels() throws {
        let source = try frame(width: 2, height: 1) { x, _ in x == 0 ? self.opaque(255, 0, 0) : self.opaque(0, 255, 0) }
        let screen = try HalfBlockRenderer().screen(for: source, size: TerminalSize(columns: 8, rows: 2))
        for row in 0..<2 {
            for column in 0..<8 {
                let expected: TerminalColor = column < 4 ? .rgb(255, 0, 0) : .rgb(0, 255, 0)
                XCTAssertEqual(screen[column, row].style, CellStyle(foreground: expected, background: expected))
            }
        }
    }

    func testFittedSizes() {
        let size = TerminalSize(columns: 120, rows: 40)
        XCTAssertTrue(HalfBlockRenderer.fittedSize(width: 600, height: 200, in: size) == (120, 40))
        XCTAssertTrue(HalfBlockRenderer.fittedSize(width: 120, height: 80, in: size) == (120, 80))
        XCTAssertTrue(HalfBlockRenderer.fittedSize(width: 100, height: 1000, in: size) == (8, 80))
        XCTAssertTrue(HalfBlockRenderer.fittedSize(width: 10_000, height: 1, in: size) == (120, 1))
    }

    func testPalette256FallbackThroughTheRenderer() throws {
        let source = try frame(width: 2, height: 2) { x, y in
            [self.opaque(255, 0, 0), self.opaque(95, 135, 175), self.opaque(128, 128, 128), self.opaque(0, 0, 0)][
                y * 2 + x]
        }
        let screen = try HalfBlockRenderer().screen(for: source, size: TerminalSize(columns: 2, rows: 1))
        var renderer = FrameDiffRenderer(colorSupport: .palette256)
        var terminal = try ANSIScreen(size: screen.size)
        let bytes = renderer.render(screen)
        terminal.apply(bytes)
        XCTAssertEqual(terminal.screen[0, 0].style, CellStyle(foreground: .indexed(196), background: .indexed(244)))
        XCTAssertEqual(terminal.screen[1, 0].style, CellStyle(foreground: .indexed(67), background: .indexed(16)))
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("38;2;"), "no 24-bit colour")
    }

    func testNoColorDrawsBrightnessWithBlocks() throws {
        // Left column white, right column black; the middle grey row dithers.
        let source = try frame(width: 2, height: 2) { x, y in x == 0 ? self.opaque(255, 255, 255) : self.opaque(0, 0, 0)
        }
        let renderer = HalfBlockRenderer(colorSupport: .none)
        let screen = try renderer.screen(for: source, size: TerminalSize(columns: 2, rows: 1))
        XCTAssertEqual(screen.text, "█ ")
        XCTAssertEqual(screen[0, 0].style, .plain)
        XCTAssertEqual(HalfBlockRenderer.monochromeGlyph(top: true, bottom: false), "▀")
        XCTAssertEqual(HalfBlockRenderer.monochromeGlyph(top: false, bottom: true), "▄")
        // A 50 % grey lights half of the 16 dither positions.
        let lit = (0..<16).filter { HalfBlockRenderer.isLit((128, 128, 128), x: $0 % 4, y: $0 / 4) }.count
        XCTAssertEqual(lit, 8)
        var diff = FrameDiffRenderer(colorSupport: .none)
        let text = String(decoding: diff.render(screen), as: UTF8.self)
        XCTAssertFalse(text.contains("38;") || text.contains("48;"))
    }
}
