import KineticAnimation
import KineticCore
import KineticLayers
import XCTest

@testable import KineticExport

/// The Core Animation → SVG (SMIL) mappings, read back from the document.
final class SVGMappingTests: XCTestCase {
    private func canvas() -> Layer {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        root.name = "root"
        return root
    }

    private func square(_ name: String) -> Layer {
        let layer = Layer(frame: Rect(x: 50, y: 25, width: 40, height: 40))
        layer.name = name
        layer.backgroundColor = .red
        return layer
    }

    private func svg(_ clip: Clip) throws -> SVGExport {
        try SVGExporter(glyphs: SquareGlyphs(), options: SVGExportOptions(framesPerSecond: 60)).export(clip)
    }

    /// The attribute `name` of every element `element` (`<animate …>` etc.), in order.
    private func attributes(_ name: String, of element: String, in text: String) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "<\(element) ") {
            let tail = rest[start.upperBound...]
            guard let end = tail.firstIndex(of: ">") else { break }
            let tag = tail[..<end]
            if let a = tag.range(of: " \(name)=\"") ?? (tag.hasPrefix("\(name)=\"") ? tag.range(of: "\(name)=\"") : nil)
            {
                let value = tag[a.upperBound...]
                if let close = value.firstIndex(of: "\"") { result.append(String(value[..<close])) }
            }
            rest = tail[end...]
        }
        return result
    }

    func testCubicBezierBecomesKeySplines() throws {
        let root = canvas()
        let box = square("box")
        box.add(
            BasicAnimation(
                from: Point(x: 70, y: 45), to: Point(x: 130, y: 45),
                timing: MediaTiming(beginTime: 0.5, duration: 1, fillMode: .both), timingFunction: .easeInEaseOut),
            for: \.position)
        root.addSublayer(box)
        let text = try svg(makeClip(root)).text
        XCTAssertEqual(attributes("type", of: "animateTransform", in: text), ["translate"])
        XCTAssertEqual(attributes("values", of: "animateTransform", in: text), ["70 0;70 0;130 0;130 0"])
        XCTAssertEqual(attributes("keyTimes", of: "animateTransform", in: text), ["0;0.25;0.75;1"])
        XCTAssertEqual(attributes("keySplines", of: "animateTransform", in: text), ["0 0 1 1;0.42 0 0.58 1;0 0 1 1"])
        XCTAssertEqual(attributes("dur", of: "animateTransform", in: text), ["2s"])
        // The un-animated document shows the last frame; so does the animation once it ends (no fill="freeze"
        // needed: an ended element shows the attribute's own value).
        XCTAssertEqual(attributes("fill", of: "animateTransform", in: text), [])
        XCTAssertEqual(attributes("repeatCount", of: "animateTransform", in: text), [])
        XCTAssertTrue(text.contains("<g transform=\"translate(130 0)\">"), text)
    }

    func testOvershootIsBakedWithSplinesInTheUnitRange() throws {
        let root = canvas()
        let box = square("box")
        box.add(
            BasicAnimation(
                from: Point(x: 70, y: 45), to: Point(x: 130, y: 45), timing: MediaTiming(duration: 1),
                timingFunction: try .cubicBezier(0.3, -0.5, 0.6, 1.6)), for: \.position)
        root.addSublayer(box)
        let export = try svg(makeClip(root))
        let splines = try XCTUnwrap(attributes("keySplines", of: "animateTransform", in: export.text).first)
        let numbers = splines.split(whereSeparator: { $0 == " " || $0 == ";" }).compactMap { Double($0) }
        XCTAssertGreaterThan(numbers.count, 4)
        XCTAssertTrue(numbers.allSatisfy { (0...1).contains($0) }, splines)
        let report = try XCTUnwrap(export.channels.first { $0.property == "position.x" })
        XCTAssertEqual(report.method, .baked)
        XCTAssertLessThanOrEqual(report.maximumError[0], 0.25)
    }

    func testHoldsAreDiscreteAndEachTransformChannelHasItsGroup() throws {
        let root = canvas()
        let box = square("box")
        box.add(
            BasicAnimation(from: 0.2, to: 1.0, timing: MediaTiming(duration: 1), timingFunction: try .steps(4)),
            for: \.opacity)
        box.add(
            BasicAnimation(
                from: AffineTransform.identity, to: .rotation(Double.pi / 2), timing: MediaTiming(duration: 2)),
            for: \.transform)
        box.add(
            BasicAnimation(from: Point(x: 70, y: 45), to: Point(x: 70, y: 80), timing: MediaTiming(duration: 2)),
            for: \.position)
        root.addSublayer(box)
        let text = try svg(makeClip(root)).text
        XCTAssertEqual(attributes("calcMode", of: "animate", in: text), ["discrete"])
        XCTAssertEqual(attributes("values", of: "animate", in: text), ["0.2;0.4;0.6;0.8;1"])
        XCTAssertEqual(attributes("type", of: "animateTransform", in: text), ["translate", "rotate"])
        XCTAssertEqual(attributes("values", of: "animateTransform", in: text), ["0 45;0 80", "0;90"])
    }

    func testCellsShownInTurnMoveOnlyWhileHiddenSoTheyAreWrittenStill() throws {
        let root = canvas()
        root.addSublayer(tickingColumn())
        let export = try svg(makeClip(root))
        let text = export.text
        // Each cell shows at one place, so its position is not animated; only its visibility switches.
        XCTAssertEqual(attributes("type", of: "animateTransform", in: text), [], text)
        XCTAssertEqual(attributes("attributeName", of: "animate", in: text), ["opacity", "opacity", "opacity"])
        XCTAssertEqual(attributes("calcMode", of: "animate", in: text), ["discrete", "discrete", "discrete"])
        XCTAssertEqual(attributes("values", of: "animate", in: text), ["1;0;1", "0;1;0", "0;1;0"])
        // The cell that never shows is left out: the background and three cells.
        XCTAssertEqual(text.components(separatedBy: "<rect").count - 1, 4, text)
        XCTAssertTrue(text.contains("<g transform=\"translate(50 25)\""), text)
        for report in export.channels {
            for (error, tolerance) in zip(report.maximumError, report.tolerance) {
                XCTAssertLessThanOrEqual(error, tolerance, "\(report.layer) \(report.property)")
            }
        }
    }

    func testPathDataIsRelativeToHundredthsWithoutDrift() {
        var path = Path()
        path.move(to: Point(x: 10.2345, y: 0.4791))
        path.addLine(to: Point(x: 10.2345, y: -3.3449))
        path.addCurve(
            to: Point(x: 0.004, y: 100.0049), control1: Point(x: 5.555, y: -0.5), control2: Point(x: 0.5, y: 1))
        path.closeSubpath()
        path.move(to: Point(x: 20, y: 20))
        path.addLine(to: Point(x: 19.5, y: 20.25))
        // Relative to the current point; after z the subpath's start; ".5.25" is 0.5 and 0.25; "-" separates.
        XCTAssertEqual(
            SVGBuilder.pathData(path), "m10.23.48l0-3.82c-4.67 2.84-9.73 4.34-10.23 103.34zm9.77 19.52l-.5.25")
        // Added up, the relative coordinates give every point to 0.005 pt: no rounding accumulates.
        let absolute: [(Double, Double)] = [(10.23, 0.48), (10.23, -3.34), (0, 100), (20, 20), (19.5, 20.25)]
        let deltas: [(Double, Double)] = [(10.23, 0.48), (0, -3.82), (-10.23, 103.34), (9.77, 19.52), (-0.5, 0.25)]
        var current = (0.0, 0.0)
        var start = (0.0, 0.0)
        for (index, delta) in deltas.enumerated() {
            if index == 3 { current = start }
            current = (current.0 + delta.0, current.1 + delta.1)
            if index == 0 || index == 3 { start = current }
            XCTAssertEqual(current.0, absolute[index].0, accuracy: 1e-9)
            XCTAssertEqual(current.1, absolute[index].1, accuracy: 1e-9)
        }
    }

    func testAJumpsKeyTimeHasTheFewestDecimalsWithinHalfALeadOfItsTime() throws {
        XCTAssertEqual(SMILAnimation.shortestDecimal(from: 0.591597, to: 0.591609), 0.5916)
        XCTAssertEqual(SMILAnimation.shortestDecimal(from: 0.23, to: 0.31), 0.3)
        XCTAssertEqual(SMILAnimation.shortestDecimal(from: 0.1, to: 0.1), 0.1)
        XCTAssertNil(SMILAnimation.shortestDecimal(from: 0.2, to: 0.1))
        let root = canvas()
        root.addSublayer(tickingColumn())
        let text = try svg(makeClip(root)).text
        // The cells switch at 0.5, 1 and 1.5 s of the 2 s clip. Those fall on samples, so the baked jumps are
        // 0.2 ms early (Baker.jumpMargin); SVG writes a jump 25–75 µs before that.
        let times = attributes("keyTimes", of: "animate", in: text).flatMap { $0.split(separator: ";") }
        let switches = Set(times.compactMap { Double($0) }.filter { $0 > 0 })
        XCTAssertEqual(switches.count, 3, "\(times)")
        for fraction in switches {
            let early = (fraction * 4).rounded() / 2 - fraction * 2 - Baker.jumpMargin
            XCTAssertTrue((25e-6...75e-6).contains(early), "\(fraction): \(early) s early")
        }
        XCTAssertTrue(times.allSatisfy { $0.count <= 7 }, "\(times)")
    }

    func testGlyphsAreDefinedOnceAndPlacedWithUse() throws {
        let root = canvas()
        for (index, string) in ["1010", "0101"].enumerated() {
            let text = TextLayer(string: string, font: Font(size: 10), color: .blue)
            text.frame = Rect(x: 0, y: Double(index) * 20, width: 100, height: 20)
            root.addSublayer(text)
        }
        let text = try svg(makeClip(root)).text
        XCTAssertEqual(attributes("id", of: "path", in: text).filter { $0.hasPrefix("glyph") }.count, 2)
        XCTAssertEqual(attributes("href", of: "use", in: text).count, 8)
        XCTAssertEqual(attributes("fill", of: "g", in: text), ["#0000FF", "#0000FF"])
    }

    func testClipsMasksAndShadows() throws {
        let root = canvas()
        let clip = Layer(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        clip.masksToBounds = true
        clip.cornerRadius = 8
        clip.addSublayer(square("inside"))
        let masked = square("masked")
        masked.shadowOpacity = 0.4
        let fade = GradientLayer()
        fade.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        fade.colors = [.clear, .black]
        masked.mask = fade
        root.addSublayer(clip)
        root.addSublayer(masked)
        let export = try svg(makeClip(root))
        XCTAssertEqual(attributes("rx", of: "rect", in: export.text).first, "8")
        XCTAssertTrue(export.text.contains("<clipPath id=\"clip"), export.text)
        XCTAssertTrue(export.text.contains("style=\"mask-type:alpha\""), export.text)
        XCTAssertEqual(attributes("mask", of: "g", in: export.text).count, 1)
        XCTAssertEqual(export.warnings.map(\.layer), ["masked"])
    }

    func testTheSameClipGivesTheSameText() throws {
        func scene() -> Clip {
            let root = canvas()
            let dot = square("dot")
            dot.add(
                try! SpringAnimation(from: 0.0, to: 1.0, spring: try! Spring(duration: 0.5, bounce: 0.2)),
                for: \.opacity)
            root.addSublayer(dot)
            return makeClip(root)
        }
        XCTAssertEqual(try svg(scene()).text, try svg(scene()).text)
        XCTAssertThrowsError(try svg(makeClip(canvas(), duration: 0)))
    }
}
