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

    /// The animation's mapping alone: without the reduced-motion still, which repeats the last frame.
    private func svg(_ clip: Clip) throws -> SVGExport {
        try SVGExporter(
            glyphs: SquareGlyphs(), options: SVGExportOptions(framesPerSecond: 60, stillForReducedMotion: false)
        ).export(clip)
    }

    /// README-ready: the title for screen readers, the last frame still under reduced motion (its ids apart from
    /// the animation's), and the dark colour set — one style element, no script.
    func testTheTitleTheReducedMotionStillAndTheDarkColours() throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let label = TextLayer(string: "ab", font: Font(size: 10), color: Color(red: 0.11, green: 0.11, blue: 0.118))
        label.frame = Rect(x: 20, y: 20, width: 60, height: 30)
        label.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.opacity)
        root.addSublayer(label)
        var clip = Clip(root: root, duration: 1, background: .white)
        clip.title = "a < b & \"c\""
        let options = SVGExportOptions(framesPerSecond: 60, darkTextColor: .white, darkBackground: .black)
        let text = try SVGExporter(glyphs: SquareGlyphs(), options: options).export(clip).text
        XCTAssertTrue(
            text.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"100\" "
                    + "viewBox=\"0 0 200 100\" role=\"img\" fill=\"#1C1C1E\"><title>a &lt; b &amp; &quot;c&quot;</title>"
            ), text)
        XCTAssertTrue(
            text.contains(
                "<style>.k-still{display:none}@media (prefers-reduced-motion:reduce){.k-motion{display:none}"
                    + ".k-still{display:inline}}@media (prefers-color-scheme:dark){[fill=\"#1C1C1E\"]{fill:#FFFFFF}"
                    + ".k-bg{fill:#000000}}</style>"), text)
        XCTAssertTrue(text.contains("<rect class=\"k-bg\" width=\"200\" height=\"100\" fill=\"#FFFFFF\"/>"), text)
        // The still: the last frame (opacity 1, so no opacity attribute), no animation, its own ids.
        let still = try XCTUnwrap(text.components(separatedBy: "<g class=\"k-still\"").last)
        XCTAssertFalse(still.contains("<animate"), still)
        XCTAssertFalse(still.contains("opacity"), still)
        XCTAssertTrue(still.contains("href=\"#r_a\""), still)
        XCTAssertTrue(text.contains("<path id=\"r_a\""))
        XCTAssertFalse(text.contains("<script"))
        // A still picture needs no still copy; a title can be turned off by leaving the clip's out.
        clip.root.sublayers[0].removeAllAnimations()
        clip.title = nil
        let plain = try SVGExporter(glyphs: SquareGlyphs(), options: SVGExportOptions()).export(clip).text
        XCTAssertFalse(plain.contains("<style>") || plain.contains("role=") || plain.contains("k-still"), plain)
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
        XCTAssertEqual(attributes("values", of: "animateTransform", in: text), ["70;70;130;130"])
        XCTAssertEqual(attributes("keyTimes", of: "animateTransform", in: text), ["0;.25;.75;1"])
        XCTAssertEqual(attributes("keySplines", of: "animateTransform", in: text), ["0 0 1 1;.42 0 .58 1;0 0 1 1"])
        XCTAssertEqual(attributes("dur", of: "animateTransform", in: text), ["2s"])
        // The un-animated document shows the last frame; so does the animation once it ends (no fill="freeze"
        // needed: an ended element shows the attribute's own value).
        XCTAssertEqual(attributes("fill", of: "animateTransform", in: text), [])
        XCTAssertEqual(attributes("repeatCount", of: "animateTransform", in: text), [])
        XCTAssertTrue(text.contains("<g transform=\"translate(130)\">"), text)
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
        XCTAssertEqual(attributes("values", of: "animate", in: text), [".2;.4;.6;.8;1"])
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
        // Relative to the current point (v: a vertical line); after z the subpath's start; ".5.25" is 0.5 and 0.25;
        // "-" separates.
        XCTAssertEqual(
            SVGBuilder.pathData(path), "m10.23.48v-3.82c-4.67 2.84-9.73 4.34-10.23 103.34zm9.77 19.52l-.5.25")
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
        // Glyph ids are letters; the outlines are written at the first text's origins, so its uses need no x.
        XCTAssertEqual(attributes("id", of: "path", in: text), ["a", "b"])
        XCTAssertEqual(attributes("href", of: "use", in: text), ["#a", "#b", "#a", "#b", "#b", "#a", "#b", "#a"])
        // "1010" then "0101", glyphs 12 pt apart on one baseline in their layers: "1" is written at x = 0 and "0"
        // at x = 12, so only the other places need an x (and no use a y).
        XCTAssertEqual(attributes("x", of: "use", in: text), ["24", "24", "-12", "12", "12", "36"])
        XCTAssertEqual(attributes("y", of: "use", in: text), [])
        // The texts' one paint is the document's: no use or group repeats it.
        XCTAssertEqual(attributes("fill", of: "svg", in: text), ["#0000FF"])
        XCTAssertEqual(attributes("fill", of: "g", in: text) + attributes("fill", of: "use", in: text), [])
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
        XCTAssertTrue(export.text.contains("<clipPath id=\"c1\">"), export.text)
        XCTAssertTrue(export.text.contains("style=\"mask-type:alpha\""), export.text)
        XCTAssertEqual(attributes("mask", of: "g", in: export.text).count, 1)
        XCTAssertEqual(export.warnings.map(\.layer), ["masked"])
    }

    /// Digit cells of one glyph each shown in turn, as a count's column: "0" until `start` + `hold`, then "1",
    /// "2", "0" … changing every `hold` seconds, `changes` times; and a cell "9" that never shows.
    private func digitColumn(start: Double, hold: Double, changes: Int, duration: Double) -> Layer {
        let column = Layer(frame: Rect(x: 40, y: 20, width: 20, height: 30))
        column.name = "column"
        column.masksToBounds = true
        @Sendable func shown(_ time: Double) -> Int { time < start ? 0 : min(Int((time - start) / hold), changes) % 3 }
        for (index, string) in ["0", "1", "2", "9"].enumerated() {
            let cell = TextLayer(string: string, font: Font(size: 10), color: .blue)
            cell.frame = Rect(x: 0, y: 0, width: 20, height: 30)
            cell.add(Timeline(duration: duration) { index != shown($0) }, for: \.isHidden)
            column.addSublayer(cell)
        }
        return column
    }

    func testGlyphCellsShownInTurnAreOneUseWhoseReferenceSwitches() throws {
        let root = canvas()
        root.addSublayer(digitColumn(start: 0.25, hold: 0.5, changes: 3, duration: 2))
        let text = try svg(makeClip(root)).text
        // One <use> for the three cells that show, its href switching at 0.75, 1.25 and 1.75 s; no opacity
        // animation, no group per cell.
        XCTAssertEqual(attributes("href", of: "use", in: text), ["#a"], text)
        XCTAssertEqual(attributes("attributeName", of: "animate", in: text), ["href"], text)
        XCTAssertEqual(attributes("values", of: "animate", in: text), ["#a;#b;#c;#a"], text)
        let times = try XCTUnwrap(attributes("keyTimes", of: "animate", in: text).first)
        let seconds = times.split(separator: ";").compactMap { Double($0) }.map { $0 * 2 }
        XCTAssertEqual(seconds.count, 4)
        for (written, change) in zip(seconds.dropFirst(), [0.75, 1.25, 1.75]) {
            // Baked jumps are 0.2 ms early; SVG writes them a further 25–75 µs early.
            XCTAssertTrue((change - 3e-4...change - 2e-4).contains(written), "\(written) for \(change)")
        }
        XCTAssertEqual(
            attributes("id", of: "path", in: text), ["a", "b", "c"], "the cell that never shows is left out")
    }

    func testChangesOnAnEvenGridAreValuesWithoutKeyTimes() throws {
        let root = canvas()
        // A change every 0.1 s from 0.5 s to 1.4 s of a 2 s clip: one value per 0.1 s cell up to the last change,
        // then frozen there.
        root.addSublayer(digitColumn(start: 0.5, hold: 0.1, changes: 9, duration: 2))
        let text = try svg(makeClip(root)).text
        let animation = try XCTUnwrap(text.range(of: "<animate attributeName=\"href\"").map { text[$0.lowerBound...] })
        let tag = String(animation[..<(animation.firstIndex(of: ">") ?? animation.endIndex)])
        XCTAssertFalse(tag.contains("keyTimes"), tag)
        XCTAssertTrue(tag.contains("begin=\"-0.00005s\" dur=\"1.5s\" fill=\"freeze\""), tag)
        let values = attributes("values", of: "animate", in: text).first?.split(separator: ";").map(String.init)
        // Cells 0…4 before the count starts, then 0 1 2 0 1 2 0 1 2 0 from 0.5 s; the last value is the base's.
        XCTAssertEqual(
            values, ["#a", "#a", "#a", "#a", "#a", "#a", "#b", "#c", "#a", "#b", "#c", "#a", "#b", "#c", "#a"])
        XCTAssertEqual(attributes("href", of: "use", in: text), ["#a"])
        // Looping, the grid covers the whole clip and repeats.
        let looping = try SVGExporter(
            glyphs: SquareGlyphs(),
            options: SVGExportOptions(framesPerSecond: 60, repeats: true, stillForReducedMotion: false)
        )
        .export(makeClip(root)).text
        XCTAssertTrue(looping.contains("begin=\"-0.00005s\" dur=\"2s\" repeatCount=\"indefinite\" values=\""), looping)
        XCTAssertEqual(attributes("values", of: "animate", in: looping).first?.split(separator: ";").count, 20)
    }

    /// A rolling column: cells "0" "1" "2" on a strip 20 pt apart, in a 20 pt window that clips them; the roll
    /// goes from 0 to 2 cells between 0.5 and 1.5 s (smoothstep), each cell hidden once a whole cell away.
    private func rollingColumn() -> Layer {
        let column = Layer(frame: Rect(x: 40, y: 20, width: 20, height: 20))
        column.name = "column"
        column.masksToBounds = true
        @Sendable func roll(_ time: Double) -> Double {
            let u = min(max((time - 0.5) / 1, 0), 1)
            return 2 * u * u * (3 - 2 * u)
        }
        for index in 0..<3 {
            let cell = TextLayer(string: "\(index)", font: Font(size: 10), color: .blue)
            cell.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
            cell.anchorPoint = .zero
            let at = { @Sendable (time: Double) in Double(index) - roll(time) }
            cell.position = Point(x: 0, y: at(2) * 20)
            cell.add(Timeline(duration: 2) { Point(x: 0, y: at($0) * 20) }, for: \.position)
            cell.add(Timeline(duration: 2) { abs(at($0)) >= 1 }, for: \.isHidden)
            column.addSublayer(cell)
        }
        return column
    }

    func testGlyphsOfLargeTextAreWrittenToATenthOfAPoint() {
        var path = Path()
        path.move(to: Point(x: 10.2345, y: 0.4791))
        path.addLine(to: Point(x: 12.26, y: -3.3449))
        XCTAssertEqual(SVGBuilder.pathData(path, grid: 10), "m10.2.5l2.1-3.8")
        // A tenth of a point is within a thousandth of the em from 50 pt up.
        XCTAssertEqual(SVGBuilder.glyphGrid(emSize: 56), 10)
        XCTAssertEqual(SVGBuilder.glyphGrid(emSize: 49), 100)
    }

    func testCellsRollingTogetherShareOneMovingGroupAndNeedNoSwitching() throws {
        let root = canvas()
        root.addSublayer(rollingColumn())
        let export = try svg(makeClip(root))
        let text = export.text
        // One moving group (the strip), from 0 to −40 pt; the cells are only placed in it, 20 pt apart, and
        // never switched off: while hidden they lie outside the clip.
        XCTAssertEqual(attributes("type", of: "animateTransform", in: text), ["translate"], text)
        let values = try XCTUnwrap(attributes("values", of: "animateTransform", in: text).first)
        XCTAssertEqual(values.split(separator: ";").first, "0 0", values)
        XCTAssertEqual(values.split(separator: ";").last, "0 -40", values)
        XCTAssertEqual(attributes("attributeName", of: "animate", in: text), [], text)
        XCTAssertEqual(attributes("y", of: "use", in: text), ["20", "40"], text)
        let shared = try XCTUnwrap(export.channels.first { $0.property == "shared position.y" })
        XCTAssertLessThanOrEqual(shared.maximumError[0], 0.25)
        XCTAssertLessThan(shared.keyframes, 8, "\(shared)")
        // Without the clip the hidden cells would show: each switches again.
        let open = canvas()
        let unclipped = rollingColumn()
        unclipped.masksToBounds = false
        open.addSublayer(unclipped)
        let switching = try svg(makeClip(open)).text
        XCTAssertEqual(
            attributes("attributeName", of: "animate", in: switching)
                + attributes("attributeName", of: "set", in: switching),
            ["opacity", "opacity", "opacity"])
    }

    func testClockValuesKeepTheirLeadingZeroAndNumbersDropIt() {
        XCTAssertEqual(SVGNumber.clock(0.5), "0.5s")
        XCTAssertEqual(SVGNumber.clock(2), "2s")
        XCTAssertEqual(SVGNumber.clock(2.3666666), "2.366667s")
        XCTAssertEqual(SVGNumber.clock(31.808), "31.808s")
        XCTAssertEqual(SVGNumber.clock(.nan), "0s")
        XCTAssertEqual(SVGNumber.format(0.5), ".5")
        XCTAssertEqual(SVGNumber.format(-0.25), "-.25")
        XCTAssertEqual(SVGNumber.format(12.0004), "12")
        XCTAssertEqual(SVGNumber.fraction(1.0 / 3, decimals: 4), ".3333")
        XCTAssertEqual(SVGBuilder.letters(0), "a")
        XCTAssertEqual(SVGBuilder.letters(25), "z")
        XCTAssertEqual(SVGBuilder.letters(26), "ba")
    }

    func testEachPartOfAnAnimatedRectMovesOnItsOwnAndSameClipsAreShared() throws {
        let root = canvas()
        for index in 0..<2 {
            let clip = Layer(frame: Rect(x: 10 + 80 * Double(index), y: 10, width: 60, height: 40))
            clip.masksToBounds = true
            clip.add(
                BasicAnimation(
                    from: Rect(x: 0, y: 0, width: 10, height: 40), to: Rect(x: 0, y: 0, width: 60, height: 40),
                    timing: MediaTiming(duration: 1)), for: \.bounds)
            clip.addSublayer(square("inside-\(index)"))
            root.addSublayer(clip)
        }
        let text = try svg(makeClip(root)).text
        // Only the width moves: x, y and height are not animated; both layers' clips are one definition.
        XCTAssertEqual(
            attributes("attributeName", of: "animate", in: text).filter { ["x", "y", "width", "height"].contains($0) },
            ["width"], text)
        XCTAssertEqual(text.components(separatedBy: "<clipPath").count - 1, 1, text)
        XCTAssertEqual(text.components(separatedBy: "clip-path=\"url(#c1)\"").count - 1, 2, text)
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

    /// A dash of length 0 still gets its round cap in SVG (a dot): a stroke trimmed to nothing is butt-capped
    /// while nothing of it is kept, and round again once it grows.
    func testAStrokeTrimmedToNothingDrawsNoDot() throws {
        func tick(strokeEnd: Double, animated: Bool) throws -> String {
            let root = canvas()
            var path = Path()
            path.move(to: Point(x: 20, y: 50))
            path.addLine(to: Point(x: 180, y: 50))
            let line = ShapeLayer(path: path, fillColor: nil)
            line.name = "tick"
            line.strokeColor = .black
            line.lineWidth = 12
            line.lineCap = .round
            line.strokeEnd = strokeEnd
            if animated {
                line.add(
                    BasicAnimation(
                        from: 0.0, to: 1.0, timing: MediaTiming(beginTime: 0.5, duration: 1, fillMode: .both)),
                    for: \.strokeEnd)
            }
            root.addSublayer(line)
            return try svg(makeClip(root)).text
        }
        XCTAssertEqual(attributes("stroke-linecap", of: "path", in: try tick(strokeEnd: 0, animated: false)), ["butt"])
        XCTAssertEqual(
            attributes("stroke-linecap", of: "path", in: try tick(strokeEnd: 0.5, animated: false)), ["round"])
        // Drawn on from 0.5 s: butt until it starts growing (and at its first instant), round afterwards.
        let drawn = try tick(strokeEnd: 1, animated: true)
        XCTAssertEqual(attributes("stroke-linecap", of: "path", in: drawn), ["round"])
        // Butt from the start until just after the stroke starts growing at 0.5 s, then the path's own round.
        XCTAssertEqual(attributes("attributeName", of: "set", in: drawn), ["stroke-linecap"])
        XCTAssertEqual(attributes("to", of: "set", in: drawn), ["butt"])
        let until = try XCTUnwrap(Double(attributes("dur", of: "set", in: drawn).first?.dropLast() ?? ""))
        XCTAssertEqual(until, 0.501, accuracy: 0.001)
    }
}
