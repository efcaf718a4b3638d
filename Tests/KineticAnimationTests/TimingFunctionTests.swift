import KineticAnimation
import KineticCore
import XCTest

final class TimingFunctionTests: XCTestCase {
    // MARK: - Cubic Bézier

    /// x(t) and y(t) straight from the Bernstein form, independent of the solver's power-basis coefficients.
    private func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }

    private func assertSolved(_ curve: CubicBezier, file: StaticString = #filePath, line: UInt = #line) {
        var worst = 0.0
        for i in 0...1000 {
            let x = Double(i) / 1000
            let t = curve.parameter(forX: x)
            XCTAssertTrue((0...1).contains(t), "\(curve) t = \(t) at x = \(x)", file: file, line: line)
            worst = max(worst, abs(bernstein(curve.x1, curve.x2, t) - x))
            let scale = max(1, abs(curve.y1), abs(curve.y2))
            XCTAssertEqual(
                curve.value(at: x), bernstein(curve.y1, curve.y2, t), accuracy: 1e-12 * scale, file: file, line: line)
        }
        XCTAssertLessThanOrEqual(worst, 1e-7, "\(curve): worst |x(t) − x| = \(worst)", file: file, line: line)
    }

    func testSolvesRandomCurvesTo1e7InX() throws {
        var random = SeededRandom(seed: 0x5EED)
        for _ in 0..<300 {
            let curve = try CubicBezier(random.unit(), random.unit() * 6 - 3, random.unit(), random.unit() * 6 - 3)
            assertSolved(curve)
        }
    }

    func testSolvesPathologicalCurves() throws {
        let cases: [(Double, Double, Double, Double)] = [
            (0, 1, 1, 0),  // dx/dt = 0 at both ends
            (1, 0, 0, 1),  // dx/dt = 0 at t = 0.5: x(t) has an inflection with zero slope there
            (0.5, -2, 0.5, 3),  // y far outside 0…1
            (0, 0, 0, 0),  // x = t³
            (1, 1, 1, 1),  // x = 1 − (1 − t)³
            (1, 0, 1, 0),  // flat start in y, steep end
            (0, 0, 1, 1),  // linear
            (0.999_999, 1e6, 0.000_001, -1e6),  // extreme y
        ]
        for (x1, y1, x2, y2) in cases {
            assertSolved(try CubicBezier(x1, y1, x2, y2))
        }
        // (1, 0, 0, 1) is symmetric about (0.5, 0.5), where its slope in x is zero.
        let flat = try CubicBezier(1, 0, 0, 1)
        XCTAssertEqual(flat.parameter(forX: 0.5), 0.5, accuracy: 1e-4)
        XCTAssertEqual(flat.value(at: 0.5), 0.5, accuracy: 1e-4)
    }

    func testSolvedParameterIsMonotonicInX() throws {
        var random = SeededRandom(seed: 42)
        for _ in 0..<100 {
            let curve = try CubicBezier(random.unit(), random.unit(), random.unit(), random.unit())
            var previousT = 0.0
            var previousY = 0.0
            for i in 0...2000 {
                let x = Double(i) / 2000
                let t = curve.parameter(forX: x)
                XCTAssertGreaterThanOrEqual(t, previousT - 1e-9, "\(curve) at x = \(x)")
                // With y1, y2 in 0…1, y(t) is non-decreasing too.
                let y = curve.value(at: x)
                XCTAssertGreaterThanOrEqual(y, previousY - 1e-9, "\(curve) at x = \(x)")
                previousT = t
                previousY = y
            }
        }
    }

    func testYMayLeaveTheUnitInterval() throws {
        let curve = try TimingFunction.cubicBezier(0.5, -2, 0.5, 3)
        let values = (0...100).map { curve.value(at: Double($0) / 100) }
        XCTAssertLessThan(values.min() ?? 0, -0.3)
        XCTAssertGreaterThan(values.max() ?? 0, 1.3)
        XCTAssertEqual(values.first, 0)
        XCTAssertEqual(values.last, 1)
        // Back ease (0.68, -0.55, 0.265, 1.55) dips below 0: at t = 0.2, x = 0.3… and y < 0.
        let back = try CubicBezier(0.68, -0.55, 0.265, 1.55)
        let x = bernstein(0.68, 0.265, 0.2)
        XCTAssertEqual(back.value(at: x), bernstein(-0.55, 1.55, 0.2), accuracy: 1e-12)
        XCTAssertLessThan(back.value(at: x), 0)
    }

    func testNamedCurvesHaveTheirControlPoints() {
        XCTAssertEqual(TimingFunction.default, .cubicBezier(.ease))
        XCTAssertEqual(
            [CubicBezier.ease.x1, CubicBezier.ease.y1, CubicBezier.ease.x2, CubicBezier.ease.y2],
            [0.25, 0.1, 0.25, 1])
        XCTAssertEqual(TimingFunction.easeIn, try TimingFunction.cubicBezier(0.42, 0, 1, 1))
        XCTAssertEqual(TimingFunction.easeOut, try TimingFunction.cubicBezier(0, 0, 0.58, 1))
        XCTAssertEqual(TimingFunction.easeInEaseOut, try TimingFunction.cubicBezier(0.42, 0, 0.58, 1))
        // ease-in-out is symmetric: exactly one half at one half.
        XCTAssertEqual(TimingFunction.easeInEaseOut.value(at: 0.5), 0.5, accuracy: 1e-12)
    }

    func testBezierExtrapolatesAlongEndTangentsAndIsExactAtTheEnds() throws {
        // ease: before 0 the line through (0,0) and (0.25, 0.1) (slope 0.4); after 1 the line through (0.25, 1)
        // and (1, 1) (flat).
        XCTAssertEqual(TimingFunction.ease.value(at: -0.5), -0.2, accuracy: 1e-15)
        XCTAssertEqual(TimingFunction.ease.value(at: 1.5), 1)
        // ease-in: flat before 0; x2 = 1, so after 1 the line through P1 (0.42, 0) and (1, 1).
        XCTAssertEqual(TimingFunction.easeIn.value(at: -1), 0)
        XCTAssertEqual(TimingFunction.easeIn.value(at: 1.5), 1 + 0.5 / 0.58, accuracy: 1e-12)
        XCTAssertEqual(TimingFunction.easeOut.value(at: 0), 0)
        XCTAssertEqual(TimingFunction.easeOut.value(at: 1), 1)
        XCTAssertTrue(TimingFunction.ease.value(at: .nan).isNaN)
        XCTAssertEqual(TimingFunction.linear.value(at: 0.375), 0.375)
    }

    // MARK: - Steps

    func testStepsFollowCSSEasingLevel1() throws {
        let cases: [(TimingFunction, [(Double, Double)])] = [
            (try .steps(4), [(0, 0), (0.24, 0), (0.25, 0.25), (0.5, 0.5), (0.99, 0.75), (1, 1)]),
            (try .steps(4, .jumpStart), [(0, 0.25), (0.24, 0.25), (0.25, 0.5), (0.99, 1), (1, 1)]),
            (try .steps(4, .jumpNone), [(0, 0), (0.24, 0), (0.25, 1.0 / 3), (0.5, 2.0 / 3), (0.75, 1), (1, 1)]),
            (try .steps(4, .jumpBoth), [(0, 0.2), (0.25, 0.4), (0.5, 0.6), (0.99, 0.8), (1, 1)]),
            (.stepStart, [(0, 1), (0.5, 1), (1, 1)]),
            (.stepEnd, [(0, 0), (0.5, 0), (0.999, 0), (1, 1)]),
        ]
        for (function, samples) in cases {
            for (input, expected) in samples {
                XCTAssertEqual(function.value(at: input), expected, accuracy: 1e-15, "\(function) at \(input)")
            }
        }
    }

    func testStepsBeforeFlagTakesTheLowerStepAtBoundaries() throws {
        let jumpStart = try TimingFunction.steps(4, .jumpStart)
        XCTAssertEqual(jumpStart.value(at: 0, beforeFlag: true), 0)
        XCTAssertEqual(jumpStart.value(at: 0, beforeFlag: false), 0.25)
        XCTAssertEqual(jumpStart.value(at: 0.5, beforeFlag: true), 0.5)
        XCTAssertEqual(jumpStart.value(at: 0.6, beforeFlag: true), 0.75, "no effect between boundaries")
        let jumpEnd = try TimingFunction.steps(4)
        XCTAssertEqual(jumpEnd.value(at: 1, beforeFlag: true), 0.75)
        XCTAssertEqual(jumpEnd.value(at: 0, beforeFlag: true), 0, "never below the first step inside 0…1")
        XCTAssertEqual(TimingFunction.ease.value(at: 0.3, beforeFlag: true), TimingFunction.ease.value(at: 0.3))
    }

    func testStepsOutsideTheUnitInterval() throws {
        // CSS clamps only inside 0…1: an overshooting input (from an outer curve) reaches the steps beyond.
        XCTAssertEqual(try TimingFunction.steps(4).value(at: -0.1), -0.25)
        XCTAssertEqual(try TimingFunction.steps(4, .jumpStart).value(at: 1.1), 1.25)
        XCTAssertTrue(try TimingFunction.steps(4).value(at: .nan).isNaN)
        // A case built directly with too few steps evaluates as the minimum instead of trapping.
        XCTAssertEqual(TimingFunction.steps(count: 0, position: .jumpEnd).value(at: 0.5), 0)
        XCTAssertEqual(TimingFunction.steps(count: 1, position: .jumpNone).value(at: 0.75), 1)
        XCTAssertEqual(TimingFunction.steps(count: .max, position: .jumpBoth).value(at: 1), 1)
    }

    // MARK: - Parsing and printing

    func testParsesAndPrintsEveryForm() throws {
        let cases: [(spec: String, css: String)] = [
            ("linear", "linear"),
            ("ease", "ease"),
            ("ease-in", "ease-in"),
            ("ease-out", "ease-out"),
            ("ease-in-out", "ease-in-out"),
            ("default", "ease"),
            ("easeIn", "ease-in"),
            ("easeOut", "ease-out"),
            ("easeInEaseOut", "ease-in-out"),
            ("cubic-bezier(0.25, 0.1, 0.25, 1)", "ease"),
            ("cubic-bezier(0.68,-0.55,0.265,1.55)", "cubic-bezier(0.68, -0.55, 0.265, 1.55)"),
            ("  cubic-bezier ( .1 ,\t2e-1 , +0.3,\n-4E+0 )  ", "cubic-bezier(0.1, 0.2, 0.3, -4)"),
            ("cubic-bezier(0, 1e-5, 1, 1.)", "cubic-bezier(0, 1e-05, 1, 1)"),
            ("steps(4)", "steps(4)"),
            ("steps(4, jump-end)", "steps(4)"),
            ("steps(4, end)", "steps(4)"),
            ("steps(4, start)", "steps(4, jump-start)"),
            ("steps( 4 ,jump-start )", "steps(4, jump-start)"),
            ("steps(2, jump-none)", "steps(2, jump-none)"),
            ("steps(3, jump-both)", "steps(3, jump-both)"),
            ("step-start", "steps(1, jump-start)"),
            ("step-end", "steps(1)"),
            ("STEPS(4, JUMP-BOTH)", "steps(4, jump-both)"),
            ("Ease-In-Out", "ease-in-out"),
        ]
        for (spec, css) in cases {
            let function = try TimingFunction(parsing: spec)
            XCTAssertEqual(function.cssText, css, spec)
            XCTAssertEqual("\(function)", css)
            XCTAssertEqual(try TimingFunction(parsing: function.cssText), function, "round trip of \(spec)")
        }
        XCTAssertEqual(try TimingFunction(parsing: "steps(4, start)"), try .steps(4, .jumpStart))
        XCTAssertEqual(try TimingFunction(parsing: "step-start"), .stepStart)
        XCTAssertEqual(
            try TimingFunction(parsing: "cubic-bezier(0.1, 0.2, 0.3, 0.4)"),
            .cubicBezier(try CubicBezier(0.1, 0.2, 0.3, 0.4)))
    }

    func testRoundTripsRandomCurvesExactly() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let function = try TimingFunction.cubicBezier(
                random.unit(), random.unit() * 4 - 2, random.unit(), -random.unit())
            XCTAssertEqual(try TimingFunction(parsing: function.cssText), function, function.cssText)
        }
        for position in StepPosition.allCases {
            for count in [2, 7, 1000] {
                let function = try TimingFunction.steps(count, position)
                XCTAssertEqual(try TimingFunction(parsing: function.cssText), function)
            }
        }
    }

    func testInvalidSpecsThrowAndNameTheBadPart() {
        let cases: [(spec: String, mentions: [String])] = [
            ("cubic-bezier(1.5, 0, 0.5, 1)", ["x1 = 1.5 is outside 0…1", "must be in [0, 1]"]),
            ("cubic-bezier(0, 0, -0.1, 1)", ["x2 = -0.1 is outside 0…1"]),
            ("cubic-bezier(0, nan, 1, 1)", ["y1 'nan' is not a number", "0.25"]),
            ("cubic-bezier(0, 0, inf, 1)", ["x2 'inf' is not a number"]),
            ("cubic-bezier(0, 1e400, 1, 1)", ["y1 '1e400' is too large"]),
            ("cubic-bezier(0, 0..5, 1, 1)", ["y1 '0..5' is not a number"]),
            ("cubic-bezier(0x1, 0, 1, 1)", ["x1 '0x1' is not a number"]),
            ("cubic-bezier(0, , 1, 1)", ["y1 is missing"]),
            ("cubic-bezier(0, 0, 1)", ["has 3 arguments", "exactly 4 numbers"]),
            ("cubic-bezier()", ["has 0 arguments"]),
            ("cubic-bezier(0, 0, 1, 1", ["no closing parenthesis", "')'"]),
            ("cubic-bezier((0, 0, 1, 1))", ["extra parentheses"]),
            ("steps(0)", ["steps count 0 is too small", "≥ 1"]),
            ("steps(-2, start)", ["steps count -2 is too small"]),
            ("steps(1, jump-none)", ["steps count 1", "jump-none) needs n ≥ 2"]),
            ("steps(4.5)", ["'4.5' is not a whole number"]),
            ("steps(four)", ["'four' is not a whole number"]),
            ("steps(99999999999999999999999)", ["'99999999999999999999999' is too large"]),
            ("steps(4, middle)", ["unknown step position 'middle'", "jump-none"]),
            ("steps()", ["has 0 arguments"]),
            ("steps(4, end, start)", ["has 3 arguments"]),
            ("bounce", ["unknown timing function name 'bounce'", "ease-in-out", "cubic-bezier(x1, y1, x2, y2)"]),
            ("ease_in", ["'ease_in'", "did you mean 'ease-in'?"]),
            ("ease in out", ["did you mean 'ease-in-out'?"]),
            ("", ["empty"]),
            ("   ", ["empty"]),
            ("spring(1, 100, 10, 0)", ["unknown timing function 'spring(…)'", "steps(n, position)"]),
        ]
        for (spec, mentions) in cases {
            XCTAssertThrowsError(try TimingFunction(parsing: spec), spec) { error in
                let message = (error as? TimingFunctionError)?.message ?? "\(error)"
                for part in mentions {
                    XCTAssertTrue(message.contains(part), "'\(spec)' → \(message) lacks \(part)")
                }
            }
        }
    }

    func testFactoriesValidate() {
        let cases: [(() throws -> Any, String)] = [
            ({ try TimingFunction.cubicBezier(.nan, 0, 1, 1) }, "cubic-bezier x1 = nan is not a finite number"),
            ({ try TimingFunction.cubicBezier(0, .infinity, 1, 1) }, "cubic-bezier y1 = inf is not a finite number"),
            ({ try TimingFunction.cubicBezier(0, 0, 2, 1) }, "cubic-bezier x2 = 2 is outside 0…1"),
            ({ try CubicBezier(-0.5, 0, 1, 1) }, "cubic-bezier x1 = -0.5 is outside 0…1"),
            ({ try TimingFunction.steps(0) }, "steps count 0 is too small"),
            ({ try TimingFunction.steps(1, .jumpNone) }, "needs n ≥ 2"),
        ]
        for (make, expected) in cases {
            XCTAssertThrowsError(try make()) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error) lacks \(expected)")
            }
        }
        XCTAssertNoThrow(try TimingFunction.cubicBezier(0, -100, 1, 100))
        XCTAssertNoThrow(try TimingFunction.steps(2, .jumpNone))
    }

    func testStepPositionKeywords() {
        XCTAssertEqual(StepPosition.allCases.map(\.cssKeyword), ["jump-start", "jump-end", "jump-none", "jump-both"])
        XCTAssertEqual(StepPosition(cssKeyword: "start"), .jumpStart)
        XCTAssertEqual(StepPosition(cssKeyword: "END"), .jumpEnd)
        XCTAssertNil(StepPosition(cssKeyword: "both"))
        XCTAssertEqual(StepPosition.jumpNone.minimumStepCount, 2)
    }
}

extension SeededRandom {
    /// A Double in 0…1 (both ends included: 53 random bits over 2^53 − 1).
    fileprivate mutating func unit() -> Double {
        Double(next() >> 11) / Double((1 << 53) - 1)
    }
}
