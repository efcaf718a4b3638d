import XCTest

@testable import KineticAnimation

/// The named curves solve from their tables of starting points to the same tolerance as from t = x.
final class CubicBezierStartsTests: XCTestCase {
    func testNamedCurvesSolveFromTheirTablesToTheTolerance() {
        for curve in [CubicBezier.ease, .easeIn, .easeOut, .easeInOut] {
            XCTAssertNotNil(CubicBezierStarts.named(curve), "\(curve)")
            var previous = 0.0
            var xs = (1..<20_000).map { Double($0) / 20_000 }
            xs += [1e-12, 1e-9, 1e-6, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12]
            for x in xs.sorted() {
                let t = curve.parameter(forX: x)
                XCTAssertTrue((0...1).contains(t), "\(curve) at x = \(x): t = \(t)")
                XCTAssertLessThanOrEqual(
                    abs(curve.x(atParameter: t) - x), CubicBezier.xTolerance, "\(curve) at x = \(x): t = \(t)")
                // Within the tolerance of the solve from t = x (x'(t) ≥ 10⁻³ away from the ends of these curves).
                XCTAssertEqual(t, curve.parameter(forX: x, from: x), accuracy: 1e-8, "\(curve) at x = \(x)")
                XCTAssertGreaterThanOrEqual(t, previous - 1e-9, "\(curve) at x = \(x)")
                previous = t
            }
        }
    }

    func testTheTableStartIsCloseEnoughForOneNewtonStep() throws {
        // Within 10⁻⁵ of the solution in the middle of `ease` (where x'(t) is about 1): one Newton step then
        // lands within about 10⁻¹⁰, and a second within the tolerance.
        let curve = CubicBezier.ease
        let starts = try XCTUnwrap(CubicBezierStarts.named(curve))
        for i in 1..<1000 {
            let x = Double(i) / 1000
            XCTAssertEqual(starts.start(forX: x), curve.parameter(forX: x, from: x), accuracy: 1e-5, "x = \(x)")
        }
        // A curve that is not named has no table (it solves from t = x).
        XCTAssertNil(CubicBezierStarts.named(try CubicBezier(0.3, 0.1, 0.3, 1)))
    }
}
