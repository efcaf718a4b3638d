// The broad phase: proxies' boxes and the sweep that finds the pairs of bodies that may touch.

import KineticCore

extension PhysicsWorld {
    // MARK: Broad phase

    /// The body's bounding box, grown by the speculative distance and by how far it can move in `timeStep`
    /// (``BoundsUpdate``).
    func updateBounds(_ i: Int, timeStep: Double) {
        bodies.withUnsafeMutableBufferPointer { bodyBuffer in
            vertices.withUnsafeBufferPointer { vertexBuffer in
                guard let body = bodyBuffer.baseAddress.map({ $0 + i }), let vertices = vertexBuffer.baseAddress
                else { return }
                BoundsUpdate.update(
                    body, states[i], vertices: vertices, speculativeDistance: settings.speculativeDistance,
                    timeStep: timeStep)
            }
        }
    }

    @inline(__always) static func shouldCollide(_ a: Body, _ b: Body) -> Bool {
        if !a.isDynamic && !b.isDynamic { return false }
        if a.isBoundary || b.isBoundary {
            return !(a.isBoundary && b.isBoundary) && (a.boundaryGroups & b.boundaryGroups) != 0
        }
        return (a.collisionGroups & b.collisionGroups) != 0
    }

    /// Sort-and-sweep over fat boxes (each body's box grown by ``fatMargin(minimumExtent:)`` and kept until the body
    /// leaves it). When no box was left and nothing was added, removed, woken or put to sleep, the pairs are those of
    /// the last sweep and the sweep is skipped. When only some boxes were left (a pile settling), the sweep reports
    /// only the pairs with a box that moved: the others overlap as they did and have their contacts already.
    func findPairs() -> SweepKind {
        var full = broadPhaseNeedsSweep || sweepsFully
        var changed = broadPhaseNeedsSweep
        broadPhaseNeedsSweep = false
        let step = stepIndex
        if proxyBoxes.count < bodies.count {
            proxyBoxes.append(contentsOf: repeatElement(Self.emptyProxyBox, count: bodies.count - proxyBoxes.count))
            proxyMovedSteps.append(contentsOf: repeatElement(0, count: bodies.count - proxyMovedSteps.count))
        }
        // On the solver's threads when there are enough proxies (``ProxyUpdate``).
        let blocks = ProxyUpdate.blockCount(proxies: proxies.count)
        if proxyReports.count < blocks { proxyReports = [UInt8](repeating: 0, count: blocks) }
        let pool = proxies.count >= parallelThreshold ? solverPool() : nil
        proxies.withUnsafeMutableBufferPointer { proxies in
            withProxyBoxes { bodies, boxes, movedSteps in
                proxyReports.withUnsafeMutableBufferPointer { reports in
                    guard let reports = reports.baseAddress else { return }
                    let update = ProxyUpdate(
                        proxies: proxies, bodies: bodies, boxes: boxes, movedSteps: movedSteps, reports: reports,
                        step: step)
                    SolverPool.run(blocks: blocks, on: pool) { update.execute(block: $0) }
                }
            }
        }
        for block in 0..<blocks {
            if proxyReports[block] != 0 { changed = true }
            if proxyReports[block] & ProxyUpdate.awakeChanged != 0 { full = true }
        }
        guard changed else { return .none }
        var movedCount = 0
        for proxy in proxies where proxy.moved { movedCount += 1 }
        proxies.withUnsafeMutableBufferPointer { proxies in
            bodies.withUnsafeBufferPointer { bodies in
                sortProxies(proxies)
                candidatePairs.removeAll(keepingCapacity: true)
                let n = proxies.count
                if !full {
                    let threads = n >= parallelThreshold ? solverPool()?.participants ?? 1 : 1
                    switch Self.partialSearch(UnsafeBufferPointer(proxies), movedCount: movedCount, threads: threads) {
                    case .grid:
                        if findGridPairs(proxies, bodies) { return }
                        if movedCount * Self.movedQueryFactor <= n {
                            findMovedPairs(proxies, bodies, movedCount: movedCount)
                            return
                        }
                    case .scan:
                        findMovedPairs(proxies, bodies, movedCount: movedCount)
                        return
                    case .sweep: break
                    }
                }
                sweepAll(proxies: UnsafeBufferPointer(proxies), bodies: bodies, full: full)
            }
        }
        for key in candidatePairs {
            if let c = pairs.find(key) {
                contactLinks[Int(c)].lastSeen = stepIndex
            } else {
                createContact(Int32(truncatingIfNeeded: key >> 32), Int32(truncatingIfNeeded: key & 0xFFFF_FFFF))
            }
        }
        return full ? .full : .moved
    }

    /// Sorts the proxies by `minX`, stably: equal boxes keep their order, so the result is the one insertion sort
    /// gives (and the sweep's pairs, and so the contacts' order, do not depend on how the sort is done). Only the
    /// moved boxes can be out of place: they are taken out, sorted by (`minX`, place), and merged back with the others
    /// (equal `minX`: the earlier place first), in time linear in the boxes — where insertion sort shifted each moved
    /// box past every box of equal `minX` (a grid of pyramids has whole columns of them). When the others are not
    /// in order or a box's `minX` is NaN (neither should happen), insertion sort does it.
    func sortProxies(_ proxies: UnsafeMutableBufferPointer<Proxy>) {
        let n = proxies.count
        var previous = -Double.infinity
        var movedCount = 0
        var ordered = true
        for k in 0..<n {
            let key = proxies[k].minX
            if key.isNaN {
                ordered = false
                break
            }
            if proxies[k].moved {
                movedCount += 1
            } else {
                if key < previous {
                    ordered = false
                    break
                }
                previous = key
            }
        }
        guard ordered else {
            for i in 1..<max(1, n) {
                let key = proxies[i]
                var j = i - 1
                while j >= 0 && proxies[j].minX > key.minX {
                    proxies[j + 1] = proxies[j]
                    j -= 1
                }
                proxies[j + 1] = key
            }
            return
        }
        guard movedCount > 0 else { return }
        // The moved boxes out, with their places and sort keys; the others to the front, in order, with their
        // places. Through the buffers: the arrays' checks cost more than the moves.
        if stayingPlaces.count < n { stayingPlaces = [Int32](repeating: 0, count: n) }
        if reinsertedPlaces.count < movedCount { reinsertedPlaces = [Int32](repeating: 0, count: movedCount) }
        if reinsertedProxies.count < movedCount {
            reinsertedProxies = [Proxy](repeating: Proxy(body: 0), count: movedCount)
        }
        if reinsertedKeys.count < movedCount {
            reinsertedKeys = [ReinsertedKey](repeating: ReinsertedKey(minX: 0, index: 0), count: movedCount)
        }
        stayingPlaces.withUnsafeMutableBufferPointer { stayingPlaces in
            reinsertedProxies.withUnsafeMutableBufferPointer { reinserted in
                reinsertedPlaces.withUnsafeMutableBufferPointer { places in
                    reinsertedKeys.withUnsafeMutableBufferPointer { keys in
                        var staying = 0
                        var moved = 0
                        for k in 0..<n {
                            if proxies[k].moved {
                                reinserted[moved] = proxies[k]
                                places[moved] = Int32(truncatingIfNeeded: k)
                                keys[moved] = ReinsertedKey(
                                    minX: proxies[k].minX, index: Int32(truncatingIfNeeded: moved))
                                moved += 1
                            } else {
                                proxies[staying] = proxies[k]
                                stayingPlaces[staying] = Int32(truncatingIfNeeded: k)
                                staying += 1
                            }
                        }
                        // The moved ones by (minX, place): the places grow with the index, so (minX, index) is the
                        // same order, of distinct keys, whatever sort makes it.
                        var sorted = UnsafeMutableBufferPointer(rebasing: keys[0..<moved])
                        sorted.sort(by: ReinsertedKey.precedes)
                        // Merged from the back, the larger (minX, place) last.
                        var i = staying - 1
                        var j = moved - 1
                        var out = n - 1
                        while j >= 0 {
                            let key = sorted[j]
                            let m = Int(key.index)
                            var stayingLast = false
                            if i >= 0 {
                                let other = proxies[i].minX
                                stayingLast = other > key.minX || (other == key.minX && stayingPlaces[i] > places[m])
                            }
                            if stayingLast {
                                proxies[out] = proxies[i]
                                i -= 1
                            } else {
                                proxies[out] = reinserted[m]
                                j -= 1
                            }
                            out -= 1
                        }
                    }
                }
            }
        }
    }

    /// A moved box's sort key in ``sortProxies(_:)``: its left side and its index among the moved boxes (which are
    /// taken out in the order of their places).
    struct ReinsertedKey {
        var minX: Double
        var index: Int32

        /// Whether `a` sorts before `b`: the lesser left side, then the lesser index.
        @inline(__always) static func precedes(_ a: ReinsertedKey, _ b: ReinsertedKey) -> Bool {
            a.minX < b.minX || (a.minX == b.minX && a.index < b.index)
        }
    }

    /// The full sweep (``BroadPhaseSweep``), on the solver's threads when there are enough proxies: marks the
    /// contacts of the pairs it finds as seen and appends the pairs without a contact to `candidatePairs`, in the
    /// order of a single sweep.
    func sweepAll(proxies: UnsafeBufferPointer<Proxy>, bodies: UnsafeBufferPointer<Body>, full: Bool) {
        let blocks = BroadPhaseSweep.blockCount(proxies: proxies.count)
        while sweepNewPairs.count < blocks { sweepNewPairs.append([]) }
        let pool = proxies.count >= parallelThreshold ? solverPool() : nil
        withPairSighting(bodies) { sighting in
            sweepNewPairs.withUnsafeMutableBufferPointer { newPairs in
                let sweep = BroadPhaseSweep(proxies: proxies, sighting: sighting, newPairs: newPairs, full: full)
                SolverPool.run(blocks: blocks, on: pool) { sweep.execute(block: $0) }
            }
        }
        for block in 0..<blocks { candidatePairs.append(contentsOf: sweepNewPairs[block]) }
    }

    /// When the grid cannot be built, a partial sweep with at most one moved box in this many is done by
    /// ``findMovedPairs(_:_:movedCount:)`` instead: 4. Each moved box costs a bisection and the test of its
    /// neighbours; the sweep tests every box's neighbours (in a 100-row pyramid, about a hundred each): callgrind
    /// put the break-even near half the boxes.
    static let movedQueryFactor = 4

    /// How a partial sweep's pairs are found: the three ways find the same pairs in the same order, at costs that
    /// depend on the scene (``partialSearch(_:movedCount:threads:)``).
    enum PartialSearch {
        /// Every box against its neighbours along x (``sweepAll(proxies:bodies:full:)``).
        case sweep
        /// Each moved box against the boxes along x that can reach it (``findMovedPairs(_:_:movedCount:)``).
        case scan
        /// Each moved box against the boxes in the grid cells around it (``findGridPairs(_:_:)``).
        case grid
    }

    /// The cheapest way to find a partial sweep's pairs, from the boxes' count, the moved boxes' count and how many
    /// boxes a moved box's scan along x passes (measured on up to 16 moved boxes: the boxes whose left sides lie
    /// from its left side less its width to its right side). Which way is taken never changes the pairs or their
    /// order, only the time. The costs, in nanoseconds on the machines this was measured on (1,000-box columns,
    /// 1,000 falling boxes, a 100-row pyramid): a box passed by a scan 3.5, by the sweep 1.2 (it passes each box's
    /// right neighbours, half the band, without a branch per test); a box binned in the grid 11, a moved box's grid
    /// query 150. The sweep, the scans and the grid's queries are shared by `threads` threads; the grid is built on
    /// one.
    static func partialSearch(_ proxies: UnsafeBufferPointer<Proxy>, movedCount: Int, threads: Int) -> PartialSearch {
        let n = proxies.count
        guard movedCount > 0, n > 0 else { return .scan }
        // Up to 16 moved boxes, spread over the sorted order.
        let samples = min(16, movedCount)
        var passed = 0
        var sampled = 0
        var next = 0
        for s in 0..<samples {
            var k = max(next, s * n / samples)
            while k < n && !proxies[k].moved { k += 1 }
            if k >= n { break }
            next = k + 1
            let box = proxies[k]
            let last = Self.lowerBound(proxies, box.maxX, above: true)
            passed += last - Self.lowerBound(proxies, box.minX - (box.maxX - box.minX), above: false)
            sampled += 1
        }
        guard sampled > 0 else { return .scan }
        let band = Double(passed) / Double(sampled)
        let moved = Double(movedCount)
        let boxes = Double(n)
        let shared = 1 / Double(max(threads, 1))
        let scan = moved * band * 3.5 * shared
        let sweep = boxes * band * 0.5 * 1.2 * shared
        let grid = boxes * 11 + moved * 150 * shared
        if grid < scan && grid < sweep { return .grid }
        return scan <= sweep ? .scan : .sweep
    }

    /// The first place whose box's left side is above `value` (`above`) or at or above it (else), by bisection of
    /// the sorted boxes; a NaN value or side counts as below.
    private static func lowerBound(_ proxies: UnsafeBufferPointer<Proxy>, _ value: Double, above: Bool) -> Int {
        var low = 0
        var high = proxies.count
        while low < high {
            let middle = (low + high) / 2
            let key = proxies[middle].minX
            if above ? !(key > value) : !(key >= value) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// At most this many wide boxes are tested one by one against each moved box; with more, the moved-box
    /// queries test every box before it: 64.
    static let wideProxyLimit = 64

    /// The pairs of a partial sweep found from the moved boxes alone (``MovedPairQuery``, on the solver's threads):
    /// each moved box is tested against the boxes sorted after it (until they start past its right side) and
    /// against those before it that can reach it. A pair with a contact has it marked seen where it is found
    /// (``PairSighting``, as the sweep does); the new pairs are then put in the order the sweep reports them (by the
    /// first box's place in the sorted order, then the second's) in ``candidatePairs``, so that new contacts are
    /// created in the same order either way.
    func findMovedPairs(
        _ proxies: UnsafeMutableBufferPointer<Proxy>, _ bodies: UnsafeBufferPointer<Body>, movedCount: Int
    ) {
        movedPairQueries += 1
        movedPairs.removeAll(keepingCapacity: true)
        let n = proxies.count
        // A box before m overlaps it only if it reaches past m's left side. Boxes no wider than `narrowWidth` that
        // start further left than that width cannot: the scan of those before m starts past them (found by
        // bisection, as the boxes are sorted by their left sides), and the few wide boxes (a floor, a wall: more
        // than four times the mean width) are tested one by one.
        var totalWidth = 0.0
        for k in 0..<n { totalWidth += proxies[k].maxX - proxies[k].minX }
        let wideWidth = 4 * totalWidth / Double(max(n, 1))
        var narrowWidth = 0.0
        wideProxies.removeAll(keepingCapacity: true)
        for k in 0..<n {
            let width = proxies[k].maxX - proxies[k].minX
            if width > wideWidth {
                wideProxies.append(Int32(truncatingIfNeeded: k))
            } else {
                narrowWidth = max(narrowWidth, width)
            }
        }
        // Without a usable bound (too many wide boxes, or widths that are not finite), every box before m is
        // tested.
        let bounded = narrowWidth.isFinite && wideWidth.isFinite && wideProxies.count <= Self.wideProxyLimit
        // Slack for the rounding of a width (relative 2⁻⁵²): a box that reaches m has its left side at or right of
        // m's left side less its exact width, and so at or right of `minX - reach` as rounded (rounding is
        // monotonic, and that left side is a double), however far from the origin.
        let reach = narrowWidth * 1.001
        // The moved boxes' queries on the solver's threads when there are enough boxes.
        let blocks = MovedPairQuery.blockCount(proxies: n)
        while movedPairBlocks.count < blocks { movedPairBlocks.append([]) }
        let pool = n >= parallelThreshold ? solverPool() : nil
        withPairSighting(bodies) { sighting in
            wideProxies.withUnsafeBufferPointer { wide in
                movedPairBlocks.withUnsafeMutableBufferPointer { blockPairs in
                    let query = MovedPairQuery(
                        proxies: UnsafeBufferPointer(proxies), wideProxies: wide, bounded: bounded,
                        wideWidth: wideWidth, reach: reach, sighting: sighting, pairs: blockPairs)
                    SolverPool.run(blocks: blocks, on: pool) { query.execute(block: $0) }
                }
            }
        }
        for block in 0..<blocks { movedPairs.append(contentsOf: movedPairBlocks[block]) }
        appendMovedPairs(proxies)
    }

    /// The pairs of a partial sweep found through the grid of the proxies (``ProxyGrid``, ``GridPairQuery``, on
    /// the solver's threads): the pairs ``findMovedPairs(_:_:movedCount:)`` finds, in its order. False, with
    /// nothing found, when the grid cannot be built (a box that is not finite, too many wide boxes).
    func findGridPairs(_ proxies: UnsafeMutableBufferPointer<Proxy>, _ bodies: UnsafeBufferPointer<Body>) -> Bool {
        guard proxyGrid.build(UnsafeBufferPointer(proxies)) else { return false }
        movedPairQueries += 1
        gridPairQueries += 1
        movedPairs.removeAll(keepingCapacity: true)
        let n = proxies.count
        let blocks = MovedPairQuery.blockCount(proxies: n)
        while movedPairBlocks.count < blocks { movedPairBlocks.append([]) }
        let pool = n >= parallelThreshold ? solverPool() : nil
        withPairSighting(bodies) { sighting in
            movedPairBlocks.withUnsafeMutableBufferPointer { blockPairs in
                let query = GridPairQuery(
                    proxies: UnsafeBufferPointer(proxies), grid: proxyGrid, sighting: sighting, pairs: blockPairs)
                SolverPool.run(blocks: blocks, on: pool) { query.execute(block: $0) }
            }
        }
        for block in 0..<blocks { movedPairs.append(contentsOf: movedPairBlocks[block]) }
        appendMovedPairs(proxies)
        return true
    }

    /// Calls `body` with the bodies, the proxies' boxes (``proxyBoxes``) and their moved steps
    /// (``proxyMovedSteps``), pinned while it runs (nothing is called without bodies).
    func withProxyBoxes(
        _ body: (UnsafePointer<Body>, UnsafeMutablePointer<BoundingBox>, UnsafeMutablePointer<UInt32>) -> Void
    ) {
        bodies.withUnsafeBufferPointer { bodies in
            proxyBoxes.withUnsafeMutableBufferPointer { boxes in
                proxyMovedSteps.withUnsafeMutableBufferPointer { movedSteps in
                    guard let bodies = bodies.baseAddress, let boxes = boxes.baseAddress,
                        let movedSteps = movedSteps.baseAddress
                    else { return }
                    body(bodies, boxes, movedSteps)
                }
            }
        }
    }

    /// Calls `body` with a ``PairSighting`` of this step over `bodies`, the pair table and the contacts' links,
    /// pinned while it runs (nothing is called without bodies), for the sweep and the moved boxes' queries.
    private func withPairSighting(_ bodies: UnsafeBufferPointer<Body>, _ body: (PairSighting) -> Void) {
        guard let bodyBase = bodies.baseAddress else { return }
        let step = stepIndex
        pairs.withView { view in
            contactLinks.withUnsafeMutableBufferPointer { links in
                body(PairSighting(bodies: bodyBase, pairs: view, links: links, step: step))
            }
        }
    }

    /// Sorts ``movedPairs`` (the new pairs the queries kept, as places in the sorted proxies) into the sweep's
    /// order and appends them to ``candidatePairs``, as body keys.
    private func appendMovedPairs(_ proxies: UnsafeMutableBufferPointer<Proxy>) {
        // Keys are distinct, so the order is the same whatever the sort.
        movedPairs.sort()
        for pair in movedPairs {
            candidatePairs.append(PairTable.key(proxies[Int(pair >> 32)].body, proxies[Int(pair & 0xFFFF_FFFF)].body))
        }
    }

    /// What ``findPairs()`` did.
    enum SweepKind {
        /// Nothing changed: no sweep.
        case none
        /// Every pair was reported (and marked seen).
        case full
        /// Only the pairs with a box that moved were reported.
        case moved
    }

    /// How much a proxy's box is grown beyond its body's own, in points: a tenth of the body's
    /// ``Body/minimumExtent`` (half its smaller side for a box), and at least ``leastFatMargin``. The margin lets a body
    /// move that far before its proxy is updated and its pairs are looked for again; a larger one also pairs it
    /// with more neighbours that it does not touch. Measured (`kinetic simulate`, whole process, alternated): on
    /// Box2D's pyramid of 100 pt boxes, 5 pt rather than 1 takes 7 % off the run with the same trajectory (fewer
    /// proxies leave their boxes while it settles: the pair queries, sorts and colourings are skipped more
    /// often); on the 1,000-box pile of 10–20 pt boxes, 1 pt is as fast as no margin where 4 pt is 14 % slower and
    /// 10 pt 36 % slower (more pairs while it falls). Relative to the body's size, each scene gets its better one.
    @inline(__always) static func fatMargin(minimumExtent: Double) -> Double {
        max(leastFatMargin, fatMarginFraction * minimumExtent)
    }

    /// The least margin of a proxy's box (``fatMargin(minimumExtent:)``), in points: 1.
    static let leastFatMargin = 1.0

    /// The margin of a proxy's box as a fraction of its body's ``Body/minimumExtent`` (``fatMargin(minimumExtent:)``):
    /// 0.1.
    static let fatMarginFraction = 0.1

    /// A proxy box before its body's first step.
    static let emptyProxyBox = BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
}
