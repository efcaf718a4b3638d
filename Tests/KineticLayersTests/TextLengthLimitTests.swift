import KineticLayers
import XCTest

final class TextLengthLimitTests: XCTestCase {
    func testCountsGraphemeClustersNotBytesOrScalars() {
        XCTAssertEqual(TextLengthLimit.maximumCharacters, 100_000)
        XCTAssertNil(TextLengthLimit.excessLength(of: ""))
        XCTAssertNil(TextLengthLimit.excessLength(of: String(repeating: "a", count: 100_000)))
        XCTAssertEqual(TextLengthLimit.excessLength(of: String(repeating: "a", count: 100_001)), 100_001)
        // "e" + combining acute is one character of two scalars and three bytes.
        XCTAssertNil(TextLengthLimit.excessLength(of: String(repeating: "e\u{301}", count: 100_000)))
        XCTAssertEqual(TextLengthLimit.excessLength(of: String(repeating: "e\u{301}", count: 100_002)), 100_002)
        // A family emoji (five scalars, 18 bytes) is one character.
        XCTAssertNil(TextLengthLimit.excessLength(of: String(repeating: "👩‍👩‍👧", count: 100_000)))
        XCTAssertEqual(TextLengthLimit.excessLength(of: String(repeating: "日", count: 250_000)), 250_000)
    }

    func testGroupsThousands() {
        XCTAssertEqual(TextLengthLimit.grouped(0), "0")
        XCTAssertEqual(TextLengthLimit.grouped(999), "999")
        XCTAssertEqual(TextLengthLimit.grouped(1_000), "1,000")
        XCTAssertEqual(TextLengthLimit.grouped(100_001), "100,001")
        XCTAssertEqual(TextLengthLimit.grouped(-1_234_567), "-1,234,567")
        XCTAssertEqual(TextLengthLimit.grouped(Int.min), "-9,223,372,036,854,775,808")
    }
}
