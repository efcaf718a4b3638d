import XCTest

@testable import KineticCore

/// The strict RFC 8259 parser behind the scene reader: what it accepts, and where and why it rejects the rest.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    private func parse(bytes: [UInt8]) throws -> JSONValue { try JSONParser.parse(bytes) }

    /// The error for `text`, or a note that there was none.
    private func failure(_ text: String) -> JSONSyntaxError? { failure(bytes: Array(text.utf8)) }

    private func failure(bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func assertFailure(
        _ text: String, line: Int, column: Int, _ fragment: String, file: StaticString = #filePath,
        lineNumber: UInt = #line
    ) {
        guard let error = failure(text) else {
            XCTFail("no error for \(text.debugDescription)", file: file, line: lineNumber)
            return
        }
        XCTAssertEqual([error.line, error.column], [line, column], "\(error)", file: file, line: lineNumber)
        XCTAssertTrue(error.message.contains(fragment), "\(error)", file: file, line: lineNumber)
    }

    /// Numbers of at most 15 digits without an exponent are read without a String (a whole number over a power of
    /// ten): each must be the very Double that Double(String) reads, bit for bit, whatever its digits and sign.
    func testShortNumbersReadAsDoubleReadsThem() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        var texts = [
            "0", "-0", "0.0", "-0.0", "0.6", "0.1", "0.3", "1280.5", "-50", "999999999999999", "0.000000000000001",
            "123456789012345", "1.23456789012345", "-9007199254740991", "9007199254740993", "0.1234567890123456",
        ]
        for _ in 0..<20_000 {
            let length = Int(next() % 15) + 1
            var digits = String(next() % 9 + 1)
            for _ in 1..<length { digits.append(String(next() % 10)) }
            let point = Int(next() % UInt64(length + 1))
            var text = point == 0 ? "0." + digits : String(digits.prefix(point))
            if point > 0 && point < length { text += "." + digits.dropFirst(point) }
            if next() % 2 == 0 { text = "-" + text }
            texts.append(text)
        }
        for text in texts {
            guard case .number(let value) = try parse(text), let expected = Double(text) else {
                XCTFail("\(text) did not read as a number")
                continue
            }
            XCTAssertEqual(value.bitPattern, expected.bitPattern, text)
        }
    }

    func testValidDocuments() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse(" \t\r\n true \n"), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("\"\""), .string(""))
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{}"), .object([]))
        XCTAssertEqual(
            try parse("[1, -0, 2.5e-3, 1E+2, \"x\", null, [true]]"),
            .array([
                .number(1), .number(-0.0), .number(0.0025),
                .number(100), .string("x"), .null, .array([.bool(true)]),
            ]))
        // Keys keep their document order (not sorted).
        let object = try parse("{\"z\": 1, \"a\": {\"m\": 2}, \"k\": []}")
        XCTAssertEqual(object.members?.map(\.0), ["z", "a", "k"])
        XCTAssertEqual(object["a"], .object([("m", .number(2))]))
        // A byte order mark is ignored.
        XCTAssertEqual(try parse(bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number(1)]))
    }

    func testNumbersAreTheNearestDoubleAndOverflowIsInfinity() throws {
        XCTAssertEqual(try parse("0.1"), .number(0.1))
        XCTAssertEqual(try parse("1.5707963267948966"), .number(Double.pi / 2))
        XCTAssertEqual(try parse("9007199254740993"), .number(9_007_199_254_740_992))
        // Beyond a double's range: ±infinity, as JavaScript's JSON.parse reads it.
        XCTAssertEqual(try parse("1e400"), .number(.infinity))
        XCTAssertEqual(try parse("-1e400"), .number(-.infinity))
        XCTAssertEqual(try parse("1e-400"), .number(0))
        XCTAssertEqual(try parse("4.9e-324"), .number(Double.leastNonzeroMagnitude))
    }

    func testStringsEscapesAndUnicode() throws {
        XCTAssertEqual(
            try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u00e9\u00C9\u0000""#), .string("éÉ\u{0}"))
        XCTAssertEqual(try parse(#""\ud83d\ude00""#), .string("😀"), "a surrogate pair is one character")
        XCTAssertEqual(try parse(#""\uD834\uDD1E x""#), .string("𝄞 x"))
        XCTAssertEqual(try parse("\"é✓😀\""), .string("é✓😀"), "raw UTF-8 passes through")
        XCTAssertEqual(try parse(#"{"wid\u0074h": 1}"#), .object([("width", .number(1))]))
    }

    func testSyntaxErrorsGiveLineColumnAndWhatWasExpected() {
        assertFailure("", line: 1, column: 1, "the document is empty")
        assertFailure("  \n  ", line: 2, column: 3, "the document is empty")
        assertFailure("[1, 2,]", line: 1, column: 7, "a trailing comma is not allowed")
        assertFailure("{\"a\": 1,}", line: 1, column: 9, "a trailing comma is not allowed")
        assertFailure("{\"a\" 1}", line: 1, column: 6, "expected ':' after the key \"a\", found '1'")
        assertFailure("{\"a\": 1 \"b\": 2}", line: 1, column: 9, "expected ',' or '}' after the value of \"a\"")
        assertFailure("[1 2]", line: 1, column: 4, "expected ',' or ']' after an array element, found '2'")
        assertFailure("{a: 1}", line: 1, column: 2, "expected a key in double quotes or '}', found 'a'")
        assertFailure("[01]", line: 1, column: 3, "leading zero")
        assertFailure("[-]", line: 1, column: 3, "expected a digit after '-', found ']'")
        assertFailure("[1.]", line: 1, column: 4, "expected a digit after the decimal point")
        assertFailure("[1e+]", line: 1, column: 5, "expected a digit in the exponent")
        assertFailure("[.5]", line: 1, column: 2, "expected a value")
        assertFailure("[+1]", line: 1, column: 2, "found '+'")
        assertFailure("[NaN]", line: 1, column: 2, "JSON has no NaN or Infinity")
        assertFailure("[Infinity]", line: 1, column: 2, "JSON has no NaN or Infinity")
        assertFailure("['a']", line: 1, column: 2, "found a single quote (JSON strings use double quotes)")
        assertFailure("[tru]", line: 1, column: 2, "expected true, found 'tru'")
        assertFailure("nul", line: 1, column: 1, "expected null")
        assertFailure("{\"a\": [1,\n  2,\n    x]}", line: 3, column: 5, "expected a value")
        assertFailure("{\"a\": 1} x", line: 1, column: 10, "unexpected 'x' after the end of the JSON document")
        assertFailure("{} {}", line: 1, column: 4, "after the end of the JSON document")
        assertFailure("[1] // note", line: 1, column: 5, "after the end")
        assertFailure("\"abc", line: 1, column: 5, "the string that starts at line 1 column 1 is not closed")
        assertFailure("[\"a\nb\"]", line: 1, column: 4, "a control character (U+000A) must be escaped")
        assertFailure("[\"a\u{1}\"]", line: 1, column: 4, "U+0001")
        assertFailure(#"["\x"]"#, line: 1, column: 3, "unknown escape 'x'")
        assertFailure(#"["\u12G4"]"#, line: 1, column: 7, "expected 4 hexadecimal digits after \\u, found 'G'")
    }

    func testColumnsCountCharactersNotBytes() {
        // "é" and "✓" are 2 and 3 bytes; the column counts each as one.
        assertFailure("{\"é✓\": x}", line: 1, column: 8, "expected a value")
        assertFailure("[\"😀\", ?]", line: 1, column: 7, "found '?'")
    }

    func testSurrogatesMustPair() {
        assertFailure(#"["\ud83d"]"#, line: 1, column: 3, "unpaired surrogate \\uD83D")
        assertFailure(#"["\ud83dx"]"#, line: 1, column: 3, "unpaired surrogate \\uD83D")
        assertFailure(#"["\ud83d\u0041"]"#, line: 1, column: 3, "unpaired surrogate \\uD83D")
        assertFailure(#"["\ude00"]"#, line: 1, column: 3, "unpaired surrogate \\uDE00")
    }

    func testInvalidUTF8IsRejected() {
        func message(_ bytes: [UInt8]) -> String { failure(bytes: bytes).map(\.description) ?? "no error" }
        let quote = UInt8(ascii: "\"")
        XCTAssertEqual(
            message([quote, 0xFF, quote]), "line 1 column 2: invalid UTF-8: byte 0xFF cannot start a character")
        XCTAssertTrue(message([quote, 0xC0, 0x80, quote]).contains("byte 0xC0 cannot start"), "overlong NUL")
        XCTAssertTrue(message([quote, 0xED, 0xA0, 0x80, quote]).contains("malformed 3-byte"), "encoded surrogate")
        XCTAssertTrue(message([quote, 0xF4, 0x90, 0x80, 0x80, quote]).contains("malformed 4-byte"), "> U+10FFFF")
        XCTAssertTrue(message([quote, 0xE2, 0x9C, quote]).contains("malformed 3-byte"), "truncated")
        XCTAssertTrue(message([0xFF]).contains("line 1 column 1: expected a value"), message([0xFF]))
    }

    func testDuplicateKeysAreErrorsAtTheSecondKey() {
        assertFailure("{\"a\": 1,\n \"b\": 2, \"a\": 3}", line: 2, column: 10, "duplicate key \"a\"")
        // The same key in different objects is fine.
        XCTAssertNil(failure("{\"a\": {\"a\": 1}, \"b\": {\"a\": 2}}"))
        // Keys are compared after unescaping.
        assertFailure(#"{"ab": 1, "a\u0062": 2}"#, line: 1, column: 11, "duplicate key \"ab\"")
        // Past the members a repeated key is looked for among by a scan (JSONParser.keyScanLimit), through a set:
        // a repeat of an early key and of a late one, each found; 40 different keys accepted.
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }
        XCTAssertNil(failure("{" + keys.joined(separator: ", ") + "}"))
        for repeated in [2, 15, 16, 17, 38] {
            let text = "{" + (keys + ["\"k\(repeated)\": 0"]).joined(separator: ", ") + "}"
            XCTAssertEqual(failure(text)?.message.hasPrefix("duplicate key \"k\(repeated)\""), true, "k\(repeated)")
        }
    }

    func testDepthLimit() {
        let deepest =
            String(repeating: "[", count: JSONParser.maximumDepth)
            + String(repeating: "]", count: JSONParser.maximumDepth)
        XCTAssertNil(failure(deepest), "64 levels are accepted")
        let tooDeep = "[" + deepest + "]"
        assertFailure(tooDeep, line: 1, column: 65, "nested more than 64 deep")
        let objects = String(repeating: "{\"a\": ", count: 65) + "1" + String(repeating: "}", count: 65)
        assertFailure(objects, line: 1, column: 6 * 64 + 1, "nested more than 64 deep")
        // A hostile document fails at the limit instead of exhausting the stack.
        let hostile = String(repeating: "[", count: 1_000_000)
        XCTAssertEqual(failure(hostile)?.column, 65)
    }

    func testValueLimit() throws {
        let text = Array("[1, 2, 3, 4]".utf8)
        let accepted: JSONValue = try text.withUnsafeBytes { try JSONParser.parse($0, maximumValues: 5) }
        XCTAssertEqual(accepted, .array((1...4).map { .number(Double($0)) }))
        XCTAssertThrowsError(try text.withUnsafeBytes { try JSONParser.parse($0, maximumValues: 4) }) { error in
            XCTAssertEqual(
                "\(error)", "line 1 column 11: the document holds more than 4 values, the most this reader accepts")
        }
    }

    func testMessagesStayOnOneLine() {
        let error = failure("{\"a\nb\": 1}")
        XCTAssertEqual(error?.line, 1)
        XCTAssertFalse(error?.description.contains("\n") ?? true)
        let duplicate = failure(#"{"x\ny": 1, "x\ny": 2}"#)
        XCTAssertEqual(duplicate?.message, #"duplicate key "x\ny": a key may occur once in an object"#)
    }
}
