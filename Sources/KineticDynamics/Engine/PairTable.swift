/// An open-addressing hash map from a body pair to a contact index, with a fixed (unseeded) hash so that its
/// behaviour is the same in every run. Keys are `(min << 32) | max` of the two body indices.
struct PairTable: Sendable {
    private static let empty = UInt64.max
    private var keys: [UInt64]
    private var values: [Int32]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: PairTable.empty, count: size)
        values = Array(repeating: -1, count: size)
        mask = size - 1
    }

    @inline(__always) static func key(_ a: Int32, _ b: Int32) -> UInt64 {
        a < b ? UInt64(UInt32(a)) << 32 | UInt64(UInt32(b)) : UInt64(UInt32(b)) << 32 | UInt64(UInt32(a))
    }

    @inline(__always) private func slot(_ key: UInt64) -> Int { Self.slot(key, mask: mask) }

    @inline(__always) private static func slot(_ key: UInt64, mask: Int) -> Int {
        // A 64-bit multiplicative mix (Fibonacci hashing); stable across runs and platforms.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    func find(_ key: UInt64) -> Int32? { withView { $0.find(key) } }

    /// The table read through pointers, for lookups from several threads while nothing changes it.
    struct View: @unchecked Sendable {
        fileprivate let keys: UnsafePointer<UInt64>
        fileprivate let values: UnsafePointer<Int32>
        fileprivate let mask: Int

        /// ``PairTable/find(_:)``.
        @inline(__always) func find(_ key: UInt64) -> Int32? {
            var i = PairTable.slot(key, mask: mask)
            while true {
                let k = keys[i]
                if k == key { return values[i] }
                if k == PairTable.empty { return nil }
                i = (i + 1) & mask
            }
        }
    }

    /// Calls `body` with a ``View`` of the table, valid inside it only.
    func withView<R>(_ body: (View) -> R) -> R {
        keys.withUnsafeBufferPointer { keys in
            values.withUnsafeBufferPointer { values in
                // The table always has slots (at least 16), so both buffers have a base address.
                body(
                    View(
                        keys: keys.baseAddress.unsafelyUnwrapped, values: values.baseAddress.unsafelyUnwrapped,
                        mask: mask))
            }
        }
    }

    /// Inserts or replaces the value for `key`.
    mutating func set(_ key: UInt64, _ value: Int32) {
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key {
                values[i] = value
                return
            }
            if k == PairTable.empty {
                keys[i] = key
                values[i] = value
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    /// Removes `key` (backward-shift deletion keeps probe chains intact).
    mutating func remove(_ key: UInt64) {
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == PairTable.empty { return }
            if k == key { break }
            i = (i + 1) & mask
        }
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k == PairTable.empty { break }
            let home = slot(k)
            // Move k into the hole if its home slot is not cyclically within (hole, j].
            let distanceToJ = (j - home) & mask
            let distanceToHole = (j - hole) & mask
            if distanceToJ >= distanceToHole {
                keys[hole] = k
                values[hole] = values[j]
                hole = j
            }
        }
        keys[hole] = PairTable.empty
        values[hole] = -1
        count -= 1
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: PairTable.empty, count: oldKeys.count * 2)
        values = Array(repeating: -1, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for i in 0..<oldKeys.count where oldKeys[i] != PairTable.empty { set(oldKeys[i], oldValues[i]) }
    }
}
