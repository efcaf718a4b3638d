// Reserving room that grows geometrically.

extension Array {
    /// Makes room for `count` elements in all, at least doubling the capacity whenever it grows. `reserveCapacity`
    /// alone allocates what is asked: reserving one more element at a time (an animator that gains an item before
    /// each step) would copy the whole array each time, quadratic in all; this stays amortised linear.
    mutating func reserveGrowing(toHold count: Int) {
        guard count > capacity else { return }
        reserveCapacity(Swift.max(count, 2 * capacity))
    }
}

extension Dictionary {
    /// Makes room for `count` entries in all, at least doubling the capacity whenever it grows (as
    /// `Array.reserveGrowing(toHold:)`: each growth rehashes every entry).
    mutating func reserveGrowing(toHold count: Int) {
        guard count > capacity else { return }
        reserveCapacity(Swift.max(count, 2 * capacity))
    }
}
