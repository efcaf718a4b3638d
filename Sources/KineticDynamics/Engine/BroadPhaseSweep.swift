/// The full sweep of the broad phase: every pair of proxies whose boxes overlap (x sorted, then y tested), from
/// proxies sorted by `minX`, in blocks of ``blockSize`` neighbouring proxies that the threads of a ``SolverPool``
/// share. A block reports the pairs whose first proxy is one of its own, in the order a single sweep would, through
/// ``PairSighting``: each pair it finds in the pair table is marked seen in this step (its contact link, which no
/// other pair shares), and each new one is kept in the block's list. The world then creates the new contacts block
/// by block, so contacts are created in the same order on any number of threads.
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned for the step.
struct BroadPhaseSweep: @unchecked Sendable {
    /// The proxies, sorted by `minX`.
    var proxies: UnsafeBufferPointer<Proxy>
    /// What is done with each pair found.
    var sighting: PairSighting
    /// Per block, the keys (``PairTable/key(_:_:)``) of the pairs it found that have no contact yet.
    var newPairs: UnsafeMutableBufferPointer<[UInt64]>
    /// Whether every overlapping pair is reported (else only those with a box that moved in this step).
    var full: Bool

    /// Proxies per block: 64.
    static let blockSize = 64

    /// How many blocks `count` proxies make.
    static func blockCount(proxies count: Int) -> Int { (count + blockSize - 1) / blockSize }

    /// Sweeps the proxies of block `block` against those after them.
    func execute(block: Int) {
        let n = proxies.count
        let start = block * Self.blockSize
        let end = min(start + Self.blockSize, n)
        newPairs[block].removeAll(keepingCapacity: true)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(n, 1)) { hits in
            for a in start..<end { sweep(a, hits: hits, block: block) }
        }
    }

    /// Reports the pairs of proxy `a` with the proxies after it, using `hits` (room for all proxies) as scratch.
    @inline(__always) private func sweep(_ a: Int, hits: UnsafeMutableBufferPointer<Int32>, block: Int) {
        let n = proxies.count
        let boxA = proxies[a]
        // Collect the y-overlapping proxies without branching on each test (the outcome is random, so a branch
        // would mispredict half the time); then filter the few hits.
        var count = 0
        var b = a + 1
        while b < n && proxies[b].minX <= boxA.maxX {
            let boxB = proxies[b]
            hits[count] = Int32(truncatingIfNeeded: b)
            let apart = (boxB.minY > boxA.maxY ? 1 : 0) | (boxA.minY > boxB.maxY ? 1 : 0)
            count += 1 - apart
            b += 1
        }
        for k in 0..<count {
            let boxB = proxies[Int(hits[k])]
            if !full && !boxA.moved && !boxB.moved { continue }
            if sighting.isNew(boxA, boxB) { newPairs[block].append(PairTable.key(boxA.body, boxB.body)) }
        }
    }
}
