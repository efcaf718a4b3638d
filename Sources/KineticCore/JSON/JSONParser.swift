/// A JSON document that does not follow RFC 8259, or exceeds the parser's limits: where (1-based line and column,
/// the column counting characters, not bytes) and what was expected there.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    package var line: Int
    /// 1-based column, in Unicode characters (scalars) from the start of the line.
    package var column: Int
    /// What is wrong, e.g. `expected ',' or '}' after the value of "width", found 'x'`.
    package var message: String

    /// `line 3 column 7: expected …`.
    package var description: String { "line \(line) column \(column): \(message)" }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes into ``JSONValue``, written for the dynamics scene reader
/// (Foundation's decoder reports an overflowing number as a type mismatch about a string and gives no positions).
///
/// - Grammar: exactly RFC 8259 — no comments, no trailing commas, no single quotes, no `NaN` or `Infinity`, no
///   leading zeros or `+` signs, whitespace only space, tab, line feed and carriage return. Any value may be the
///   root. A leading UTF-8 byte order mark is ignored (RFC 8259 §8.1 allows that); other bytes after the root value
///   are an error.
/// - Text: the document must be valid UTF-8 (overlong forms, encoded surrogates and bytes above U+10FFFF are
///   errors); control characters in strings must be escaped; `\uXXXX` escapes above U+FFFF come as a surrogate
///   pair, and an unpaired surrogate is an error.
/// - Numbers: the nearest double to the decimal number as written (`Double(String)` on the lexeme, correctly
///   rounded); a number too large for a double reads as ±infinity, as JavaScript's `JSON.parse` reads it (and as
///   ``JSONValue`` writes a non-finite number as `null`, as `JSON.stringify` does), so that the reader can name its
///   JSON path and the allowed range.
/// - Objects: keys keep their document order; a key that occurs twice in one object is an error.
/// - Limits: at most ``maximumDepth`` nested arrays and objects (64) and ``maximumValues`` values (1,000,000), so
///   that neither the stack nor the memory grows without bound.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted (the root array or object is depth 1).
    package static let maximumDepth = 64
    /// The most values (of any kind, containers included) one document may hold.
    package static let maximumValues = 1_000_000

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var valueCount = 0
    private let depthLimit: Int
    private let valueLimit: Int

    private init(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int, maximumValues: Int) {
        self.bytes = bytes
        depthLimit = maximumDepth
        valueLimit = maximumValues
    }

    /// Parses one JSON document. `maximumDepth` and `maximumValues` default to the parser's limits.
    package static func parse(
        _ bytes: UnsafeRawBufferPointer, maximumDepth: Int = maximumDepth, maximumValues: Int = maximumValues
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes, maximumDepth: maximumDepth, maximumValues: maximumValues)
        return try parser.document()
    }

    /// Parses one JSON document from an array of bytes.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        // withUnsafeBytes rethrows untyped; carry the typed error out through a Result.
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBytes { buffer in
            do throws(JSONSyntaxError) { return .success(try parse(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    // MARK: Structure

    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < bytes.count else {
            throw error("the document is empty: expected a JSON value (an object for a scene)")
        }
        let root = try value(depth: 0)
        skipWhitespace()
        guard index >= bytes.count else {
            throw error("unexpected \(describeCurrent()) after the end of the JSON document")
        }
        return root
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        valueCount += 1
        guard valueCount <= valueLimit else {
            throw error("the document holds more than \(valueLimit) values, the most this reader accepts")
        }
        guard index < bytes.count else {
            throw error(
                "expected a value (an object, array, string, number, true, false or null), found the end of the "
                    + "document")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case let byte:
            let hint =
                byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I")
                ? " (JSON has no NaN or Infinity)"
                : byte == UInt8(ascii: "'") ? " (JSON strings use double quotes)" : ""
            throw error(
                "expected a value (an object, array, string, number, true, false or null), found "
                    + "\(describeCurrent())\(hint)")
        }
    }

    /// Members of an object up to which a repeated key is found by a scan of the members before it.
    static let keyScanLimit = 16

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= depthLimit else {
            throw error("arrays and objects are nested more than \(depthLimit) deep, the most this reader accepts")
        }
        index += 1  // {
        var members: [(String, JSONValue)] = []
        // A repeated key is looked for among the members read so far, and through a set of their keys once there
        // are ``keyScanLimit`` of them (most objects have a few members, for which a set cost more than the scan).
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(
                    members.isEmpty
                        ? "expected a key in double quotes or '}', found \(describeCurrent())"
                        : "expected a key in double quotes after ',', found \(describeCurrent())"
                            + (isCurrent("}") ? " (a trailing comma is not allowed)" : ""))
            }
            let keyStart = index
            let key = try string()
            let isRepeated: Bool
            if members.count < Self.keyScanLimit {
                isRepeated = members.contains { $0.0 == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.0)) }
                isRepeated = !keys.insert(key).inserted
            }
            guard !isRepeated else {
                // A string never spans lines, so the key starts on the current line.
                throw JSONSyntaxError(
                    line: line, column: column(at: keyStart),
                    message: "duplicate key \(quote(key)): a key may occur once in an object")
            }
            skipWhitespace()
            guard isCurrent(":") else {
                throw error("expected ':' after the key \(quote(key)), found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            if isCurrent(",") {
                index += 1
                skipWhitespace()
            } else if isCurrent("}") {
                index += 1
                return .object(members)
            } else {
                throw error("expected ',' or '}' after the value of \(quote(key)), found \(describeCurrent())")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= depthLimit else {
            throw error("arrays and objects are nested more than \(depthLimit) deep, the most this reader accepts")
        }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if isCurrent("]") {
            index += 1
            return .array(elements)
        }
        while true {
            if !elements.isEmpty && isCurrent("]") {
                throw error("expected a value after ',', found ']' (a trailing comma is not allowed)")
            }
            elements.append(try value(depth: depth))
            skipWhitespace()
            if isCurrent(",") {
                index += 1
                skipWhitespace()
            } else if isCurrent("]") {
                index += 1
                return .array(elements)
            } else {
                throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected -> Bool in
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        guard matches else { throw error("expected \(word), found \(describeWord())") }
        index += count
    }

    // MARK: Numbers

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        let negative = isCurrent("-")
        if negative { index += 1 }
        // The digits as a whole number while there are at most 15 of them (below 2⁵³, so exact as a Double), for
        // the fast path below.
        var digits: UInt64 = 0
        var digitCount = 0
        @inline(__always) func take() {
            if digitCount < 16 { digits = digits &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0")) }
            digitCount += 1
            index += 1
        }
        if isCurrent("0") {
            take()
            if isDigit() {
                throw error("a number may not have a leading zero (found \(describeCurrent()) after 0)")
            }
        } else if isDigit() {
            while isDigit() { take() }
        } else {
            throw error("expected a digit after '-', found \(describeCurrent())")
        }
        var fractionDigits = 0
        if isCurrent(".") {
            index += 1
            guard isDigit() else { throw error("expected a digit after the decimal point, found \(describeCurrent())") }
            let fractionStart = digitCount
            while isDigit() { take() }
            fractionDigits = digitCount - fractionStart
        }
        var hasExponent = false
        if isCurrent("e") || isCurrent("E") {
            hasExponent = true
            index += 1
            if isCurrent("+") || isCurrent("-") { index += 1 }
            guard isDigit() else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
            while isDigit() { index += 1 }
        }
        // Most numbers of a scene (12, -50, 0.6, 1280.5): at most 15 digits and no exponent. The whole number
        // and the power of ten are both exact Doubles, so their quotient is the correctly rounded value of the
        // text, the one Double(String) gives (Clinger's fast path), without making a String.
        if !hasExponent && digitCount <= 15 {
            let magnitude = Double(digits) / Self.powersOfTen[fractionDigits]
            return .number(negative ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // The lexeme follows the JSON grammar, which Double(String) accepts (overflow gives ±infinity).
        guard let value = Double(text) else {
            index = start
            throw error("cannot read the number \(text)")
        }
        return .number(value)
    }

    /// 10⁰ … 10¹⁵, each exactly a Double (every power of ten up to 10²² is).
    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { value, _ in value * 10 } }

    private func isDigit() -> Bool {
        index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
    }

    // MARK: Strings

    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // "
        // Runs of plain characters are copied in one piece; a string without escapes is decoded in place.
        var utf8: [UInt8] = []
        var runStart = index
        var hasEscapes = false
        while true {
            guard index < bytes.count else {
                throw error("the string that starts at line \(line) column \(column(at: start)) is not closed")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                utf8.append(contentsOf: run)
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                hasEscapes = true
                try escape(into: &utf8)
                runStart = index
            case 0x00..<0x20:
                throw error(
                    "a control character (\(scalarName(UInt32(byte)))) must be escaped in a string"
                        + (byte == 0x0A ? " (write \\n; a string cannot span lines)" : ""))
            case 0x20..<0x80:
                index += 1
            default:
                index += try utf8SequenceLength()
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        index += 1  // backslash
        guard index < bytes.count else { throw error("expected an escape after '\\', found the end of the document") }
        let byte = bytes[index]
        let simple: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            utf8.append(simple)
            index += 1
            return
        }
        guard byte == UInt8(ascii: "u") else {
            index -= 1
            throw error(
                "unknown escape \(describe(at: index + 1)) after '\\' (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
            )
        }
        let escapeStart = index - 1
        index += 1
        let unit = try hexQuad(escapeStart: escapeStart)
        var scalarValue = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed by an escaped low surrogate.
            let secondStart = index
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                index = escapeStart
                throw error(unpairedSurrogate(unit))
            }
            index += 2
            let low = try hexQuad(escapeStart: secondStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                index = escapeStart
                throw error(unpairedSurrogate(unit))
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            index = escapeStart
            throw error(unpairedSurrogate(unit))
        default:
            break
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            index = escapeStart
            throw error("\\u escape of U+\(hex(scalarValue)) is not a Unicode character")
        }
        UTF8.encode(scalar) { utf8.append($0) }
    }

    private mutating func hexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw error("expected 4 hexadecimal digits after \\u, found \(describeCurrent())")
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private func unpairedSurrogate(_ unit: UInt16) -> String {
        "unpaired surrogate \\u\(hex(UInt32(unit))): a character above U+FFFF is written as a high and a low "
            + "surrogate, e.g. \\uD83D\\uDE00"
    }

    /// The length of the well-formed UTF-8 sequence at `index` (its lead byte is ≥ 0x80), or an error there.
    private func utf8SequenceLength() throws(JSONSyntaxError) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8: byte 0x\(hex(UInt32(lead), width: 2)) cannot start a character")
        }
        for offset in 1..<length {
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard index + offset < bytes.count, range.contains(bytes[index + offset]) else {
                throw error("invalid UTF-8: a malformed \(length)-byte sequence (the file must be UTF-8)")
            }
        }
        return length
    }

    // MARK: Positions and descriptions

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private func isCurrent(_ character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    /// The 1-based column of byte `position` on the current line, counting characters (not continuation bytes).
    /// It scans the line, so it is computed only for an error.
    private func column(at position: Int) -> Int {
        var column = 1
        var offset = lineStart
        while offset < position && offset < bytes.count {
            if bytes[offset] & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        return column
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column(at: index), message: message)
    }

    private func describeCurrent() -> String { describe(at: index) }

    /// The character at `position` for a message: `'x'`, `U+000A`, `the end of the document` or an invalid byte.
    private func describe(at position: Int) -> String {
        guard position < bytes.count else { return "the end of the document" }
        let byte = bytes[position]
        if byte == UInt8(ascii: "'") { return "a single quote" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return scalarName(UInt32(byte)) }
        var end = position + 1
        while end < bytes.count && end - position < 4 && bytes[end] & 0xC0 == 0x80 { end += 1 }
        var decoder = UTF8()
        var iterator = UnsafeRawBufferPointer(rebasing: bytes[position..<end]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return "'\(Character(scalar))' (\(scalarName(scalar.value)))"
        }
        return "byte 0x\(hex(UInt32(byte), width: 2))"
    }

    /// The word at `index` (up to 12 letters) for a message about a bad literal.
    private func describeWord() -> String {
        var end = index
        while end < bytes.count && end - index < 12 {
            let byte = bytes[end]
            guard
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            else { break }
            end += 1
        }
        guard end > index else { return describeCurrent() }
        return "'" + String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) + "'"
    }

    private func scalarName(_ value: UInt32) -> String { "U+" + hex(value) }

    private func hex(_ value: UInt32, width: Int = 4) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A key for a message: escaped (the message stays on one line) and cut after 40 characters.
    private func quote(_ key: String) -> String { JSONValue.quotedForMessage(key) }
}
