import XCTest

@testable import KineticTerminal

final class Palette16Tests: XCTestCase {
    func testNearestEntries() {
        XCTAssertEqual(Palette16.nearestIndex(red: 0, green: 0, blue: 0), 0)
        XCTAssertEqual(Palette16.nearestIndex(red: 255, green: 255, blue: 255), 15)
        XCTAssertEqual(Palette16.nearestIndex(red: 200, green: 10, blue: 10), 1, "dark red")
        XCTAssertEqual(Palette16.nearestIndex(red: 250, green: 20, blue: 20), 9, "bright red")
        XCTAssertEqual(Palette16.nearestIndex(red: 120, green: 130, blue: 125), 8, "grey")
        XCTAssertEqual(Palette16.nearestIndex(red: 255, green: 128, blue: 0), 3, "orange is nearest to yellow")
        XCTAssertEqual(Palette16.nearestIndex(red: 90, green: 90, blue: 250), 12, "light blue")
        // Every default colour maps to itself.
        for (index, color) in Palette16.defaultColors.enumerated() {
            XCTAssertEqual(Int(Palette16.nearestIndex(red: color.red, green: color.green, blue: color.blue)), index)
        }
        XCTAssertNil(Palette16.rgb(ofIndex: 16))
        XCTAssertEqual(Palette16.rgb(ofIndex: 4)?.blue, 238)
    }

    /// The rule is the one the 256-colour path uses, squared RGB distance: checked against a brute force over a
    /// grid of colours.
    func testNearestIsTheMinimumSquaredDistance() {
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    let chosen = Int(Palette16.nearestIndex(red: UInt8(r), green: UInt8(g), blue: UInt8(b)))
                    let distances = Palette16.defaultColors.map { c in
                        (r - Int(c.red)) * (r - Int(c.red)) + (g - Int(c.green)) * (g - Int(c.green))
                            + (b - Int(c.blue)) * (b - Int(c.blue))
                    }
                    XCTAssertEqual(distances[chosen], distances.min(), "\(r),\(g),\(b)")
                    XCTAssertEqual(chosen, distances.firstIndex(of: distances.min() ?? 0), "lower index wins ties")
                }
            }
        }
    }

    func testAdaptation() {
        XCTAssertEqual(TerminalColor.rgb(0, 205, 0).adapted(to: .palette16), .indexed(2))
        XCTAssertEqual(TerminalColor.indexed(196).adapted(to: .palette16), .indexed(9), "256-colour red → bright red")
        XCTAssertEqual(TerminalColor.indexed(5).adapted(to: .palette16), .indexed(5))
        XCTAssertEqual(TerminalColor.default.adapted(to: .palette16), .default)
    }

    func testSGRForTheSixteenColours() {
        func sgr(_ style: CellStyle, from: CellStyle? = nil) -> String {
            var out = EscapeSequences()
            SGRTransition.append(from: from, to: style, into: &out)
            XCTAssertEqual(out.bytes.count, SGRTransition.length(from: from, to: style), "length agrees")
            return String(decoding: out.bytes, as: UTF8.self)
        }
        XCTAssertEqual(sgr(CellStyle(foreground: .indexed(1))), "\u{1B}[0;31m")
        XCTAssertEqual(sgr(CellStyle(foreground: .indexed(9), background: .indexed(12))), "\u{1B}[0;91;104m")
        XCTAssertEqual(sgr(CellStyle(foreground: .indexed(15), background: .indexed(0))), "\u{1B}[0;97;40m")
        XCTAssertEqual(sgr(CellStyle(background: .indexed(7)), from: .plain), "\u{1B}[47m")
        XCTAssertEqual(sgr(CellStyle(background: .indexed(8)), from: .plain), "\u{1B}[100m")
        XCTAssertEqual(sgr(CellStyle(foreground: .indexed(16)), from: .plain), "\u{1B}[38;5;16m")
        // The emulator reads them back as the same palette entries.
        for index in UInt8(0)..<16 {
            var terminal = try? ANSIScreen(size: TerminalSize(columns: 2, rows: 1))
            terminal?.apply(sgr(CellStyle(foreground: .indexed(index), background: .indexed(15 - index))) + "x")
            XCTAssertEqual(
                terminal?.screen.cells.first?.style,
                CellStyle(foreground: .indexed(index), background: .indexed(15 - index)))
        }
    }

    func testRandomFramesIn16ColoursReproduceTheScreen() throws {
        var renderer = FrameDiffRenderer(colorSupport: .palette16)
        var terminal = try ANSIScreen(size: TerminalSize(columns: 8, rows: 2))
        for step in 0..<20 {
            var screen = try TerminalScreen(size: TerminalSize(columns: 8, rows: 2))
            for column in 0..<8 {
                let v = UInt8((step * 37 + column * 53) % 256)
                screen.put(
                    "\(column)", column: column, row: step % 2,
                    style: CellStyle(foreground: .rgb(v, 255 - v, v / 2), background: .indexed(v)))
            }
            terminal.apply(renderer.render(screen))
            XCTAssertEqual(terminal.screen, screen.adaptingColors(to: .palette16))
        }
        XCTAssertEqual(terminal.unsupported, [])
    }
}
