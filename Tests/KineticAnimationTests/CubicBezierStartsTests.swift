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

    func testEachNamedCurveStartsCloseToItsOwnSolution() throws {
        // Each curve's table is its own (a table swapped between curves, or a wrong interpolation, starts far off):
        // within 10⁻⁵ of the solution in the middle of each curve, where x'(t) is not small, so that one or two
        // Newton steps reach the tolerance.
        for curve in [CubicBezier.ease, .easeIn, .easeOut, .easeInOut] {
            let starts = try XCTUnwrap(CubicBezierStarts.named(curve))
            for i in 50...950 {
                let x = Double(i) / 1000
                XCTAssertEqual(
                    starts.start(forX: x), curve.parameter(forX: x, from: x), accuracy: 1e-5, "\(curve) at x = \(x)")
            }
        }
        // A curve that is not named has no table (it solves from t = x).
        XCTAssertNil(CubicBezierStarts.named(try CubicBezier(0.3, 0.1, 0.3, 1)))
    }

    func testEachCurveKnowsItsTableWhenMade() throws {
        // Found by the control points when a curve is made, however it is made.
        for (index, curve) in CubicBezierStarts.namedCurves.enumerated() {
            XCTAssertEqual(Int(curve.namedIndex), index, "\(curve)")
            let remade = try CubicBezier(curve.x1, curve.y1, curve.x2, curve.y2)
            XCTAssertEqual(Int(remade.namedIndex), index, "\(curve)")
            XCTAssertEqual(CubicBezierStarts.named(remade)?.index, index)
        }
        XCTAssertEqual(try CubicBezier(0.25, 0.1, 0.25, 0.999).namedIndex, -1)
        guard case .cubicBezier(let parsed) = try TimingFunction(parsing: "cubic-bezier(0.42, 0, 0.58, 1)") else {
            return XCTFail("a cubic-bezier timing function")
        }
        XCTAssertEqual(parsed.namedIndex, 3, "ease-in-out written out")
    }
}
