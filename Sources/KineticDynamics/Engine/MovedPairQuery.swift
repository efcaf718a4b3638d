/// The pairs of a partial sweep found from the moved proxies alone (``PhysicsWorld/findMovedPairs(_:_:movedCount:)``):
/// each moved proxy is tested against the proxies sorted after it (until they start past its right side) and against
/// those before it that can reach it, in blocks of ``blockSize`` neighbouring proxies that the threads of a
/// ``SolverPool`` share. Each pair found goes through `sighting` (a known pair marks its contact seen); each block
/// lists the new pairs of its own moved proxies as (place, place) keys, the first the earlier in the sorted order;
/// the world sorts them all, so their order does not depend on who found them.
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned for the step.
struct MovedPairQuery: @unchecked Sendable {
    /// The proxies, sorted by `minX`.
    var proxies: UnsafeBufferPointer<Proxy>
    /// The places of the wide proxies (wider than `wideWidth`), in order: tested one by one when `bounded`.
    var wideProxies: UnsafeBufferPointer<Int32>
    /// Whether the scan of the proxies before a moved one may start past those that cannot reach it: proxies no
    /// wider than `reach` whose left side is further left than that of the moved one less `reach` (the wide ones are
    /// tested apart).
    var bounded: Bool
    var wideWidth: Double
    var reach: Double
    /// What is done with each pair found.
    var sighting: PairSighting
    /// Per block, the new pairs it found.
    var pairs: UnsafeMutableBufferPointer<[UInt64]>

    /// Proxies per block: 256.
    static let blockSize = 256

    /// How many blocks `count` proxies make.
    static func blockCount(proxies count: Int) -> Int { (count + blockSize - 1) / blockSize }

    /// Lists the new pairs of the moved proxies of block `block`.
    func execute(block: Int) {
        pairs[block].removeAll(keepingCapacity: true)
        for m in (block * Self.blockSize)..<min((block + 1) * Self.blockSize, proxies.count) where proxies[m].moved {
            query(m, block: block)
        }
    }

    /// The sweep's tests for proxy `a` before proxy `b` in the sorted order.
    @inline(__always) private func overlaps(_ a: Int, _ b: Int) -> Bool { Self.overlaps(proxies, a, b) }

    /// The sweep's tests for proxy `a` before proxy `b` in the sorted `proxies` (also ``GridPairQuery``'s).
    @inline(__always) static func overlaps(_ proxies: UnsafeBufferPointer<Proxy>, _ a: Int, _ b: Int) -> Bool {
        let boxA = proxies[a]
        let boxB = proxies[b]
        return boxB.minX <= boxA.maxX && !(boxB.minY > boxA.maxY) && !(boxA.minY > boxB.maxY)
    }

    /// Keeps the pair of places `first` < `second` in block `block`'s list if it is new (``PairSighting``).
    @inline(__always) private func report(_ first: Int, _ second: Int, block: Int) {
        if sighting.isNew(proxies[first], proxies[second]) { pairs[block].append(Self.key(first, second)) }
    }

    /// The key of the pair of places `first` < `second`: first << 32 | second.
    @inline(__always) static func key(_ first: Int, _ second: Int) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: first)) << 32 | UInt64(UInt32(truncatingIfNeeded: second))
    }

    /// Lists the pairs of moved proxy `m` (with the unmoved proxies before it and every proxy after it).
    @inline(__always) private func query(_ m: Int, block: Int) {
        let n = proxies.count
        var first = 0
        if bounded {
            for w in wideProxies {
                let o = Int(w)
                if o >= m { break }
                if !proxies[o].moved && overlaps(o, m) { report(o, m, block: block) }
            }
            // The first proxy whose left side is at or right of m's left side less the reach.
            let left = proxies[m].minX - reach
            var high = m
            while first < high {
                let middle = (first + high) / 2
                if proxies[middle].minX < left { first = middle + 1 } else { high = middle }
            }
        }
        for o in first..<m
        where !(bounded && proxies[o].maxX - proxies[o].minX > wideWidth) && !proxies[o].moved && overlaps(o, m) {
            report(o, m, block: block)
        }
        var b = m + 1
        let right = proxies[m].maxX
        while b < n && proxies[b].minX <= right {
            if overlaps(m, b) { report(m, b, block: block) }
            b += 1
        }
    }
}
