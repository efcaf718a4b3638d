/// A growable buffer of plain values that the world reuses from step to step (no allocation once it is large
/// enough) and hands to the solver's stages as a raw buffer, without the nested `withUnsafe…` calls an array needs.
/// Only for trivial types (numbers, SIMD vectors, structs of them): elements are overwritten, never deinitialised.
final class ScratchBuffer<Element>: @unchecked Sendable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The elements in use, 0…capacity.
    private(set) var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// How many times the storage was allocated again (growing): its contents were lost each time.
    private(set) var allocations = 0

    /// Makes room for `count` elements and uses that many; the contents are unspecified until written, and kept
    /// (up to the smaller count) while the storage is large enough (``allocations`` unchanged).
    func resize(_ count: Int) {
        let wanted = max(count, 0)
        if wanted > capacity {
            base.deallocate()
            capacity = max(wanted, 2 * capacity)
            base = .allocate(capacity: capacity)
            allocations += 1
        }
        self.count = wanted
    }

    /// Empties the buffer, keeping its storage.
    func removeAll() { count = 0 }

    /// Appends `element`, growing the storage (by doubling) when full.
    @inline(__always) func append(_ element: Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: 2 * capacity)
            grown.update(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        base[count] = element
        count += 1
    }

    /// The elements in use.
    var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }
}
