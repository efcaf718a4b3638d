import KineticCore
import XCTest

final class ColorTests: XCTestCase {
    func testParsesAndPrintsHex() throws {
        XCTAssertEqual(try Color(hex: "#FF8000"), Color(red: 1, green: 128.0 / 255, blue: 0))
        XCTAssertEqual(try Color(hex: "00000080").alpha, 128.0 / 255)
        XCTAssertEqual(try Color(hex: "#ff8000").hexString, "#FF8000")
        XCTAssertEqual(Color(white: 0, alpha: 0.5).hexString, "#00000080")
    }

    func testRejectsBadHexWithAReason() {
        XCTAssertThrowsError(try Color(hex: "#12345")) { error in
            XCTAssertTrue("\(error)".contains("6 or 8 hex digits"), "\(error)")
        }
        XCTAssertThrowsError(try Color(hex: "#GG0000")) { error in
            XCTAssertTrue("\(error)".contains("'G' is not a hex digit"), "\(error)")
        }
        // A sign is not a digit, though `UInt8("+f", radix: 16)` reads it as 15.
        for text in ["#+fffff", "-fffff", "#ff+fff", "#ffffff+0", "１２３４５６"] {
            XCTAssertThrowsError(try Color(hex: text), text) { error in
                XCTAssertTrue("\(error)".contains("is not a hex digit"), "\(error)")
            }
        }
    }

    func testHexStringOfANonFiniteComponentDoesNotTrap() {
        XCTAssertEqual(Color(red: .nan, green: .infinity, blue: -.infinity, alpha: 1).hexString, "#00FF00")
    }

    func testPremultipliedRoundTrip() {
        let c = Color(red: 0.8, green: 0.4, blue: 0.2, alpha: 0.5)
        let p = c.premultiplied
        XCTAssertEqual(p.red, 0.4)
        let back = Color(premultipliedRed: p.red, green: p.green, blue: p.blue, alpha: p.alpha)
        XCTAssertEqual(back.green, 0.4, accuracy: 1e-15)
        XCTAssertEqual(Color(premultipliedRed: 0, green: 0, blue: 0, alpha: 0), .clear)
    }

    func testMixingSpaces() {
        XCTAssertEqual(Color.mix(.black, .white, fraction: 0.5).red, 0.5, accuracy: 1e-15)
        // Linear light: half the light of white is sRGB 0.7354 (#BCBCBC).
        XCTAssertEqual(Color.mix(.black, .white, fraction: 0.5, in: .linearLight).red, 0.735_356_6, accuracy: 1e-6)
        // Premultiplied: fading red to clear keeps the hue, no dark fringe.
        let fade = Color.mix(.red, .clear, fraction: 0.5)
        XCTAssertEqual(fade.red, 1, accuracy: 1e-15)
        XCTAssertEqual(fade.alpha, 0.5, accuracy: 1e-15)
    }

    func testArraysInterpolateElementwise() {
        let a: [Double] = [0, 0, 0.25]
        let b: [Double] = [0.75, 1, 1]
        XCTAssertEqual([Double].interpolate(from: a, to: b, fraction: 0.5), [0.375, 0.5, 0.625])
        XCTAssertEqual([Double].interpolate(from: [0], to: [1, 2], fraction: 0.6), [1, 2])
    }

    func testCSSColoursByNameShortHexAndTransparent() throws {
        XCTAssertEqual(try Color(css: "rebeccapurple").hexString, "#663399")
        XCTAssertEqual(try Color(css: "White").hexString, "#FFFFFF")
        XCTAssertEqual(try Color(css: "#0af").hexString, "#00AAFF")
        XCTAssertEqual(try Color(css: "1C1C1E").hexString, "#1C1C1E")
        XCTAssertEqual(try Color(css: "#11223344").hexString, "#11223344")
        XCTAssertEqual(try Color(css: "transparent"), .clear)
        XCTAssertThrowsError(try Color(css: "rebeccapurpel")) { error in
            XCTAssertTrue("\(error)".hasSuffix("(did you mean 'rebeccapurple'?)"), "\(error)")
        }
        XCTAssertThrowsError(try Color(css: "#12")) { error in
            XCTAssertTrue("\(error)".contains("expected #RGB, #RRGGBB or #RRGGBBAA"), "\(error)")
        }
        XCTAssertThrowsError(try Color(css: "")) { error in
            XCTAssertTrue("\(error)".contains("not a colour"), "\(error)")
        }
    }
}
