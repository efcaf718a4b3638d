import XCTest

@testable import KineticDynamics

/// The broad phase's sort of its proxies (``PhysicsWorld/sortProxies(_:)``): moved boxes merged back among the others
/// must give exactly the order insertion sort gives — equal `minX` kept in their order — since the sweep's pairs,
/// and so the contacts' order and the trajectories, follow it.
final class ProxySortTests: XCTestCase {
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
}
