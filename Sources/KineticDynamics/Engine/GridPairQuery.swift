/// The pairs of a partial sweep found from the moved proxies through a ``ProxyGrid``: the same pairs as
/// ``MovedPairQuery`` (and as the sweep), each tested with the sweep's own test, in the blocks of neighbouring
/// proxies of ``MovedPairQuery`` that the threads of a ``SolverPool`` share. A pair is listed by the query of its moved
/// proxy with the earlier place (a moved proxy lists its pairs with every unmoved proxy and with the moved ones
/// after it), so each pair is found once and goes through `sighting` (a known pair marks its contact seen); each
/// block lists its new pairs as (place, place) keys, the first the earlier in the sorted order, and the world sorts
/// them all.
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned for the step.
struct GridPairQuery: @unchecked Sendable {
    /// The proxies, sorted by `minX`.
    let proxies: UnsafeBufferPointer<Proxy>
    /// The grid built from them, and its arrays as raw buffers (read in the queries' inner loops).
    let grid: ProxyGrid
    let cellStart: UnsafeBufferPointer<Int32>
    let entries: UnsafeBufferPointer<Int32>
    let cellOf: UnsafeBufferPointer<Int32>
    let wide: UnsafeBufferPointer<Int32>
    /// What is done with each pair found.
    let sighting: PairSighting
    /// Per block, the new pairs it found.
    let pairs: UnsafeMutableBufferPointer<[UInt64]>

    init(
        proxies: UnsafeBufferPointer<Proxy>, grid: ProxyGrid, sighting: PairSighting,
        pairs: UnsafeMutableBufferPointer<[UInt64]>
    ) {
        self.proxies = proxies
        self.grid = grid
        self.sighting = sighting
        cellStart = UnsafeBufferPointer(grid.cellStart.buffer)
        entries = UnsafeBufferPointer(grid.entries.buffer)
        cellOf = UnsafeBufferPointer(grid.cellOf.buffer)
        wide = UnsafeBufferPointer(grid.wide.buffer)
        self.pairs = pairs
    }

    /// Lists the new pairs of the moved proxies of block `block` (``MovedPairQuery``'s blocks).
    func execute(block: Int) {
        pairs[block].removeAll(keepingCapacity: true)
        let size = MovedPairQuery.blockSize
        for m in (block * size)..<min((block + 1) * size, proxies.count) where proxies[m].moved {
            if cellOf[m] < 0 { queryAll(m, block: block) } else { query(m, block: block) }
        }
    }

    /// Lists the pair of moved proxy `m` and proxy `o` if `m`'s query owns it, the boxes overlap and it is new.
    @inline(__always) private func test(_ m: Int, _ o: Int, block: Int) {
        if proxies[o].moved && o < m { return }
        let first = min(m, o)
        let second = max(m, o)
        if MovedPairQuery.overlaps(proxies, first, second) && sighting.isNew(proxies[first], proxies[second]) {
            pairs[block].append(MovedPairQuery.key(first, second))
        }
    }

    /// A wide moved proxy: tested against every other.
    private func queryAll(_ m: Int, block: Int) {
        for o in 0..<proxies.count where o != m { test(m, o, block: block) }
    }

    /// A binned moved proxy: tested against the wide proxies, then against the binned proxies whose first corners
    /// (least x and y) are in its box or up to ``ProxyGrid/reach`` before it along x and y: the only ones that can
    /// overlap it.
    @inline(__always) private func query(_ m: Int, block: Int) {
        for w in wide { test(m, Int(w), block: block) }
        let box = proxies[m]
        let low = grid.cellPlace(of: SIMD2(box.minX, box.minY) - grid.reach)
        let high = grid.cellPlace(of: SIMD2(box.maxX, box.maxY))
        let columns = grid.columnCount
        for row in Int(low.y)...Int(high.y) {
            let rowStart = row * columns
            for e in Int(cellStart[rowStart + Int(low.x)])..<Int(cellStart[rowStart + Int(high.x) + 1]) {
                let o = Int(entries[e])
                if o != m { test(m, o, block: block) }
            }
        }
    }
}
