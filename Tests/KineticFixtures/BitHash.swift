/// FNV-1a (64-bit) over the bit patterns of doubles: a fingerprint of a simulation's state that changes with any
/// bit of any value mixed in, for tests that compare runs or keep a recorded value.
public struct BitHash: Equatable, Sendable {
    /// The hash so far (FNV-1a's offset basis before anything is mixed in).
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// An empty hash.
    public init() {}

    /// Mixes in `number`'s eight bytes, lowest first.
    public mutating func mix(_ number: Double) {
        var bits = number.bitPattern
        for _ in 0..<8 {
            value = (value ^ (bits & 0xFF)) &* 0x100_0000_01b3
            bits >>= 8
        }
    }
}
