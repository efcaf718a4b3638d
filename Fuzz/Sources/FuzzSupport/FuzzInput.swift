/// Reads a fuzz input front to back as the choices a target makes (a byte, a number, a short string), so that
/// libFuzzer's mutations of a few bytes change one choice at a time. Past the end every read gives zeros.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// The input `size` bytes at `data`.
    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The bytes not read yet.
    public var remaining: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }

    /// True when every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next byte as a Bool (its low bit).
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `choices`, picked by the next byte (`choices` must not be empty).
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(byte()) % choices.count]
    }

    /// The next 8 bytes as a Double's bit pattern (so NaNs, infinities, subnormals and ±0 all occur).
    public mutating func doubleBits() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bitPattern: bits)
    }

    /// A length byte (below `limit`) then that many bytes as UTF-8, lossily decoded.
    public mutating func string(limit: Int = 16) -> String {
        let count = Int(byte()) % limit
        var utf8: [UInt8] = []
        for _ in 0..<count where !isAtEnd { utf8.append(byte()) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The rest of the input as UTF-8, lossily decoded.
    public mutating func rest() -> String {
        defer { position = bytes.count }
        return String(decoding: remaining, as: UTF8.self)
    }
}

/// Ends the process with a message on standard error: a fuzz target's assertion (libFuzzer records the input).
public func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
