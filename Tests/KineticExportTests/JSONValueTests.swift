import XCTest

@testable import KineticExport

final class JSONValueTests: XCTestCase {
    func testNumbersAreShortestAndIntegersHaveNoFraction() {
        XCTAssertEqual(JSONValue.format(1), "1")
        XCTAssertEqual(JSONValue.format(-0.0), "0")
        XCTAssertEqual(JSONValue.format(0.1), "0.1")
        XCTAssertEqual(JSONValue.format(1.0 / 3), "0.3333333333333333")
        XCTAssertEqual(JSONValue.format(1e-5), "1e-05")
        XCTAssertEqual(JSONValue.format(.nan), "0")
        XCTAssertEqual(JSONValue.format(123_456_789), "123456789")
    }

    func testObjectsKeepTheirKeyOrderAndStringsAreEscaped() {
        let value: JSONValue = .object([("z", 1), ("a", [true, .null]), ("s", "a\"b\\c\n\u{1}日本")])
        XCTAssertEqual(value.text, #"{"z":1,"a":[true,null],"s":"a\"b\\c\n\u0001日本"}"#)
        XCTAssertEqual(value["a"]?[0], true)
        XCTAssertEqual(value["s"]?.string, "a\"b\\c\n\u{1}日本")
    }
}
