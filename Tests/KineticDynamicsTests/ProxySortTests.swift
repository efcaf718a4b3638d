import XCTest

@testable import KineticDynamics

/// The broad phase's sort of its proxies (``PhysicsWorld/sortProxies(_:)``): moved boxes merged back among the others
/// must give exactly the order insertion sort gives — equal `minX` kept in their order — since the sweep's pairs,
/// and so the contacts' order and the trajectories, follow it.
final class ProxySortTests: XCTestCase {
    /// Numbers in [0, 1) from a 64-bit linear congruential generator.
    private struct UnitRandom {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// A world of `count` unit boxes (bodies 1…`count`, for proxies to name).
    private func worldOfBoxes(_ count: Int) throws -> PhysicsWorld {
        let world = PhysicsWorld()
        for _ in 0..<count { try world.addBody(BodyDefinition(shape: .box(width: 1, height: 1), position: .zero)) }
        return world
    }

    /// Insertion sort by `minX`, by swaps (a box moves down past strictly greater ones): the reference order.
    private func insertionSorted(_ proxies: [Proxy]) -> [Proxy] {
        var list = proxies
        for i in 1..<max(1, list.count) {
            var j = i
            while j > 0 && list[j - 1].minX > list[j].minX {
                list.swapAt(j - 1, j)
                j -= 1
            }
        }
        return list
    }

    /// A sorted list of `count` proxies on a coarse grid of `minX` (many ties), then `moved` of them given new
    /// `minX` values, some equal to others'.
    private func scene(count: Int, moved: Int, seed: UInt64) -> [Proxy] {
        var random = seed
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        var proxies = (0..<count).map { k -> Proxy in
            var proxy = Proxy(body: Int32(k + 1))
            proxy.minX = Double(next(count / 4 + 1))
            return proxy
        }
        proxies = insertionSorted(proxies)
        for _ in 0..<moved {
            let k = next(count)
            proxies[k].moved = true
            proxies[k].minX = next(3) == 0 ? proxies[next(count)].minX : Double(next(count / 4 + 1)) + 0.5
        }
        return proxies
    }

    func testMergingMovedBoxesGivesInsertionSortsOrder() {
        let world = PhysicsWorld()
        for (count, moved) in [(1, 1), (2, 1), (50, 1), (50, 10), (50, 50), (500, 7), (500, 200), (2_000, 1_000)] {
            for seed in 1...5 {
                let proxies = scene(count: count, moved: moved, seed: UInt64(seed * 7_919 + count))
                let expected = insertionSorted(proxies).map(\.body)
                var sorted = proxies
                sorted.withUnsafeMutableBufferPointer { world.sortProxies($0) }
                XCTAssertEqual(sorted.map(\.body), expected, "\(count) boxes, \(moved) moved, seed \(seed)")
            }
        }
    }

    func testUnorderedOrNaNBoxesFallBackToInsertionSort() {
        let world = PhysicsWorld()
        // The boxes that did not move out of order (a proxy added at 0 that did not move), and a NaN.
        var proxies = scene(count: 40, moved: 5, seed: 3)
        proxies.swapAt(0, 39)
        proxies[0].moved = false
        proxies[39].moved = false
        var withNaN = scene(count: 40, moved: 5, seed: 4)
        withNaN[10].minX = .nan
        for list in [proxies, withNaN] {
            let expected = insertionSorted(list).map(\.body)
            var sorted = list
            sorted.withUnsafeMutableBufferPointer { world.sortProxies($0) }
            XCTAssertEqual(sorted.map(\.body), expected)
        }
    }

    /// The moved-box queries (``PhysicsWorld/findMovedPairs(_:_:movedCount:)``) find every pair the sweep's tests
    /// find for a moved box, and no other: tiny boxes (10⁻⁷…5·10⁻⁶ pt, a few hundred steps of a double there)
    /// touching end to end or overlapping at x = 10⁸, with a wide floor among them.
    func testMovedBoxQueriesFindEveryPairFarFromTheOrigin() throws {
        let count = 400
        let world = try worldOfBoxes(count)
        var random = UnitRandom(state: 12_345)
        func unit() -> Double { random.next() }
        for round in 0..<20 {
            var x = 1e8
            var proxies = (0..<count).map { k -> Proxy in
                var proxy = Proxy(body: Int32(k + 1))
                let width = 1e-7 + 4.9e-6 * unit()
                proxy.minX = x
                proxy.maxX = x + width
                proxy.minY = 0
                proxy.maxY = 1
                proxy.isAwake = true
                proxy.moved = unit() < 0.2
                // The next box starts where this one ends, or a little before.
                x = unit() < 0.5 ? proxy.maxX : x + width * unit()
                return proxy
            }
            proxies[count / 2].maxX = x + 1
            proxies[count / 2].moved = false
            proxies = proxies.sorted { $0.minX < $1.minX }
            var expected = Set<UInt64>()
            for a in 0..<count {
                for b in (a + 1)..<count where proxies[b].minX <= proxies[a].maxX {
                    if proxies[a].moved || proxies[b].moved {
                        expected.insert(PairTable.key(proxies[a].body, proxies[b].body))
                    }
                }
            }
            world.candidatePairs.removeAll()
            let moved = proxies.filter(\.moved).count
            world.bodies.withUnsafeBufferPointer { bodies in
                proxies.withUnsafeMutableBufferPointer { world.findMovedPairs($0, bodies, movedCount: moved) }
            }
            let found = Set(world.candidatePairs)
            XCTAssertEqual(found.symmetricDifference(expected).count, 0, "round \(round): pairs missed or extra")
            XCTAssertEqual(world.candidatePairs.count, expected.count)
            XCTAssertGreaterThan(expected.count, count / 4)
        }
    }

    /// The grid's queries (``PhysicsWorld/findGridPairs(_:_:)``) find the pairs of the moved-box queries in their
    /// order, and those are every pair the sweep's tests find for a moved box: boxes of many sizes (from a tenth to
    /// five times the usual, some twenty times wider or taller than usual: walls and floors) with shared sides and
    /// corners, near the origin and at 10⁸ pt, a few or most of them moved.
    func testGridQueriesFindTheMovedBoxQueriesPairsInTheirOrder() throws {
        let count = 600
        let world = try worldOfBoxes(count)
        var random = UnitRandom(state: 977)
        func unit() -> Double { random.next() }
        var gridRounds = 0
        for round in 0..<24 {
            let origin = round % 2 == 0 ? 0.0 : 1e8
            let movedShare = [0.02, 0.3, 0.9][round % 3]
            var proxies = (0..<count).map { k -> Proxy in
                var proxy = Proxy(body: Int32(k + 1))
                // On a lattice of 4 pt (shared sides and corners), or anywhere.
                let snap = unit() < 0.5
                let x = snap ? 4 * (unit() * 50).rounded(.down) : 200 * unit()
                let y = snap ? 4 * (unit() * 50).rounded(.down) : 200 * unit()
                var width = snap ? 4 : 0.4 + 19.6 * unit()
                var height = snap ? 4 : 0.4 + 19.6 * unit()
                if k % 97 == 0 { width *= 20 }
                if k % 89 == 0 { height *= 20 }
                proxy.minX = origin + x
                proxy.maxX = origin + x + width
                proxy.minY = y
                proxy.maxY = y + height
                proxy.isAwake = true
                proxy.moved = unit() < movedShare
                return proxy
            }
            proxies.sort { $0.minX < $1.minX }
            var expected = Set<UInt64>()
            for a in 0..<count {
                for b in (a + 1)..<count
                where proxies[b].minX <= proxies[a].maxX && !(proxies[b].minY > proxies[a].maxY)
                    && !(proxies[a].minY > proxies[b].maxY) && (proxies[a].moved || proxies[b].moved)
                {
                    expected.insert(PairTable.key(proxies[a].body, proxies[b].body))
                }
            }
            let moved = proxies.filter(\.moved).count
            world.candidatePairs.removeAll()
            world.bodies.withUnsafeBufferPointer { bodies in
                proxies.withUnsafeMutableBufferPointer { world.findMovedPairs($0, bodies, movedCount: moved) }
            }
            let scanned = world.candidatePairs
            world.candidatePairs.removeAll()
            let built = world.bodies.withUnsafeBufferPointer { bodies in
                proxies.withUnsafeMutableBufferPointer { world.findGridPairs($0, bodies) }
            }
            if built { gridRounds += 1 }
            XCTAssertEqual(Set(scanned).symmetricDifference(expected).count, 0, "round \(round): scan")
            XCTAssertEqual(world.candidatePairs, scanned, "round \(round): grid")
            XCTAssertGreaterThan(expected.count, moved, "round \(round): too few pairs to tell")
        }
        XCTAssertEqual(gridRounds, 24)
        // A box that is not finite: no grid, the scan finds the pairs.
        var proxies = (0..<count).map { k -> Proxy in
            var proxy = Proxy(body: Int32(k + 1))
            proxy.minX = Double(k)
            proxy.maxX = Double(k) + 1
            proxy.maxY = 1
            proxy.isAwake = true
            proxy.moved = true
            return proxy
        }
        proxies[count - 1].maxX = .infinity
        let built = world.bodies.withUnsafeBufferPointer { bodies in
            proxies.withUnsafeMutableBufferPointer { world.findGridPairs($0, bodies) }
        }
        XCTAssertFalse(built)
    }
}
