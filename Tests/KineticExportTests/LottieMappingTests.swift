import KineticAnimation
import KineticCore
import KineticLayers
import XCTest

@testable import KineticExport

/// Each Core Animation → Lottie mapping, read back from the exported JSON.
final class LottieMappingTests: XCTestCase {
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

    private func keyframes(_ property: JSONValue?, file: StaticString = #filePath, line: UInt = #line) throws
        -> [JSONValue]
    {
        let p = try XCTUnwrap(property, file: file, line: line)
        XCTAssertEqual(p["a"], 1, "animated", file: file, line: line)
        return try XCTUnwrap(p["k"]?.array, file: file, line: line)
    }

    func testCubicBezierEasingBecomesKeyframeHandles() throws {
        let root = canvas()
        let box = square("box")
        box.add(
            BasicAnimation(
                from: Point(x: 70, y: 45), to: Point(x: 130, y: 45),
                timing: MediaTiming(beginTime: 0.5, duration: 1, fillMode: .both),
                timingFunction: try .cubicBezier(0.3, -0.4, 0.6, 1.5)), for: \.position)
        root.addSublayer(box)
        let result = try export(makeClip(root))
        let k = try keyframes(result.document.layer(named: "box")?["ks"]?["p"]?["x"])
        XCTAssertEqual(k.count, 2)
        XCTAssertEqual(k[0]["t"], 30)
        XCTAssertEqual(k[0]["s"]?.numbers, [70])
        // o is the first control point, on the starting keyframe; i the second. y may overshoot.
        XCTAssertEqual(k[0]["o"]?["x"]?.numbers, [0.3])
        XCTAssertEqual(k[0]["o"]?["y"]?.numbers, [-0.4])
        XCTAssertEqual(k[0]["i"]?["x"]?.numbers, [0.6])
        XCTAssertEqual(k[0]["i"]?["y"]?.numbers, [1.5])
        XCTAssertEqual(k[1]["t"], 90)
        XCTAssertEqual(k[1]["s"]?.numbers, [130])
        XCTAssertEqual(result.channels.first { $0.property == "position.x" }?.method, .exact)
        // Opacity is clamped to 0…1 where the curve overshoots, which no keyframe handle says: that one is baked.
        let fade = square("fade")
        fade.add(
            BasicAnimation(
                from: 0.0, to: 1.0, timing: MediaTiming(duration: 1),
                timingFunction: try .cubicBezier(0.3, -0.4, 0.6, 1.5)),
            for: \.opacity)
        let clamped = canvas()
        clamped.addSublayer(fade)
        let opacity = try XCTUnwrap(try export(makeClip(clamped)).channels.first { $0.property == "opacity" })
        XCTAssertEqual(opacity.method, .baked)
        XCTAssertLessThanOrEqual(opacity.maximumError[0], 100.0 / 255)
    }

    func testAutoreversingRepeatsUnrollWithReversedHandles() throws {
        let root = canvas()
        let box = square("box")
        box.add(
            BasicAnimation(
                from: Point(x: 70, y: 45), to: Point(x: 130, y: 45),
                timing: MediaTiming(duration: 0.5, repeatCount: 2, autoreverses: true), timingFunction: .easeIn),
            for: \.position)
        root.addSublayer(box)
        let lottie = try export(makeClip(root)).document
        let position = try XCTUnwrap(lottie.layer(named: "box")?["ks"]?["p"])
        XCTAssertEqual(position["s"], true, "position moves: split into x and y")
        let x = try keyframes(position["x"])
        // Forward, back, forward, back: keyframes at 0, 0.5, 1, 1.5 s and the end at 2 s (60 fps).
        XCTAssertEqual(x.compactMap { $0["t"]?.number }, [0, 30, 60, 90, 120])
        XCTAssertEqual(x.compactMap { $0["s"]?.numbers?.first }, [70, 130, 70, 130, 70])
        // ease-in (0.42, 0, 1, 1) forwards; played backwards it is (0, 0, 0.58, 1): ease-out.
        XCTAssertEqual(x[0]["o"]?["x"]?.numbers, [0.42])
        XCTAssertEqual(x[0]["i"]?["x"]?.numbers, [1])
        XCTAssertEqual(x[1]["o"]?["x"]?.numbers, [0])
        XCTAssertEqual(x[1]["i"]?["x"]?.numbers, [0.58])
        XCTAssertEqual(x[1]["i"]?["y"]?.numbers, [1])
        // y does not move.
        XCTAssertEqual(position["y"]?["a"], 0)
    }

    func testStepsAndDiscreteKeyframesBecomeHolds() throws {
        let root = canvas()
        let stepped = square("stepped")
        stepped.add(
            BasicAnimation(
                from: 0.0, to: 1.0, timing: MediaTiming(duration: 1, fillMode: .forwards),
                timingFunction: try .steps(4)), for: \.opacity)
        let discrete = square("discrete")
        discrete.add(
            try KeyframeAnimation(
                values: [0.2, 0.9, 0.5], keyTimes: [0, 0.25, 0.5, 1], calculationMode: .discrete,
                timing: MediaTiming(duration: 2)), for: \.opacity)
        root.addSublayer(stepped)
        root.addSublayer(discrete)
        let lottie = try export(makeClip(root)).document
        let steps = try keyframes(lottie.layer(named: "stepped")?["ks"]?["o"])
        XCTAssertEqual(steps.compactMap { $0["s"]?.numbers?.first }, [0, 25, 50, 75, 100])
        XCTAssertEqual(steps.compactMap { $0["t"]?.number }, [0, 15, 30, 45, 60])
        XCTAssertEqual(steps.dropLast().map { $0["h"] }, [1, 1, 1, 1])
        let holds = try keyframes(lottie.layer(named: "discrete")?["ks"]?["o"])
        XCTAssertEqual(holds.compactMap { $0["s"]?.numbers?.first }, [20, 90, 50])
        XCTAssertEqual(holds.compactMap { $0["t"]?.number }, [0, 30, 60])
        XCTAssertTrue(holds.dropLast().allSatisfy { $0["h"] == 1 })
    }

    func testSpringIsBakedWithinTheTolerance() throws {
        let root = canvas()
        let dot = square("dot")
        dot.add(
            try SpringAnimation(
                from: Point(x: 20, y: 45), to: Point(x: 180, y: 45), spring: try Spring(duration: 0.8, bounce: 0.4)),
            for: \.position)
        root.addSublayer(dot)
        let result = try export(makeClip(root, duration: 2.5))
        let x = try XCTUnwrap(result.channels.first { $0.layer == "dot" && $0.property == "position.x" })
        XCTAssertEqual(x.method, .baked)
        XCTAssertLessThanOrEqual(x.maximumError[0], 0.25)
        // 2.5 s sampled 300 times; a bouncy spring fits in a handful of cubic keyframes per bounce.
        XCTAssertLessThan(x.keyframes, 30, "\(x)")
        XCTAssertGreaterThan(x.keyframes, 3, "\(x)")
        print("spring bake: \(x)")
        // A tighter tolerance needs more keyframes and is met.
        var options = LottieExportOptions()
        options.tolerance.distance = 0.01
        let tight = try LottieExporter(glyphs: SquareGlyphs(), options: options).export(makeClip(root, duration: 2.5))
        let tightX = try XCTUnwrap(tight.channels.first { $0.layer == "dot" && $0.property == "position.x" })
        XCTAssertLessThanOrEqual(tightX.maximumError[0], 0.01)
        XCTAssertGreaterThan(tightX.keyframes, x.keyframes)
        print("spring bake at 0.01 pt: \(tightX)")
    }

    func testAJumpHoldsUntilItsTime() throws {
        let root = canvas()
        let box = square("box")
        // A value computed by a closure (as effects' timelines are), jumping at 0.7 s.
        box.add(
            Timeline(duration: 2) { t in t < 0.7 ? Point(x: 60 + 20 * t, y: 45) : Point(x: 150, y: 45) },
            for: \.position)
        root.addSublayer(box)
        let result = try export(makeClip(root))
        let x = try keyframes(result.document.layer(named: "box")?["ks"]?["p"]?["x"])
        // A linear move to just before the jump, a hold there, the new value from 0.7 s (frame 42) — written
        // 0.2 ms (0.012 frame) early, as the jump falls on a sample, so that a player rounding times still shows
        // the new value at frame 42; the hold starts 0.01 frame before that.
        let jump = try XCTUnwrap(x.firstIndex { ($0["s"]?.numbers?.first ?? 0) == 150 })
        XCTAssertEqual(x[jump]["t"]?.number ?? 0, 42 - 0.012, accuracy: 0.001)
        XCTAssertEqual(x[jump - 1]["h"], 1)
        XCTAssertEqual(x[jump - 1]["t"]?.number ?? 0, 42 - 0.012 - 0.01, accuracy: 0.001)
        XCTAssertEqual(x[jump - 1]["s"]?.numbers?.first ?? 0, 74, accuracy: 0.25)
        let report = try XCTUnwrap(result.channels.first { $0.layer == "box" && $0.property == "position.x" })
        XCTAssertEqual(report.method, .baked)
        XCTAssertEqual(report.keyframes, 3, "\(report)")
    }

    func testAPulseShorterThanASampleBecomesTwoHolds() throws {
        let root = canvas()
        let flash = square("flash")
        // Shows from 0.498 s to 0.503 s only (as a rolling digit passing its window): one sample (0.5 s) sees it.
        flash.add(Timeline(duration: 2) { t in !(t >= 0.498 && t < 0.503) }, for: \.isHidden)
        root.addSublayer(flash)
        let result = try export(makeClip(root))
        let o = try keyframes(result.document.layer(named: "flash")?["ks"]?["o"])
        XCTAssertEqual(o.compactMap { $0["s"]?.numbers?.first }, [0, 100, 0])
        XCTAssertEqual(o.dropLast().map { $0["h"] }, [1, 1])
        // The edges found by bisection (frames at 60 fps: 0.498 s = 29.88, 0.503 s = 30.18).
        XCTAssertEqual(o[1]["t"]?.number ?? 0, 29.88, accuracy: 0.01)
        XCTAssertEqual(o[2]["t"]?.number ?? 0, 30.18, accuracy: 0.01)
    }

    func testCellsShownInTurnAreWrittenStillAndACellThatNeverShowsIsLeftOut() throws {
        let root = canvas()
        root.addSublayer(tickingColumn())
        let result = try export(makeClip(root))
        XCTAssertNil(result.document.layer(named: "never"), "a layer that never shows is left out")
        for name in ["a", "b", "c"] {
            let cell = try XCTUnwrap(result.document.layer(named: name), name)
            // Shown at one place only, the cell's position is static; its opacity holds 0 or 100.
            XCTAssertEqual(cell["ks"]?["p"]?["a"], 0, "\(name): \(String(describing: cell["ks"]?["p"]))")
            XCTAssertEqual(cell["ks"]?["p"]?["k"]?.numbers?.dropFirst().first, 25, name)
            let o = try keyframes(cell["ks"]?["o"])
            XCTAssertTrue(o.dropLast().allSatisfy { $0["h"] == 1 }, "\(name): \(o)")
        }
        let a = try keyframes(result.document.layer(named: "a")?["ks"]?["o"])
        XCTAssertEqual(a.compactMap { $0["s"]?.numbers?.first }, [100, 0, 100])
        XCTAssertEqual(a[1]["t"]?.number ?? 0, 30, accuracy: 0.02)
        XCTAssertEqual(a[2]["t"]?.number ?? 0, 90, accuracy: 0.02)
    }

    func testAnimatedGroupOpacityMakesAPrecomposition() throws {
        let root = canvas()
        let group = Layer(frame: Rect(x: 10, y: 10, width: 100, height: 80))
        group.name = "group"
        group.addSublayer(square("a"))
        group.addSublayer(square("b"))
        group.add(BasicAnimation(from: 1.0, to: 0.0, duration: 1), for: \.opacity)
        root.addSublayer(group)
        let lottie = try export(makeClip(root)).document
        let layer = try XCTUnwrap(lottie.layer(named: "group"))
        XCTAssertEqual(layer["ty"], 0)
        _ = try keyframes(layer["ks"]?["o"])
        let asset = try XCTUnwrap(lottie.asset(try XCTUnwrap(layer["refId"]?.string)))
        XCTAssertEqual(asset["layers"]?.array?.compactMap { $0["nm"]?.string }.sorted(), ["a", "b"])
        // Without the fade the same group is a null layer with its children parented to it.
        let still = canvas()
        let plain = Layer(frame: Rect(x: 10, y: 10, width: 100, height: 80))
        plain.name = "group"
        plain.addSublayer(square("a"))
        plain.addSublayer(square("b"))
        still.addSublayer(plain)
        let flat = try export(makeClip(still)).document
        let null = try XCTUnwrap(flat.layer(named: "group"))
        XCTAssertEqual(null["ty"], 3)
        XCTAssertEqual(flat.layer(named: "a")?["parent"], null["ind"])
    }

    func testMasksToBoundsBecomesAMaskWithHasMask() throws {
        let root = canvas()
        let clip = Layer(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        clip.name = "clip"
        clip.masksToBounds = true
        clip.cornerRadius = 10
        clip.addSublayer(square("inside"))
        root.addSublayer(clip)
        let lottie = try export(makeClip(root)).document
        let layer = try XCTUnwrap(lottie.layer(named: "clip"))
        XCTAssertEqual(layer["ty"], 0)
        XCTAssertEqual(layer["hasMask"], true)
        let mask = try XCTUnwrap(layer["masksProperties"]?[0])
        XCTAssertEqual(mask["mode"], "a")
        XCTAssertEqual(mask["inv"], false)
        // The rounded bounds: 8 vertices.
        XCTAssertEqual(mask["pt"]?["k"]?["v"]?.array?.count, 8)
    }

    func testAMaskBecomesATrackMatteDirectlyAbove() throws {
        let root = canvas()
        let masked = square("masked")
        let text = TextLayer(string: "AB", font: Font(size: 10), color: .black)
        text.name = "matte"
        text.frame = Rect(x: 0, y: 0, width: 40, height: 20)
        masked.mask = text
        root.addSublayer(masked)
        let lottie = try export(makeClip(root)).document
        let layers = try XCTUnwrap(lottie["layers"]?.array)
        let target = try XCTUnwrap(layers.firstIndex { $0["nm"] == "masked" })
        XCTAssertGreaterThan(target, 0)
        let source = layers[target - 1]
        XCTAssertEqual(source["td"], 1)
        XCTAssertEqual(layers[target]["tt"], 1)
        XCTAssertEqual(layers[target]["tp"], source["ind"])
        XCTAssertEqual(source["parent"], layers[target]["ind"], "the matte lives in the masked layer's space")
    }

    func testEachGlyphIsWrittenOnceAndTextsAreShared() throws {
        let root = canvas()
        for (index, string) in ["1010", "0101", "1010"].enumerated() {
            let text = TextLayer(string: string, font: Font(size: 10), color: .black)
            text.name = "text-\(index)"
            text.frame = Rect(x: 0, y: Double(index) * 20, width: 100, height: 20)
            root.addSublayer(text)
        }
        let lottie = try export(makeClip(root)).document
        let ids = lottie["assets"]?.array?.compactMap { $0["id"]?.string } ?? []
        XCTAssertEqual(ids.filter { $0.hasPrefix("glyph-") }.count, 2, "\(ids)")
        XCTAssertEqual(ids.filter { $0.hasPrefix("text-") }.count, 2, "\(ids)")
        XCTAssertEqual(
            lottie.layer(named: "1010")?["refId"], lottie.allLayers.filter { $0["nm"] == "1010" }.last?["refId"])
        // Each text places its four glyphs.
        let text = try XCTUnwrap(lottie.asset(try XCTUnwrap(lottie.layer(named: "0101")?["refId"]?.string)))
        XCTAssertEqual(text["layers"]?.array?.count, 4)
    }

    func testGradientStopsAreKeyframedAsWholeArrays() throws {
        let root = canvas()
        let gradient = GradientLayer()
        gradient.name = "gradient"
        gradient.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        gradient.colors = [.black, .white, .black]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        gradient.add(
            BasicAnimation<[Double]?>(
                from: [0, 0, 0.25], to: [0.75, 1, 1], timing: MediaTiming(duration: 2, repeatCount: .infinity)),
            for: \.locations)
        root.addSublayer(gradient)
        let result = try export(makeClip(root, duration: 4))
        let layer = try XCTUnwrap(result.document.layer(named: "gradient"))
        let fill = try XCTUnwrap(layer["shapes"]?[0]?["it"]?.array?.first { $0["ty"] == "gf" })
        XCTAssertEqual(fill["g"]?["p"], 3)
        let k = try keyframes(fill["g"]?["k"])
        // Two loops, linear: 0 → 2 s → 4 s, each keyframe the whole array (3 × offset, r, g, b), no alpha.
        XCTAssertEqual(k.first?["s"]?.numbers, [0, 0, 0, 0, 0, 1, 1, 1, 0.25, 0, 0, 0])
        XCTAssertEqual(k.last?["s"]?.numbers, [0.75, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0])
        XCTAssertTrue(k.allSatisfy { $0["s"]?.numbers?.count == 12 })
        XCTAssertEqual(result.channels.first { $0.property == "gradient.stops" }?.method, .exact)
    }

    func testWhatLottieCannotShowIsAWarningNamingTheLayer() throws {
        let root = canvas()
        let card = square("card")
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        root.addSublayer(card)
        let result = try export(makeClip(root))
        XCTAssertEqual(result.warnings.map(\.layer), ["card"])
        XCTAssertTrue(result.warnings[0].message.contains("shadow"), result.warnings[0].message)
    }

    func testTheSameClipGivesTheSameBytes() throws {
        func scene() -> Clip {
            let root = canvas()
            let dot = square("dot")
            dot.add(
                try! SpringAnimation(from: 0.0, to: 1.0, spring: try! Spring(duration: 0.5, bounce: 0.2)),
                for: \.opacity)
            root.addSublayer(dot)
            return makeClip(root)
        }
        XCTAssertEqual(try export(scene()).bytes, try export(scene()).bytes)
    }

    func testBadClipsAndOptionsAreErrorsNamingTheValue() {
        let root = canvas()
        XCTAssertThrowsError(try export(makeClip(root, duration: .nan))) { error in
            XCTAssertTrue("\(error)".contains("duration"), "\(error)")
        }
        XCTAssertThrowsError(try export(makeClip(Layer(), duration: 1))) { error in
            XCTAssertTrue("\(error)".contains("canvas"), "\(error)")
        }
        XCTAssertThrowsError(try export(makeClip(root), framesPerSecond: 0)) { error in
            XCTAssertTrue("\(error)".contains("framesPerSecond"), "\(error)")
        }
        var options = LottieExportOptions()
        options.tolerance.angle = -1
        XCTAssertThrowsError(try LottieExporter(glyphs: SquareGlyphs(), options: options).export(makeClip(root))) {
            XCTAssertTrue("\($0)".contains("tolerance.angle"), "\($0)")
        }
    }

    /// Core Animation's key paths are written on the channels they move: keyframes of transform.rotation.z and an
    /// eased bounds.size.width exactly, the springs (which Lottie has no curve for) baked within the tolerance.
    func testKeyPathPartsAreWrittenOnTheirChannels() throws {
        let result = try export(try popBounceWiggleClip(), framesPerSecond: 30)
        func channel(_ layer: String, _ property: String) -> ChannelReport? {
            result.channels.first { $0.layer == layer && $0.property == property }
        }
        XCTAssertEqual(channel("card", "rotation")?.method, .exact, result.channels.description)
        // The wiggle changes the rotation part only: the scale and skew it is recomposed with are written with
        // it, exactly, and stay the card's (1.2, no skew).
        XCTAssertTrue(channel("card", "scale")?.maximumError.allSatisfy { $0 < 1e-9 } ?? true)
        XCTAssertEqual(channel("bar", "rect.size")?.method, .exact, result.channels.description)
        let scale = try XCTUnwrap(channel("badge", "scale"), result.channels.description)
        XCTAssertTrue(zip(scale.maximumError, scale.tolerance).allSatisfy { $0 <= $1 }, scale.description)
        let y = try XCTUnwrap(channel("ball", "position.y") ?? channel("ball", "position"), result.channels.description)
        XCTAssertTrue(zip(y.maximumError, y.tolerance).allSatisfy { $0 <= $1 }, y.description)
        XCTAssertNil(channel("ball", "position.x"), "only y moves")
    }

    /// A clip shorter than one frame is written as one frame (op 1), not as an animation of none (op = ip = 0).
    func testAClipShorterThanAFrameIsOneFrame() throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        for duration in [1e-300, 0.001] {
            let document = try export(makeClip(root, duration: duration), framesPerSecond: 30).document
            XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self).contains(#""op":1,"#), true, "\(duration)")
        }
    }
}
