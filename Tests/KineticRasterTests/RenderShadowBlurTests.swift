import Foundation
import XCTest

@testable import KineticRaster

/// The shadow blur against the Gaussian it approximates.
final class RenderShadowBlurTests: XCTestCase {
    /// Blurs a one-pixel line of full alpha along x and returns the profile (as fractions of the line's mass).
    private func profile(sigma: Double, width: Int = 121) -> [Double] {
        var plane = [UInt8](repeating: 0, count: width)
        plane[width / 2] = 255
        let blurred = ShadowBlur.blur(alpha: plane, width: width, height: 1, sigmaX: sigma, sigmaY: 0)
        return blurred.map { Double($0) / 255 }
    }

    /// A step edge at x = 500 blurred along x: the result should be Φ((x − 500) / σ) near the edge.
    private func edge(sigma: Double) -> [Double] {
        let width = 1001
        let plane = (0..<width).map { $0 >= 500 ? UInt8(255) : 0 }
        let blurred = ShadowBlur.blur(alpha: plane, width: width, height: 1, sigmaX: sigma, sigmaY: 0)
        return blurred.map { Double($0) / 255 }
    }

    private func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

    /// Kovesi's widths: odd, two sizes 2 apart, variance (Σ w² − 3) / 12 closest to σ².
    func testBoxWidthsMatchTheVariance() {
        for sigma in [6.0, 7.3, 8, 10, 15, 24, 40] {
            let widths = ShadowBlur.boxWidths(sigma: sigma)
            XCTAssertEqual(widths.count, 3)
            XCTAssertTrue(widths.allSatisfy { $0 % 2 == 1 }, "\(widths)")
            XCTAssertLessThanOrEqual((widths.max() ?? 0) - (widths.min() ?? 0), 2)
            let variance = Double(widths.reduce(0) { $0 + $1 * $1 } - 3) / 12
            XCTAssertEqual(variance.squareRoot(), sigma, accuracy: 0.03 * sigma, "σ = \(sigma): \(widths)")
        }
        XCTAssertEqual(ShadowBlur.boxWidths(sigma: 8), [15, 15, 17])
    }

    /// Blurred edges stay within 1.5 % of the Gaussian's (σ from 1 to 40 pixels, both methods); at σ = 0.5 the
    /// sampled kernel is coarse (5 %).
    func testEdgesMatchTheGaussian() {
        for sigma in [0.5, 1, 1.9, 3, 5.5, 6, 8, 10, 20, 40] {
            let blurred = edge(sigma: sigma)
            var worst = 0.0
            let reach = Int(5 * sigma) + 1
            for x in (500 - reach)...(500 + reach) {
                // Pixel x covers [x, x + 1): its centre is x + 0.5 − 500 from the edge.
                let expected = normalCDF((Double(x) + 0.5 - 500) / sigma)
                worst = max(worst, abs(blurred[x] - expected))
            }
            XCTAssertLessThan(worst, sigma < 1 ? 0.06 : 0.015, "σ = \(sigma)")
        }
    }

    /// The blur keeps the mass and spreads it with a standard deviation close to σ (within 5 %: the 8-bit output
    /// of a single bright pixel loses its faint tails to rounding; `testBoxWidthsMatchTheVariance` checks the exact
    /// figure).
    func testImpulseMassAndSpread() {
        for sigma in [1.0, 2.5, 4, 8, 11] {
            let values = profile(sigma: sigma)
            let mass = values.reduce(0, +)
            XCTAssertEqual(mass, 1, accuracy: 0.03, "σ = \(sigma)")
            let centre = Double(values.count / 2)
            let variance = values.enumerated().reduce(0) { $0 + $1.element * pow(Double($1.offset) - centre, 2) } / mass
            XCTAssertEqual(variance.squareRoot(), sigma, accuracy: 0.05 * sigma, "σ = \(sigma)")
            // Symmetric about the impulse, to within rounding.
            for k in 1..<20 { XCTAssertEqual(values[60 - k], values[60 + k], accuracy: 1.5 / 255) }
        }
    }

    func testSpreadStaysWithinTheExtent() {
        for sigma in [0.7, 2, 6.5, 15, 19] {
            let values = profile(sigma: sigma)
            let extent = ShadowBlur.extent(sigma: sigma)
            for (x, value) in values.enumerated() where abs(x - 60) > extent {
                XCTAssertEqual(value, 0, "σ = \(sigma), x = \(x), extent \(extent)")
            }
        }
    }

    func testTinyOrInvalidSigmaLeavesThePlaneAlone() {
        let plane: [UInt8] = [0, 10, 200, 255, 3, 0]
        XCTAssertEqual(ShadowBlur.blur(alpha: plane, width: 6, height: 1, sigmaX: 0.01, sigmaY: .nan), plane)
        XCTAssertEqual(ShadowBlur.extent(sigma: 0), 0)
    }

    /// Separable: blurring x then y of a square equals the product of the two edge profiles.
    func testTwoAxesAreIndependent() {
        let size = 61
        var plane = [UInt8](repeating: 0, count: size * size)
        for y in 20..<41 { for x in 20..<41 { plane[y * size + x] = 255 } }
        let blurred = ShadowBlur.blur(alpha: plane, width: size, height: size, sigmaX: 3, sigmaY: 1)
        // Far from the corners, each axis acts alone: the middle row has the x profile, the middle column the y's.
        let row = (0..<size).map { Double(blurred[30 * size + $0]) / 255 }
        let column = (0..<size).map { Double(blurred[$0 * size + 30]) / 255 }
        XCTAssertEqual(row[20], normalCDF(0.5 / 3), accuracy: 0.02)
        XCTAssertEqual(column[20], normalCDF(0.5 / 1), accuracy: 0.02)
        XCTAssertEqual(row[17], normalCDF(-2.5 / 3), accuracy: 0.02)
        XCTAssertEqual(column[17], 0, accuracy: 0.01)
    }

    /// The blur down the columns is the blur along the rows of the transposed plane, bit for bit: random planes of
    /// odd sizes, a plane shorter than the box radius, and σ on both sides of the switch to box passes.
    func testColumnsBlurAsRowsOfTheTransposedPlane() {
        var generator = SplitMix(seed: 26)
        for (width, height, sigma) in [
            (37, 53, 6.0), (64, 48, 9.5), (29, 7, 24), (5, 90, 13), (1, 40, 8), (40, 1, 8), (33, 21, 2.5),
        ] {
            let plane = (0..<(width * height)).map { _ in UInt8(truncatingIfNeeded: generator.next() >> 56) }
            var transposed = [UInt8](repeating: 0, count: plane.count)
            for y in 0..<height { for x in 0..<width { transposed[x * height + y] = plane[y * width + x] } }
            let down = ShadowBlur.blur(alpha: plane, width: width, height: height, sigmaX: 0, sigmaY: sigma)
            let along = ShadowBlur.blur(alpha: transposed, width: height, height: width, sigmaX: sigma, sigmaY: 0)
            var back = [UInt8](repeating: 0, count: plane.count)
            for y in 0..<height { for x in 0..<width { back[y * width + x] = along[x * height + y] } }
            XCTAssertEqual(down, back, "\(width) × \(height), σ = \(sigma)")
            if sigma >= ShadowBlur.boxSigma {
                // And each column as the plain sum over its window, with the blur's rounding (the reference above
                // runs through the same code for rows as the blur for the other axis).
                XCTAssertEqual(
                    down, naiveBoxColumns(plane, width: width, height: height, sigma: sigma),
                    "\(width) × \(height), σ = \(sigma): against the window sums")
            }
            XCTAssertNotEqual(down, plane, "\(width) × \(height), σ = \(sigma): blurred")
        }
    }

    /// Rows blurred four at a time are the rows blurred one by one, bit for bit (a plane of 9 rows: two groups of
    /// four and one row alone; rows shorter and longer than the boxes).
    func testRowsBlurTogetherAsAlone() {
        var generator = SplitMix(seed: 4)
        for (width, sigma) in [(3, 12.0), (45, 7), (160, 20)] {
            let height = 9
            let plane = (0..<(width * height)).map { _ in UInt8(truncatingIfNeeded: generator.next() >> 56) }
            let together = ShadowBlur.blur(alpha: plane, width: width, height: height, sigmaX: sigma, sigmaY: 0)
            for y in 0..<height {
                let row = Array(plane[(y * width)..<((y + 1) * width)])
                let alone = ShadowBlur.blur(alpha: row, width: width, height: 1, sigmaX: sigma, sigmaY: 0)
                XCTAssertEqual(Array(together[(y * width)..<((y + 1) * width)]), alone, "width \(width), row \(y)")
            }
        }
    }

    /// The box passes down the columns written the plain way: every output the sum of the samples in its window
    /// (zeros outside), times the reciprocal of the box's size in 32.32 fixed point, rounded — the blur's arithmetic
    /// without its running sums.
    private func naiveBoxColumns(_ alpha: [UInt8], width: Int, height: Int, sigma: Double) -> [UInt8] {
        var plane = alpha.map { Int64($0) << 8 }
        for size in ShadowBlur.boxWidths(sigma: sigma) {
            let radius = size / 2
            let reciprocal = (Int64(1) << 32) / Int64(2 * radius + 1)
            var next = plane
            for x in 0..<width {
                for y in 0..<height {
                    var sum: Int64 = 0
                    for j in max(0, y - radius)...min(height - 1, y + radius) { sum += plane[j * width + x] }
                    next[y * width + x] = (sum * reciprocal + (1 << 31)) >> 32
                }
            }
            plane = next
        }
        return plane.map { UInt8(clamping: ($0 + 128) >> 8) }
    }

    /// SplitMix64: a small deterministic generator for test data.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }
}
