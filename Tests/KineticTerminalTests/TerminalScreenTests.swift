import XCTest

@testable import KineticTerminal

final class TerminalScreenTests: XCTestCase {
    func testWidthsOfTheRangesThatMatter() {
        let expected: [(Unicode.Scalar, Int)] = [
            ("a", 1), ("é", 1), ("▀", 1), ("─", 1), ("Ж", 1), ("日", 2), ("ひ", 2), ("カ", 2), ("한", 2), ("ᄀ", 2),
            ("Ａ", 2), ("￥", 2), ("　", 2), ("😀", 2), ("🚀", 2), ("\u{301}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0),
            ("\u{1160}", 0), ("\u{7}", 0), ("\u{9B}", 0), ("\u{20000}", 2),
        ]
        for (scalar, width) in expected {
            XCTAssertEqual(CharacterWidth.columns(of: scalar), width, "U+\(String(scalar.value, radix: 16))")
        }
        XCTAssertEqual(CharacterWidth.columns(of: "日本語 ok"), 9)
    }

    func testPutSplitsIntoCellsLikeATerminal() throws {
        var screen = try TerminalScreen(columns: 10, rows: 1)
        let end = screen.put("a日e\u{301}\t\u{7}", column: 0, row: 0)
        XCTAssertEqual(end, 6)
        XCTAssertEqual(screen[0, 0].grapheme, "a")
        XCTAssertEqual(screen[1, 0].grapheme, "日")
        XCTAssertTrue(screen[2, 0].isContinuation)
        XCTAssertEqual(screen[3, 0].grapheme, "e\u{301}")
        XCTAssertEqual(screen[4, 0].grapheme, " ", "a tab becomes a space")
        XCTAssertEqual(screen[5, 0].grapheme, "\u{FFFD}", "other controls become U+FFFD")
        XCTAssertEqual(screen.text, "a日e\u{301} \u{FFFD}    ")
    }

    func testLeadingCombiningMarkGetsABlankBase() throws {
        var screen = try TerminalScreen(columns: 3, rows: 1)
        screen.put("\u{301}x", column: 0, row: 0)
        XCTAssertEqual(screen[0, 0].grapheme, " \u{301}")
        XCTAssertEqual(screen[1, 0].grapheme, "x")
    }

    func testWideCharacterInTheLastColumnLeavesABlank() throws {
        var screen = try TerminalScreen(columns: 3, rows: 1)
        let style = CellStyle(background: .indexed(4))
        XCTAssertEqual(screen.put("ab日", column: 0, row: 0, style: style), 4)
        XCTAssertEqual(screen[2, 0], .blank(style))
        XCTAssertEqual(screen.put("日日", column: -1, row: 0), 3, "clipped on the left: a blank in column 0")
        XCTAssertEqual(screen[0, 0], .blank())
        XCTAssertEqual(screen[1, 0].grapheme, "日")
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() throws {
        var screen = try TerminalScreen(columns: 6, rows: 1)
        let red = CellStyle(foreground: .rgb(255, 0, 0))
        screen.put("日本", column: 0, row: 0, style: red)
        screen.put("x", column: 0, row: 0)
        XCTAssertEqual(screen[1, 0], .blank(red), "the right half of 日 becomes a blank in 日's style")
        screen.put("y", column: 3, row: 0)
        XCTAssertEqual(screen[2, 0], .blank(red), "the left half of 本 too")
        screen.put("語", column: 4, row: 0)
        screen.put("漢", column: 3, row: 0)
        XCTAssertEqual(screen.text, "x  漢 ")
        XCTAssertEqual(screen[5, 0], .blank(), "語 lost its left half")
    }

    func testSizesOutsideTheLimitsAreRefused() {
        XCTAssertThrowsError(try TerminalScreen(columns: 0, rows: 5)) { error in
            XCTAssertEqual(
                "\(error)", "invalid terminal size 0×5 cells: a screen needs at least 1 column and 1 row")
        }
        XCTAssertThrowsError(try TerminalScreen(columns: 5000, rows: 5))
    }

    func testPalette256NearestEntries() {
        XCTAssertEqual(Palette256.nearestIndex(red: 0, green: 0, blue: 0), 16)
        XCTAssertEqual(Palette256.nearestIndex(red: 255, green: 255, blue: 255), 231)
        XCTAssertEqual(Palette256.nearestIndex(red: 255, green: 0, blue: 0), 196)
        XCTAssertEqual(Palette256.nearestIndex(red: 95, green: 135, blue: 175), 67)
        XCTAssertEqual(Palette256.nearestIndex(red: 128, green: 128, blue: 128), 244, "grey 128 is ramp entry 12")
        XCTAssertEqual(Palette256.nearestIndex(red: 100, green: 100, blue: 100), 241, "grey 98 beats cube 95")
        XCTAssertEqual(Palette256.nearestIndex(red: 250, green: 120, blue: 10), 208, "(255, 135, 0)")
        XCTAssertEqual(Palette256.nearestIndex(red: 47, green: 0, blue: 255), 21, "47 rounds down to level 0")
        XCTAssertEqual(Palette256.nearestIndex(red: 48, green: 0, blue: 255), 57, "48 rounds up to level 95")
        XCTAssertEqual(Palette256.nearestIndex(red: 47, green: 48, blue: 114), 238, "grey 68 beats cube (0, 95, 95)")
        for index in 16...255 {
            guard let (r, g, b) = Palette256.rgb(ofIndex: UInt8(index)) else { return XCTFail("\(index)") }
            let found = Palette256.nearestIndex(red: r, green: g, blue: b)
            // Each entry maps to itself, except cube greys that the grey ramp does not reach exactly.
            XCTAssertEqual(Palette256.rgb(ofIndex: found).map { [$0.0, $0.1, $0.2] }, [r, g, b], "entry \(index)")
        }
        XCTAssertNil(Palette256.rgb(ofIndex: 7))
    }

    func testSGRTransitionsAreTheShortest() {
        func sgr(_ from: CellStyle?, _ to: CellStyle) -> String {
            var out = EscapeSequences()
            SGRTransition.append(from: from, to: to, into: &out)
            XCTAssertEqual(out.bytes.count, SGRTransition.length(from: from, to: to))
            return String(decoding: out.bytes, as: UTF8.self)
        }
        let e = "\u{1B}["
        XCTAssertEqual(sgr(.plain, .plain), "")
        XCTAssertEqual(sgr(nil, .plain), e + "0m")
        XCTAssertEqual(sgr(.plain, CellStyle(isBold: true)), e + "1m")
        XCTAssertEqual(sgr(CellStyle(isBold: true), .plain), e + "0m")
        XCTAssertEqual(
            sgr(CellStyle(foreground: .indexed(1), isBold: true), CellStyle(foreground: .indexed(1))), e + "22m")
        XCTAssertEqual(
            sgr(CellStyle(foreground: .rgb(1, 2, 3)), CellStyle(foreground: .rgb(1, 2, 3), background: .indexed(200))),
            e + "48;5;200m")
        XCTAssertEqual(
            sgr(CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(9, 9, 9)), CellStyle(background: .rgb(9, 9, 9))),
            e + "39m")
        XCTAssertEqual(
            sgr(nil, CellStyle(foreground: .rgb(255, 128, 0), background: .indexed(17), isBold: true)),
            e + "0;1;38;2;255;128;0;48;5;17m")
    }
}
