import Foundation
import XCTest

@testable import KineticCore

/// The elementary functions' shortcuts give the very bits of the code they replaced: `nearestWhole` those of
/// `rounded()`, `sineCosine`'s quadrant chosen without a branch those of the switch it had, and the arctangent's series
/// with constant coefficients those of the loop that divided them out.
final class ElementaryFunctionsBitsTests: XCTestCase {
    /// Values of every magnitude around the shortcut's limits, halves and their neighbours, zeros, and the
    /// non-finite ones.
    private func edgeValues() -> [Double] {
        var values: [Double] = [0, -0.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for whole in [0.0, 1, 2, 3, 7, 1e6, 0x1p51, 0x1p52 - 1, 0x1p52, 0x1p53, 0x1p62, 0x1p63, 0x1p64, 1e300] {
            for base in [whole, whole + 0.5, whole - 0.5] {
                for value in [base, base.nextUp, base.nextDown] { values += [value, -value] }
            }
        }
        return values
    }

    func testNearestWholeIsRoundedToTheBit() {
        var generator = SystemRandomNumberGenerator()
        var values = edgeValues()
        for _ in 0..<200_000 {
            let magnitude = Double.random(in: -60...70, using: &generator)
            values.append(Double.random(in: -1...1, using: &generator) * Double.pow2(magnitude))
        }
        for value in values {
            let expected = value.rounded()
            let got = nearestWhole(value)
            XCTAssertTrue(
                got.bitPattern == expected.bitPattern || (got.isNaN && expected.isNaN),
                "nearestWhole(\(value)) = \(got), rounded() = \(expected)")
        }
        // Fails when halves round to even, or when the sign of a zero is lost.
        XCTAssertEqual(nearestWhole(2.5), 3)
        XCTAssertEqual(nearestWhole(-2.5), -3)
        XCTAssertEqual(nearestWhole(-0.3).sign, .minus)
    }

    func testSineCosineQuadrantsAreTheSwitchsToTheBit() {
        var generator = SystemRandomNumberGenerator()
        var values = edgeValues().filter(\.isFinite)
        for k in -12...12 { values.append(Double(k) * Double.pi / 4) }
        for _ in 0..<200_000 {
            let magnitude = Double.random(in: -20...40, using: &generator)
            values.append(Double.random(in: -1...1, using: &generator) * Double.pow2(magnitude))
        }
        for x in values {
            let expected = Self.switchedSineCosine(x)
            let got = sineCosine(x)
            XCTAssertEqual(got.sin.bitPattern, expected.sin.bitPattern, "sin(\(x))")
            XCTAssertEqual(got.cos.bitPattern, expected.cos.bitPattern, "cos(\(x))")
        }
    }

    func testArctangentSeriesIsTheLoopsToTheBit() {
        // The series with its coefficients as constants against the loop that divided ±1 by n at run time, over the
        // reduced arguments it takes (|x| ≤ 2 − √3).
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, 0.267_949_192_431_122_7, .leastNonzeroMagnitude]
        for _ in 0..<200_000 { values.append(Double.random(in: -0.268...0.268, using: &generator)) }
        for _ in 0..<20_000 { values.append(Double.random(in: 0...1e-3, using: &generator)) }
        for x in values {
            let squared = x * x
            XCTAssertEqual(
                arctangentQuotient(squared).bitPattern, Self.loopedArctangentQuotient(squared).bitPattern, "atan(\(x))")
        }
    }

    /// The series as `arctangentUnit` summed it before: in a loop, each coefficient divided out as it went.
    private static func loopedArctangentQuotient(_ squared: Double) -> Double {
        var sum = 0.0
        var n = 25.0
        while n >= 1 {
            sum = sum * squared + ((Int(n) / 2) % 2 == 0 ? 1 : -1) / n
            n -= 2
        }
        return sum
    }

    /// `sineCosine`'s quadrant as it was chosen before: `rounded()` and a switch on k mod 4, on the same reduced
    /// sine and cosine.
    private static func switchedSineCosine(_ x: Double) -> (sin: Double, cos: Double) {
        let k = (x * 0.636_619_772_367_581_4).rounded()
        let (sinR, cosR) = reducedSineCosine(x, halfPiMultiple: k)
        switch Int(k.truncatingRemainder(dividingBy: 4)) & 3 {
        case 0: return (sinR, cosR)
        case 1: return (cosR, -sinR)
        case 2: return (-sinR, -cosR)
        default: return (-cosR, sinR)
        }
    }
}

extension Double {
    /// 2 to a real power, for spreading test values over magnitudes.
    fileprivate static func pow2(_ exponent: Double) -> Double { exp2(exponent) }
}
