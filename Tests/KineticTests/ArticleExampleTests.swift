import Foundation
import Kinetic
import KineticFiles
import KineticOutput
import KineticRaster
import KineticTerminal
import KineticTestSupport
import XCTest

/// The code of the documentation articles (the `.docc` catalogs under Sources, and docs/), compiled and run here.
///
/// Each `doc-example` region below is the code of one block of an article, exactly; the first test checks that
/// every Swift block of every article is one of these regions (or is marked "Illustrative:" on the line before
/// it), and that every region is still shown by some article. The other tests run the regions in a temporary
/// folder and check what they compute and the files they write.
final class ArticleExampleTests: XCTestCase {
    // MARK: Every block is tested or marked

    func testEveryCodeBlockIsRunHereOrMarkedIllustrative() throws {
        let regions = try Self.regions()
        XCTAssertGreaterThan(regions.count, 20, "the regions were not found")
        var used = Set<Int>()
        var blockCount = 0
        for article in try Self.articles() {
            let text = try String(contentsOfFile: article, encoding: .utf8)
            for block in Self.codeBlocks(in: text) {
                blockCount += 1
                let place = "\(article.dropFirst(Self.root.count + 1)):\(block.line)"
                if block.isIllustrative { continue }
                if block.language == "swift" {
                    let lines = Self.normalised(block.code, droppingImports: true)
                    if let index = regions.firstIndex(of: lines) {
                        used.insert(index)
                    } else {
                        XCTFail(
                            "\(place): this Swift block is not run by a test; copy it into a doc-example region of "
                                + "\(#fileID) (or write \"Illustrative:\" on the line before it)")
                    }
                } else if !block.code.hasPrefix("$ kinetic ") && !block.code.hasPrefix("# kinetic-nginx-begin") {
                    XCTFail(
                        "\(place): a \(block.language.isEmpty ? "plain" : block.language) block that is neither a "
                            + "`$ kinetic …` transcript (KineticCLITests runs those), nor docs/serve.md's nginx block "
                            + "(ServeDeploymentTests runs it), nor marked \"Illustrative:\"")
                }
            }
        }
        XCTAssertGreaterThan(blockCount, 20, "the articles' code blocks were not found")
        for index in regions.indices where !used.contains(index) {
            XCTFail(
                "doc-example region \(index + 1) of \(#fileID) is shown by no article: \(regions[index].first ?? "")")
        }
    }

    // MARK: Live values below a tool's output (KineticTerminal)

    func testLiveRegion() async throws {
        // Standard output goes to a file for the example (not a terminal: log lines, then the final values once).
        let path = NSTemporaryDirectory() + "kinetic-live-\(UUID().uuidString).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        fflush(nil)
        let saved = dup(1)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        dup2(file, 1)
        close(file)
        do {
            // doc-example:start
            let clock = SystemClock()
            try await LiveRegion.run(device: SystemTerminal(), environment: .current(), clock: clock) { region in
                var files = 0
                for step in ["static assets", "server bundle", "migrations"] {
                    try await clock.sleep(until: clock.now + 0.2)  // the step's work
                    files += 400
                    region.print("✓ uploaded \(step)")
                    try region.update([
                        LiveLine(.text("files "), .count(LiveCount(Double(files), minimumWidth: 5))),
                        LiveLine(.progress(LiveProgress(fraction: Double(files) / 1200))),
                    ])
                }
            }
            // doc-example:end
        } catch {
            dup2(saved, 1)
            throw error
        }
        dup2(saved, 1)
        close(saved)
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            "✓ uploaded static assets\n✓ uploaded server bundle\n✓ uploaded migrations\nfiles 1,200\n"
                + String(repeating: "█", count: 30) + " 100%\n")
    }

    // MARK: A file written whole (the landing page of KineticFiles)

    func testAFileWrittenWhole() throws {
        try inTemporaryFolder { folder in
            let json = #"{"ok": true}"#
            // doc-example:start
            let file = try OutputFile(path: "report.json")
            try file.write(Array(json.utf8))
            try file.commit()  // report.json appears now, whole
            // doc-example:end
            XCTAssertEqual(try String(contentsOfFile: folder + "/report.json", encoding: .utf8), json)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["report.json"])
        }
    }

    // MARK: Your first GIF (and the landing pages of Kinetic and KineticRaster)

    func testYourFirstGIF() throws {
        try inTemporaryFolder { folder in
            // doc-example:start
            try ElevatorNumber(values: [7, 8, 9, 10], interval: 0.8).render(to: "elevator.gif")
            // doc-example:end

            // 240 × 160 points at scale 1, lasting until the last change has settled plus one second.
            let elevator = try ElevatorNumber(values: [7, 8, 9, 10], interval: 0.8).makeClip(
                measuring: PangoTextMeasurer())
            XCTAssertEqual(elevator.duration, elevator.root.animationEndTime + 1, accuracy: 1e-9)
            XCTAssertGreaterThan(elevator.root.animationEndTime, 2.4)
            XCTAssertEqual(try elevator.plan(for: "elevator.gif").framesPerSecond, 30)
            let gif = try GIFTestDecoder.decode(path: folder + "/elevator.gif")
            XCTAssertEqual([gif.width, gif.height], [240, 160])
            XCTAssertEqual(gif.frames.reduce(0) { $0 + $1.duration }, elevator.duration, accuracy: 0.05)
            XCTAssertNotEqual(gif.frames.first?.image, gif.frames.last?.image, "the number never changed")

            // doc-example:start
            // A 240 × 120 point canvas with a card in the middle.
            let canvas = Layer(frame: Rect(x: 0, y: 0, width: 240, height: 120))
            canvas.backgroundColor = Color(red: 0.11, green: 0.11, blue: 0.12)
            let card = Layer(frame: Rect(x: 70, y: 30, width: 100, height: 60))
            card.backgroundColor = .white
            card.cornerRadius = 12
            canvas.addSublayer(card)

            // The card fades in over 0.6 s while it drops into place on a spring. Both end at the model values
            // (opacity 1, the position the frame gave it), so the card stays where it lands.
            card.add(BasicAnimation(from: 0.0, to: 1.0, duration: 0.6, timingFunction: .easeOut), for: \.opacity)
            let spring = try Spring(response: 0.5, dampingFraction: 0.6)
            let drop = try SpringAnimation(from: Point(x: 120, y: 20), to: card.position, spring: spring)
            card.add(drop, for: \.position)

            // Two seconds of it as a GIF, at 20 frames per second and twice the size in pixels.
            let clip = Clip(root: canvas, duration: 2)
            let file = try clip.render(to: "card.gif", options: RenderOptions(framesPerSecond: 20, scale: 2))
            print(file.plan.frameCount, "frames of", file.writtenWidth, "×", file.writtenHeight, "pixels")
            // doc-example:end

            // What the article says it prints: 40 frames of 480 × 240 pixels.
            XCTAssertEqual(file.path, "card.gif")
            XCTAssertEqual([file.plan.frameCount, file.writtenWidth, file.writtenHeight], [40, 480, 240])
            // At the start the card is invisible (only the canvas shows where it will land); at the end it is
            // white where its model frame says.
            let cards = try GIFTestDecoder.decode(path: folder + "/card.gif")
            XCTAssertEqual([cards.width, cards.height], [480, 240])
            let first = try XCTUnwrap(cards.frames.first?.image)
            let last = try XCTUnwrap(cards.frames.last?.image)
            assertClose(Self.rgb(first[240, 120]), [28, 28, 31], accuracy: 2)
            assertClose(Self.rgb(last[240, 120]), [255, 255, 255], accuracy: 2)
            assertClose(Self.rgb(last[240, 50]), [28, 28, 31], accuracy: 2, "the card ends at y 30…90 points")

            // doc-example:start
            let atStart = clip.presentation(at: 0).sublayers[0]
            print(atStart.opacity, atStart.position)  // 0.0 and (120, 20): invisible, above its place
            let plan = try clip.plan(for: "card.mp4", options: RenderOptions(scale: 2))
            print(plan.frameCount, plan.pixelWidth, plan.pixelHeight)  // 60 frames of 480 × 240 pixels
            // doc-example:end

            XCTAssertEqual(atStart.opacity, 0)
            XCTAssertEqual(atStart.position, Point(x: 120, y: 20))
            XCTAssertEqual([plan.frameCount, plan.pixelWidth, plan.pixelHeight], [60, 480, 240])
            XCTAssertEqual(plan.format, .mp4)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/card.mp4"), "a plan writes nothing")

            // doc-example:start
            /// A dot that pulses forever: a seamless one-second loop.
            struct Pulse: Effect {
                var color: Color = .red

                func makeClip(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Clip {
                    let canvas = Layer(frame: Rect(x: 0, y: 0, width: 120, height: 120))
                    let dot = ShapeLayer(path: .ellipse(in: Rect(x: 0, y: 0, width: 40, height: 40)), fillColor: color)
                    dot.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
                    dot.position = Point(x: 60, y: 60)
                    let timing = MediaTiming(duration: 0.5, repeatCount: .infinity, autoreverses: true)
                    dot.add(BasicAnimation(from: 1.0, to: 0.3, timing: timing), for: \.opacity)
                    canvas.addSublayer(dot)
                    return Clip(root: canvas, duration: 1, loops: true, background: .white)
                }
            }

            try Pulse().render(to: "pulse.gif")
            // doc-example:end

            // One second on white, looping forever; the dot fully red at 0 s, at 30 % at 0.5 s.
            let pulse = try GIFTestDecoder.decode(path: folder + "/pulse.gif")
            XCTAssertEqual([pulse.width, pulse.height, pulse.plays], [120, 120, 0])
            XCTAssertEqual(pulse.frames.reduce(0) { $0 + $1.duration }, 1, accuracy: 0.01)
            assertClose(Self.rgb(try XCTUnwrap(Self.frame(of: pulse, at: 0))[60, 60]), [255, 0, 0], accuracy: 3)
            assertClose(Self.rgb(try XCTUnwrap(Self.frame(of: pulse, at: 0.5))[60, 60]), [255, 178, 178], accuracy: 6)
        }
    }

    // MARK: Core Animation rules you will trip on

    func testZeroBoundsDrawFromThePosition() throws {
        // doc-example:start
        let canvas = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let dot = ShapeLayer(path: .ellipse(in: Rect(x: 0, y: 0, width: 20, height: 20)), fillColor: .red)
        dot.position = Point(x: 50, y: 50)
        canvas.addSublayer(dot)
        // The bounds are zero: the dot covers (50, 50) to (70, 70), so its centre is at (60, 60).
        // doc-example:end

        let renderer = try LayerRenderer(pixelWidth: 100, pixelHeight: 100, background: .white)
        let before = try XCTUnwrap(ReadmeExampleTests.redCentre(try renderer.render(canvas, at: 0)))
        XCTAssertEqual(before.x, 60, accuracy: 0.1)
        XCTAssertEqual(before.y, 60, accuracy: 0.1)

        // doc-example:start
        dot.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        // Now the dot covers (40, 40) to (60, 60): its centre is the position, (50, 50).
        // doc-example:end

        let after = try XCTUnwrap(ReadmeExampleTests.redCentre(try renderer.render(canvas, at: 0)))
        XCTAssertEqual(after.x, 50, accuracy: 0.1)
        XCTAssertEqual(after.y, 50, accuracy: 0.1)
        XCTAssertEqual(dot.frame, Rect(x: 40, y: 40, width: 20, height: 20))
    }

    func testTheModelValueIsNotWhatYouSee() {
        // doc-example:start
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        layer.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.opacity)
        let model = layer.opacity  // 1.0: the model value, untouched by the animation
        let shown = layer.presentation(at: 0.25).opacity  // 0.25: what shows a quarter of a second in
        // doc-example:end

        XCTAssertEqual(model, 1)
        XCTAssertEqual(shown, 0.25, accuracy: 1e-12)
    }

    func testTheModelValueShowsWhenAnAnimationEnds() {
        // doc-example:start
        let box = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))  // position (20, 20)
        box.add(BasicAnimation(from: box.position, to: Point(x: 200, y: 20), duration: 1), for: \.position)
        let during = box.presentation(at: 0.5).position  // (110, 20): halfway
        let after = box.presentation(at: 2).position  // (20, 20): back at the model value
        // doc-example:end

        XCTAssertEqual(during, Point(x: 110, y: 20))
        XCTAssertEqual(after, Point(x: 20, y: 20))

        // doc-example:start
        let start = box.position
        box.position = Point(x: 200, y: 20)
        box.add(BasicAnimation(from: start, to: box.position, duration: 1), for: \.position)  // same key: replaces it
        let settled = box.presentation(at: 2).position  // (200, 20), and it stays there
        // doc-example:end

        XCTAssertEqual(settled, Point(x: 200, y: 20))
        XCTAssertEqual(box.presentation(at: 0).position, Point(x: 20, y: 20), "it still starts where it was")
        XCTAssertEqual(box.animationKeys.count, 1, "the second animation replaced the first")
    }

    func testFillModes() {
        // doc-example:start
        let badge = Layer(frame: Rect(x: 0, y: 0, width: 24, height: 24))
        var timing = MediaTiming(beginTime: 0.5, duration: 0.3)
        badge.add(BasicAnimation(from: 0.0, to: 1.0, timing: timing), for: \.opacity)
        let early = badge.presentation(at: 0.2).opacity  // 1.0: before 0.5 s the animation does not apply
        // doc-example:end

        XCTAssertEqual(early, 1)
        XCTAssertEqual(badge.presentation(at: 0.5).opacity, 0, "it blinks out when the fade starts")

        // doc-example:start
        timing.fillMode = .backwards
        badge.add(BasicAnimation(from: 0.0, to: 1.0, timing: timing), for: \.opacity)
        let waiting = badge.presentation(at: 0.2).opacity  // 0.0: hidden until the fade starts
        // doc-example:end

        XCTAssertEqual(waiting, 0)
        XCTAssertEqual(badge.presentation(at: 0.65).opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(badge.presentation(at: 2).opacity, 1, "after the end: the model value")

        // The table's other rows: forwards holds the last value after the end, both fills on both sides.
        let fading = Layer()
        fading.opacity = 0.8
        for (mode, before, after) in [
            (FillMode.removed, 0.8, 0.8), (.backwards, 0, 0.8), (.forwards, 0.8, 0.4), (.both, 0, 0.4),
        ] {
            fading.add(
                BasicAnimation(from: 0.0, to: 0.4, timing: MediaTiming(beginTime: 1, duration: 1, fillMode: mode)),
                for: \.opacity)
            XCTAssertEqual(fading.presentation(at: 0.5).opacity, before, accuracy: 1e-12, "\(mode) before")
            XCTAssertEqual(fading.presentation(at: 3).opacity, after, accuracy: 1e-12, "\(mode) after")
        }
    }

    func testTheAnimatorRemovesFinishedAnimations() {
        // doc-example:start
        let clock = ManualClock()
        let animator = Animator(clock: clock)
        let x = animator.makeKey("x", modelValue: 0.0)
        let timing = MediaTiming(duration: 1, fillMode: .forwards)

        animator.add(BasicAnimation(from: 0.0, to: 100.0, timing: timing), for: x)
        clock.advance(by: 2)
        animator.tick()
        let removed = animator.presentationValue(for: x)  // 0.0: removed when it finished, fill mode or not

        animator.add(BasicAnimation(from: 0.0, to: 100.0, timing: timing), for: x, removedOnCompletion: false)
        clock.advance(by: 2)
        animator.tick()
        let kept = animator.presentationValue(for: x)  // 100.0: kept, and its forwards fill holds the last value
        // doc-example:end

        XCTAssertEqual(removed, 0)
        XCTAssertEqual(kept, 100)
        XCTAssertEqual(animator.runningAnimationCount, 1)
    }

    // MARK: The elevator number

    func testPopBounceWiggleArticle() throws {
        // doc-example:start
        let canvas = Layer(frame: Rect(x: 0, y: 0, width: 300, height: 120))
        canvas.backgroundColor = .white
        let badge = Layer(frame: Rect(x: 20, y: 30, width: 60, height: 60))
        badge.backgroundColor = .red
        badge.cornerRadius = 30
        badge.add(try SpringAnimation(from: 0.0, to: 1.0, spring: .bouncy), for: \.transform.scale)
        canvas.addSublayer(badge)
        // doc-example:end

        // doc-example:start
        let ball = Layer(frame: Rect(x: 130, y: 70, width: 40, height: 40))
        ball.backgroundColor = .blue
        ball.cornerRadius = 20
        ball.add(
            try SpringAnimation(from: 10.0, to: 90.0, spring: Spring(response: 0.5, dampingFraction: 0.4)),
            for: \.position.y)
        canvas.addSublayer(ball)
        // doc-example:end

        // doc-example:start
        let card = Layer(frame: Rect(x: 220, y: 35, width: 60, height: 50))
        card.backgroundColor = .green
        card.transform = AffineTransform.scale(x: 1.2, y: 1.2).rotated(by: 0.1)
        let wiggle = try KeyframeAnimation(values: [0.1, 0.35, -0.15, 0.25, 0.1], timing: MediaTiming(duration: 0.8))
        try card.add(wiggle, forKeyPath: "transform.rotation.z")
        canvas.addSublayer(card)

        let clip = Clip(root: canvas, duration: 1.5)
        // doc-example:end

        // The pop: the scale part alone moves, from 0, past 1 (bouncy overshoots), back to 1.
        let scales = stride(from: 0.0, through: 1.5, by: 0.01).map {
            clip.presentation(at: $0).sublayers[0].transform.scale
        }
        XCTAssertEqual(scales.first ?? -1, 0, accuracy: 1e-12)
        XCTAssertGreaterThan(scales.max() ?? 0, 1.02, "a bouncy spring overshoots")
        XCTAssertEqual(scales.last ?? 0, 1, accuracy: 0.01)
        // About the anchor point (the centre): the red disc at scale s spans 50 ± 30·s horizontally, as Core
        // Animation draws it.
        let renderer = try LayerRenderer(pixelWidth: 300, pixelHeight: 120)
        for time in [0.08, 0.15, 0.3] {
            let s = clip.presentation(at: time).sublayers[0].transform.scale
            let frame = try renderer.render(canvas, at: time)
            let red = (0..<150).filter { x in
                let p = frame[x, 60]
                return p.red > 200 && p.green < 60 && p.blue < 60
            }
            XCTAssertEqual(Double(red.first ?? 0), 50 - 30 * s, accuracy: 1.5, "t \(time), scale \(s)")
            XCTAssertEqual(Double((red.last ?? 0) + 1), 50 + 30 * s, accuracy: 1.5, "t \(time), scale \(s)")
        }
        // The bounce: position.y from 10 past 90 and back; x stays.
        let ys = stride(from: 0.0, through: 1.5, by: 0.01).map { clip.presentation(at: $0).sublayers[1].position }
        XCTAssertEqual(ys.first?.y ?? 0, 10, accuracy: 1e-9)
        XCTAssertGreaterThan(ys.map(\.y).max() ?? 0, 95)
        XCTAssertEqual(ys.last?.y ?? 0, 90, accuracy: 0.5)
        XCTAssertTrue(ys.allSatisfy { $0.x == 150 })
        // The wiggle: the rotation part follows the keyframes (0.35 at 0.2 s), the 1.2 scale stays; after 0.8 s
        // the model's own turn (0.1) shows again.
        let turned = clip.presentation(at: 0.2).sublayers[2].transform
        XCTAssertEqual(turned.rotation, 0.35, accuracy: 1e-9)
        XCTAssertEqual(turned.scaleX, 1.2, accuracy: 1e-9)
        XCTAssertEqual(turned.scaleY, 1.2, accuracy: 1e-9)
        XCTAssertEqual(clip.presentation(at: 0.5).sublayers[2].transform.rotation, 0.05, accuracy: 1e-9)
        XCTAssertEqual(clip.presentation(at: 1).sublayers[2].transform.rotation, 0.1, accuracy: 1e-9)
        XCTAssertThrowsError(try card.add(wiggle, forKeyPath: "transform.skew")) {
            XCTAssertTrue("\($0)".hasPrefix("'transform.skew' is not a key path Kinetic animates"), "\($0)")
        }
    }

    func testKineticOutputOverview() throws {
        try inTemporaryFolder { folder in
            // doc-example:start
            let elevator = ElevatorNumber(values: [7, 42, 1999], interval: 0.8)
            try elevator.write(to: "elevator.gif")
            try elevator.write(to: "elevator.json")  // Lottie, for lottie-ios
            let svg = try elevator.write(as: .svg).bytes  // in memory
            // doc-example:end

            let gif = try GIFTestDecoder.decode(path: folder + "/elevator.gif")
            XCTAssertEqual([gif.width, gif.height], [240, 160])
            let json = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder + "/elevator.json")))
            XCTAssertEqual((json as? [String: Any])?["fr"] as? Double, 30)
            XCTAssertTrue(String(decoding: svg, as: UTF8.self).hasPrefix("<svg"))
        }
    }

    func testLottieAndSVGArticle() throws {
        try inTemporaryFolder { folder in
            // doc-example:start
            let count = CountUp(
                to: 12_480, format: NumberFormat(style: .currency(code: "USD"), localeIdentifier: "en_US"))
            let lottie = try count.write(to: "revenue.json")
            print(lottie.plan.framesPerSecond, lottie.plan.duration)  // 30 fps, the count's length
            // doc-example:end

            XCTAssertEqual(lottie.plan.framesPerSecond, 30)
            XCTAssertEqual(lottie.plan.duration, count.endTime + CountUp.hold, accuracy: 1e-9)
            XCTAssertEqual(lottie.format, .lottie)
            let text = try String(contentsOfFile: folder + "/revenue.json", encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("{\"v\":\"5.7.0\""), String(text.prefix(40)))

            // doc-example:start
            let readme = try CountUp(to: 12_480).write(
                to: "downloads.svg", options: OutputOptions(background: .transparent))
            print(readme.byteCount)  // a few kilobytes: no script, no font, no outside file
            // doc-example:end

            let svg = try String(contentsOfFile: folder + "/downloads.svg", encoding: .utf8)
            XCTAssertEqual(readme.byteCount, svg.utf8.count)
            XCTAssertLessThan(readme.byteCount, 64_000)
            for forbidden in ["<script", "@font-face", "http://", "https://"] where forbidden != "http://" {
                XCTAssertFalse(svg.contains(forbidden), forbidden)
            }

            // doc-example:start
            do {
                try CountUp(to: 99).write(to: "count.svg", options: OutputOptions(scale: 2))
            } catch {
                print(error)  // scale does not apply to SVG: SVG is vectors, drawn at any size where it is shown; …
            }
            // doc-example:end
            XCTAssertThrowsError(try CountUp(to: 99).write(to: "count.svg", options: OutputOptions(scale: 2))) {
                XCTAssertTrue(
                    "\($0)".hasPrefix(
                        "scale does not apply to SVG: SVG is vectors, drawn at any size where it is shown;"),
                    "\($0)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/count.svg"))

            // doc-example:start
            let bytes = try ShimmerScene(content: .text(ShimmerText(string: "Loading…")), style: .default(Shimmer()))
                .write(as: .svg).bytes
            // doc-example:end
            XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("<animate"))
        }
    }

    func testElevatorNumberArticle() throws {
        try inTemporaryFolder { folder in
            // doc-example:start
            var elevator = ElevatorNumber(values: [7, 8, 9, 10, 99, 100], interval: 0.8)
            elevator.stagger = 0.04
            try elevator.render(to: "elevator.gif")
            // doc-example:end

            let clip = try elevator.makeClip(measuring: PangoTextMeasurer())
            XCTAssertEqual(clip.duration, clip.root.animationEndTime + ElevatorNumber.hold, accuracy: 1e-9)
            XCTAssertEqual(ElevatorNumber.hold, 1)
            let gif = try GIFTestDecoder.decode(path: folder + "/elevator.gif")
            XCTAssertEqual([gif.width, gif.height], [240, 160])
            XCTAssertEqual(gif.frames.reduce(0) { $0 + $1.duration }, clip.duration, accuracy: 0.05)
            XCTAssertEqual(try elevator.makeManager(measuring: PangoTextMeasurer()).text, "100")

            // doc-example:start
            try ElevatorNumber(values: [0, 1, 2, 3], interval: 1, style: .seed).render(to: "elevator-seed.gif")
            // doc-example:end

            // The last value arrives at 3 s and slides for 1 s; then the clip holds it for 1 s. The box is
            // 100 × 100 points in the middle of the canvas, with a 1-point blue border.
            let seed = try GIFTestDecoder.decode(path: folder + "/elevator-seed.gif")
            XCTAssertEqual([seed.width, seed.height], [240, 160])
            XCTAssertEqual(seed.frames.reduce(0) { $0 + $1.duration }, 5, accuracy: 0.05)
            let still = try XCTUnwrap(seed.frames.last?.image)
            assertClose(Self.rgb(still[70, 80]), [0, 0, 255], accuracy: 8, "the box's left border")
            assertClose(Self.rgb(still[68, 80]), [255, 255, 255], accuracy: 8, "outside the box")

            // doc-example:start
            var price = ElevatorNumber(values: [9.99, 12.5, 10], interval: 1)
            price.format = NumberFormat(style: .currency(code: "EUR"), localeIdentifier: "de_DE")
            price.direction = .shortest
            try price.render(to: "price.apng")
            // doc-example:end

            XCTAssertEqual(price.format.string(for: 12.5), "12,50\u{A0}€")
            let apng = try PNGTestDecoder.decode(path: folder + "/price.apng")
            // The canvas grows from 240 to hold "12,50 €" with a font size (50 pt) of margin (`fitsWidth`).
            let priceClip = try price.makeClip(measuring: PangoTextMeasurer())
            XCTAssertEqual([apng.width, apng.height], [245, 160])
            XCTAssertEqual(Double(apng.width), priceClip.size.width)
            XCTAssertEqual(apng.frames.reduce(0) { $0 + $1.duration }, priceClip.duration, accuracy: 0.05)
        }
    }

    // MARK: The count-up

    func testCountUpArticle() throws {
        try inTemporaryFolder { folder in
            // doc-example:start
            let yen = NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP")
            let count = CountUp(to: 10_000, format: yen)
            let final = count.text(at: 5)  // "¥10,000"
            try count.render(to: "count.gif")
            // doc-example:end

            XCTAssertEqual(final, "¥10,000")
            XCTAssertEqual(CountUp.hold, 1.5)
            XCTAssertEqual(count.endTime, 2, accuracy: 1 / 60)
            let gif = try GIFTestDecoder.decode(path: folder + "/count.gif")
            XCTAssertEqual([gif.width, gif.height], [320, 120])
            XCTAssertEqual(gif.frames.reduce(0) { $0 + $1.duration }, count.endTime + 1.5, accuracy: 0.05)
            // Smart easing: a jump of 10,000 runs linearly to 9,667 in the first second, then eases.
            XCTAssertEqual(count.value(at: 1), 10_000 - 333, accuracy: 1e-6)
            XCTAssertEqual(count.value(at: 0.5), (10_000 - 333) / 2, accuracy: 1e-6)

            // doc-example:start
            let seed = CountUp(from: 0, to: 1_000, style: .seed)
            let afterOneTick = seed.text(at: 0.02)  // "20"
            try seed.render(to: "count-seed.gif")
            // doc-example:end

            XCTAssertEqual(afterOneTick, "20")
            XCTAssertEqual(CountUp(from: 0, to: 10_000, style: .seed).text(at: 0.04), "400")
            XCTAssertEqual(seed.endTime, 1, accuracy: 1e-9, "50 ticks of 0.02 s")
            XCTAssertEqual(seed.text(at: seed.endTime), "1000")
            let seedGIF = try GIFTestDecoder.decode(path: folder + "/count-seed.gif")
            XCTAssertEqual(seedGIF.frames.reduce(0) { $0 + $1.duration }, 2.5, accuracy: 0.05)

            // doc-example:start
            var score = CountUp(from: -50, to: 1_250.5)
            score.format = NumberFormat(fractionDigits: 1, suffix: " pts")
            score.easing = .spring(try Spring(response: 0.8, dampingFraction: 0.8))
            score.retargets = [NumberChange(time: 1.5, value: 2_000)]
            try score.render(to: "score.png")  // a still: the last frame, 2,000 pts
            // doc-example:end

            XCTAssertEqual(score.text(at: 0), "-50.0 pts")
            XCTAssertEqual(score.text(at: score.endTime), "2,000.0 pts")
            let png = try PNGTestDecoder.decode(path: folder + "/score.png")
            // The canvas grows from 320 to hold "2,000.0 pts" with a font size (56 pt) of margin, as on the command
            // line (`fitsWidth`).
            XCTAssertEqual([png.width, png.height, png.frames.count], [382, 120, 1])
        }
    }

    // MARK: The shimmer

    func testShimmerArticle() throws {
        try inTemporaryFolder { folder in
            // doc-example:start
            let scene = ShimmerScene(
                content: .text(ShimmerText(string: "slide to unlock")), style: .default(Shimmer(highlightLength: 0.5)))
            try scene.render(to: "shimmer.gif")
            // doc-example:end

            // One cycle, L / speed + pause, over the 480-point box: 480 / 230 + 0.4 s.
            XCTAssertEqual(try scene.clipDuration(), 480.0 / 230 + 0.4, accuracy: 1e-9)
            let gif = try GIFTestDecoder.decode(path: folder + "/shimmer.gif")
            XCTAssertEqual([gif.width, gif.height, gif.plays], [480, 96, 0])
            XCTAssertEqual(gif.frames.reduce(0) { $0 + $1.duration }, 480.0 / 230 + 0.4, accuracy: 0.05)
            let corner = try XCTUnwrap(gif.frames.first?.image)[2, 2]
            assertClose(Self.rgb(corner), [28, 28, 30], accuracy: 2, "the default style's near-black background")

            // doc-example:start
            let seed = ShimmerScene(content: .text(ShimmerText(string: "slide to unlock")), style: .seed(ShimmerSeed()))
            try seed.render(to: "shimmer-seed.gif")
            // doc-example:end

            let seedGIF = try GIFTestDecoder.decode(path: folder + "/shimmer-seed.gif")
            XCTAssertEqual(seedGIF.frames.reduce(0) { $0 + $1.duration }, 2, accuracy: 0.05)
            assertClose(Self.rgb(try XCTUnwrap(seedGIF.frames.first?.image)[2, 2]), [90, 200, 250], accuracy: 2)
            XCTAssertEqual(ShimmerSeed.locations(at: 1), [0.375, 0.5, 0.625])

            // doc-example:start
            let loading = ShimmerScene(
                size: Size(width: 360, height: 120), content: .skeleton(SkeletonPlaceholder()),
                style: .default(Shimmer(tilt: 20, stopAt: 3)))
            let clip = try loading.makeClip(measuring: PangoTextMeasurer())
            let seconds = clip.duration  // when the last sweep and the fade-out are over, plus 0.5 s
            try loading.render(to: "loading.apng")
            // doc-example:end

            XCTAssertFalse(clip.loops)
            XCTAssertGreaterThan(seconds, 3 + 0.3 + 0.5)
            let apng = try PNGTestDecoder.decode(path: folder + "/loading.apng")
            XCTAssertEqual([apng.width, apng.height], [360, 120])
            XCTAssertEqual(apng.frames.reduce(0) { $0 + $1.duration }, seconds, accuracy: 0.05)
        }
    }

    // MARK: The collapse

    func testCollapseArticle() throws {
        try inTemporaryFolder { folder in
            // doc-example:start
            let screen = ExampleScreen().makeLayer()
            let collapse = try Collapse(screen: screen)
            let restedAt = collapse.restedAt  // seconds until all lay still (nil: still moving at the end)
            try collapse.render(to: "collapse.gif", options: RenderOptions(framesPerSecond: 15))
            // doc-example:end

            XCTAssertEqual(collapse.spec, CollapseSpec.seed)
            let rested = try XCTUnwrap(restedAt, "the seed's pieces come to rest within its 4 s")
            XCTAssertLessThan(rested, 4)
            XCTAssertGreaterThan(collapse.pieces.count, 10)
            let gif = try GIFTestDecoder.decode(path: folder + "/collapse.gif")
            XCTAssertEqual([gif.width, gif.height], [375, 667])
            XCTAssertEqual(gif.frames.reduce(0) { $0 + $1.duration }, 4, accuracy: 0.05)

            // doc-example:start
            let tumble = CollapseSpec(
                gravityAngle: 1.95, elasticity: 0.3, friction: 0.3, delay: .random(maximum: 0.8, seed: 1), duration: 3)
            let tumbling = try Collapse(screen: ExampleScreen().makeLayer(), spec: tumble)
            try tumbling.render(to: "tumble.gif", options: RenderOptions(framesPerSecond: 15))
            // doc-example:end

            let tumbled = try GIFTestDecoder.decode(path: folder + "/tumble.gif")
            XCTAssertEqual(tumbled.frames.reduce(0) { $0 + $1.duration }, 3, accuracy: 0.05)
            let again = try Collapse(screen: ExampleScreen().makeLayer(), spec: tumble)
            XCTAssertEqual(again.pieces.map(\.delay), tumbling.pieces.map(\.delay), "the same seed, the same delays")
            XCTAssertEqual(again.pieces.map(\.centers), tumbling.pieces.map(\.centers))
            XCTAssertTrue(tumbling.pieces.contains { $0.delay > 0.4 }, "random delays of up to 0.8 s")
        }
    }

    // MARK: Helpers

    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The articles: every Markdown file of every `.docc` catalog under Sources, and docs/*.md but
    /// docs/simulate.md (whose examples the simulate command's own tests run).
    static func articles() throws -> [String] {
        let files = FileManager.default
        var paths: [String] = []
        for module in try files.contentsOfDirectory(atPath: root + "/Sources").sorted() {
            let catalog = "\(root)/Sources/\(module)/\(module).docc"
            guard let names = files.enumerator(atPath: catalog) else { continue }
            for case let name as String in names where name.hasSuffix(".md") { paths.append(catalog + "/" + name) }
        }
        for name in try files.contentsOfDirectory(atPath: root + "/docs").sorted()
        where name.hasSuffix(".md") && name != "simulate.md" {
            paths.append(root + "/docs/" + name)
        }
        return paths
    }

    /// One fenced code block of a Markdown file.
    struct CodeBlock {
        /// The line of the opening fence, from 1.
        var line: Int
        var language: String
        var code: String
        /// Whether the last non-empty line before the block is "Illustrative:".
        var isIllustrative: Bool
    }

    static func codeBlocks(in text: String) -> [CodeBlock] {
        var blocks: [CodeBlock] = []
        var open: (line: Int, language: String, illustrative: Bool)?
        var code: [Substring] = []
        var previous = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let start = open {
                if trimmed.hasPrefix("```") {
                    blocks.append(
                        CodeBlock(
                            line: start.line, language: start.language, code: code.joined(separator: "\n"),
                            isIllustrative: start.illustrative))
                    open = nil
                    code = []
                } else {
                    code.append(line)
                }
            } else if trimmed.hasPrefix("```") {
                open = (index + 1, String(trimmed.dropFirst(3)), previous == "Illustrative:")
            } else if !trimmed.isEmpty {
                previous = trimmed
            }
        }
        return blocks
    }

    /// The code of every doc-example region of this file, normalised.
    static func regions() throws -> [[String]] {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        var regions: [[String]] = []
        var current: [String]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// doc-example:" + "start" {
                current = []
            } else if trimmed == "// doc-example:" + "end" {
                if let current { regions.append(normalised(current.joined(separator: "\n"), droppingImports: false)) }
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return regions
    }

    /// The lines of `code` without indentation and blank lines (and `import` lines, which a test file has once at
    /// its top), so that a block compares equal to the region indented inside a test.
    static func normalised(_ code: String, droppingImports: Bool) -> [String] {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !(droppingImports && $0.hasPrefix("import ")) }
    }

    /// Runs `body` with a fresh temporary folder as the current directory, so the examples' relative paths write
    /// there; removes the folder afterwards.
    func inTemporaryFolder(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "kinetic-articles-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder))
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try body(folder)
    }

    /// The frame of a decoded animation shown at `time` seconds.
    static func frame(of animation: DecodedAnimation, at time: Double) -> RGBAFrame? {
        var start = 0.0
        for frame in animation.frames {
            if time < start + frame.duration - 1e-9 { return frame.image }
            start += frame.duration
        }
        return animation.frames.last?.image
    }

    /// A pixel's colour (of an opaque frame) as [red, green, blue].
    static func rgb(_ pixel: RGBA8) -> [Int] { [Int(pixel.red), Int(pixel.green), Int(pixel.blue)] }
}

/// Each component within `accuracy` of the expected one.
private func assertClose(
    _ actual: [Int], _ expected: [Int], accuracy: Int, _ message: String = "", file: StaticString = #filePath,
    line: UInt = #line
) {
    let close = actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= accuracy }
    XCTAssertTrue(close, "\(actual) is not within \(accuracy) of \(expected). \(message)", file: file, line: line)
}
