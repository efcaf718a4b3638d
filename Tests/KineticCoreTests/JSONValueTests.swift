import XCTest

@testable import KineticCore

final class JSONValueTests: XCTestCase {
    func testNumbersAreShortestAndIntegersHaveNoFraction() {
        XCTAssertEqual(JSONValue.format(1), "1")
        XCTAssertEqual(JSONValue.format(-0.0), "0")
        XCTAssertEqual(JSONValue.format(0.1), "0.1")
        XCTAssertEqual(JSONValue.format(1.0 / 3), "0.3333333333333333")
        XCTAssertEqual(JSONValue.format(1e-5), "1e-05")
        XCTAssertEqual(JSONValue.format(123_456_789), "123456789")
        XCTAssertEqual(JSONValue.format(999_999_999_999_999), "999999999999999")
        XCTAssertEqual(JSONValue.format(1e15), "1000000000000000.0")
    }

    /// The one rule, JavaScript's: JSON has no NaN or infinity, so a non-finite number is written as null (and an
    /// overflowing literal reads as infinity, see JSONParserTests): what is written is always JSON.
    func testNonFiniteNumbersAreNull() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            XCTAssertEqual(JSONValue.format(value), "null")
        }
        let value: JSONValue = .array([.number(.nan), .number(1), .number(-.infinity)])
        XCTAssertEqual(value.text(), "[null,1,null]")
        XCTAssertEqual(try JSONParser.parse(value.bytes), .array([.null, .number(1), .null]))
    }

    func testObjectsKeepTheirKeyOrderAndStringsAreEscaped() throws {
        let value: JSONValue = .object([("z", 1), ("a", [true, .null]), ("s", "a\"b\\c\n\u{1}日本")])
        XCTAssertEqual(value.text(), #"{"z":1,"a":[true,null],"s":"a\"b\\c\n\u0001日本"}"#)
        XCTAssertEqual(value.text(spaced: true), #"{"z": 1, "a": [true, null], "s": "a\"b\\c\n\u0001日本"}"#)
        XCTAssertEqual(value["a"]?[0], true)
        XCTAssertEqual(value["s"]?.string, "a\"b\\c\n\u{1}日本")
        XCTAssertEqual(value["a"]?.typeName, "an array")
        // What is written reads back as the same value, the keys in the same order.
        XCTAssertEqual(try JSONParser.parse(value.bytes), value)
        XCTAssertEqual(try JSONParser.parse(Array(value.text(spaced: true).utf8)), value)
    }
}
