import XCTest

@testable import KineticDynamics

/// The narrow phase's flag scans, which read eight flags to a 64-bit word, against flag-by-flag loops: every length
/// from 0 to 40 (words and tails), every start, flags with each bit pattern.
final class NarrowFlagScanTests: XCTestCase {
    /// Flags from a fixed linear congruential sequence; about one in `sparsity` has an effect bit set.
    private func flags(count: Int, seed: UInt64, sparsity: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var flag = UInt8(truncatingIfNeeded: state >> 56) & ~NarrowPhase.effects
            if (state >> 20) % sparsity == 0 { flag |= UInt8(truncatingIfNeeded: 1 << ((state >> 30) % 3)) }
            return flag
        }
    }

    func testRecycledCountMatchesAFlagByFlagCount() {
        for count in 0...40 {
            for seed: UInt64 in [1, 2, 3] {
                let values = flags(count: count, seed: seed, sparsity: 3)
                let expected = values.filter { $0 & NarrowPhase.recycled != 0 }.count
                values.withUnsafeBufferPointer { buffer in
                    XCTAssertEqual(NarrowPhase.recycledCount(buffer), expected, "count \(count), seed \(seed)")
                }
            }
        }
        let all = [UInt8](repeating: 0xFF, count: 37)
        all.withUnsafeBufferPointer { XCTAssertEqual(NarrowPhase.recycledCount($0), 37) }
    }

    func testFirstWithEffectsMatchesAFlagByFlagSearch() {
        for count in 0...40 {
            for sparsity: UInt64 in [1, 4, 50] {
                let values = flags(count: count, seed: sparsity, sparsity: sparsity)
                for start in 0...count + 1 {
                    let expected =
                        start >= count
                        ? count : (start..<count).first { values[$0] & NarrowPhase.effects != 0 } ?? count
                    values.withUnsafeBufferPointer { buffer in
                        XCTAssertEqual(
                            NarrowPhase.firstWithEffects(buffer, from: start), expected,
                            "count \(count), sparsity \(sparsity), start \(start)")
                    }
                }
            }
        }
    }

    /// Each effect bit on its own is found, at every place of a word and of the tail.
    func testEveryEffectBitIsFound() {
        for effect in [NarrowPhase.touchingChanged, NarrowPhase.wakesA, NarrowPhase.wakesB] {
            for place in 0..<21 {
                var values = [UInt8](repeating: NarrowPhase.recycled | NarrowPhase.selected, count: 21)
                values[place] |= effect
                values.withUnsafeBufferPointer { buffer in
                    XCTAssertEqual(NarrowPhase.firstWithEffects(buffer, from: 0), place)
                    XCTAssertEqual(NarrowPhase.firstWithEffects(buffer, from: place + 1), 21)
                }
            }
        }
    }
}
