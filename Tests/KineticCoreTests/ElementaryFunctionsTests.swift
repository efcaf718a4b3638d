import Foundation
import KineticCore
import XCTest

/// KineticCore's own sin/cos/atan2/exp/log/pow (standard library only) against Foundation's libm.
final class ElementaryFunctionsTests: XCTestCase {
    func testSineCosineMatchLibm() {
        var x = -50.0
        while x <= 50 {
            let (s, c) = sineCosine(x)
            XCTAssertEqual(s, sin(x), accuracy: 4e-16 * max(1, abs(x)), "sin(\(x))")
            XCTAssertEqual(c, cos(x), accuracy: 4e-16 * max(1, abs(x)), "cos(\(x))")
            x += 0.0137
        }
        XCTAssertEqual(sineCosine(0).sin, 0)
        XCTAssertEqual(sineCosine(0).cos, 1)
        XCTAssertTrue(sineCosine(.nan).sin.isNaN)
    }

    func testArctangentMatchesLibm() {
        for y in stride(from: -3.0, through: 3.0, by: 0.173) {
            for x in stride(from: -3.0, through: 3.0, by: 0.191) {
                XCTAssertEqual(atan2Approx(y, x), atan2(y, x), accuracy: 1e-15, "atan2(\(y), \(x))")
            }
        }
        XCTAssertEqual(atan2Approx(1, 0), Double.pi / 2, accuracy: 1e-16)
        XCTAssertEqual(atan2Approx(0, -1), Double.pi, accuracy: 1e-16)
    }

    func testExponentialLogarithmPowerMatchLibm() {
        for x in stride(from: -700.0, through: 700.0, by: 3.37) {
            XCTAssertEqual(exponential(x), exp(x), accuracy: exp(x) * 1e-14, "exp(\(x))")
        }
        for x in [1e-300, 1e-10, 0.001, 0.5, 1, 1.5, 2, 10, 12345.678, 1e300] {
            XCTAssertEqual(logarithm(x), log(x), accuracy: 1e-14 * max(1, abs(log(x))), "log(\(x))")
        }
        XCTAssertEqual(power(2, 10), 1024, accuracy: 1e-11)
        XCTAssertEqual(power(0.5, 2.4), pow(0.5, 2.4), accuracy: 1e-15)
        XCTAssertEqual(power(0, 2), 0)
        XCTAssertTrue(logarithm(-1).isNaN)
    }

    /// Close to 0 (where e^x − 1 computed as a difference would keep no digits), across the reduced range's edge
    /// and far out.
    func testExponentialMinusOneMatchesLibm() {
        var xs: [Double] = [0, -0.0, 1e-300, -1e-300, 1e-17, 1e-9, -1e-9, 0.3465, 0.3466, -0.3465, -0.3466, 1, -1]
        xs += stride(from: -40.0, through: 40.0, by: 0.731).map { $0 }
        xs += [-37.9, -38.1, -745, -800, 700]
        for x in xs {
            let reference = expm1(x)
            XCTAssertEqual(
                exponentialMinusOne(x), reference, accuracy: abs(reference) * 4e-16, "expm1(\(x))")
        }
        XCTAssertTrue(exponentialMinusOne(.nan).isNaN)
        XCTAssertEqual(exponentialMinusOne(-.infinity), -1)
        XCTAssertEqual(exponentialMinusOne(.infinity), .infinity)
        // Whole-range exponential, a few ulps from libm's (an ulp of a subnormal is 2^−1074).
        for x in stride(from: -745.0, through: 709.0, by: 0.0917) {
            let reference = exp(x)
            let tolerance = max(reference * 4e-16, 2 * Double.leastNonzeroMagnitude)
            XCTAssertEqual(exponential(x), reference, accuracy: tolerance, "exp(\(x))")
        }
    }
}
