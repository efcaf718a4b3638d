import Foundation
import KineticCore
import XCTest

@testable import KineticDynamics

/// The scene JSON runner behind `kinetic simulate`: formats, defaults, error paths, determinism.
final class SceneSimulationTests: XCTestCase {
    private let dropScene = """
        {"bounds": {"x": 0, "y": 0, "width": 375, "height": 667},
         "items": [{"id": "a", "frame": {"x": 137.5, "y": 100, "width": 100, "height": 100}},
                   {"id": "b", "frame": {"x": 10, "y": 10, "width": 40, "height": 40}, "anchored": true}]}
        """

    private func decode(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Frames before the first step show each item where the scene put it, even where its body's origin comes back
    /// from the centroid's round trip a bit off (a path shape whose centroid is not at its centre): the frames apply
    /// the animator's write-back rule only once a step has moved the bodies, as the write-back itself ran.
    func testFramesBeforeTheFirstStepShowTheItemsAsPlaced() throws {
        var items: [DynamicsScene.Item] = []
        for k in 0..<40 {
            var item = DynamicsScene.Item(
                id: "t\(k)",
                frame: Rect(x: 10 + Double(k) * 9.1, y: 0.7 + Double(k) * 3.3, width: 8, height: 6))
            item.shape = .path([Point(x: -4, y: -3), Point(x: 4, y: -2.9), Point(x: -3.3, y: 3)])
            items.append(item)
        }
        let scene = DynamicsScene(bounds: Rect(x: 0, y: 0, width: 400, height: 400), items: items)
        let result = try SceneSimulation.run(scene: scene, seconds: 0.02, rate: 240)
        // t = 0 and 1/240 s come before the first step (1/120 s).
        for frame in result.frames.prefix(2) {
            for (state, item) in zip(frame.items, items) {
                XCTAssertEqual(state.x.bitPattern, item.frame.center.x.bitPattern, "\(state.id) at t = \(frame.t)")
                XCTAssertEqual(state.y.bitPattern, item.frame.center.y.bitPattern, "\(state.id) at t = \(frame.t)")
            }
        }
        XCTAssertNotEqual(result.frames[4].items[0].y, items[0].frame.center.y, "then the items fall")
    }

    func testDefaultsAreUIKits() throws {
        let scene = try DynamicsScene.parse(Data(dropScene.utf8))
        XCTAssertEqual(scene.gravity, DynamicsScene.Gravity(angle: Double.pi / 2, magnitude: 1))
        XCTAssertEqual(scene.collisionMode, .everything)
        XCTAssertEqual(scene.boundary, .referenceBounds)
        let item = scene.items[0]
        XCTAssertEqual(item.elasticity, 0)
        XCTAssertEqual(item.friction, 0)
        XCTAssertEqual(item.density, 1)
        XCTAssertEqual(item.resistance, 0)
        XCTAssertEqual(item.angularResistance, 0)
        XCTAssertTrue(item.allowsRotation)
        XCTAssertFalse(item.anchored)
        XCTAssertTrue(scene.items[1].anchored)
    }

    func testOutputFormatAndPhysics() throws {
        let data = try SceneSimulation.run(sceneJSON: Data(dropScene.utf8), seconds: 2, rate: 60)
        let text = try XCTUnwrap(String(data: data, encoding: .utf8))
        XCTAssertTrue(text.hasPrefix("{\"rate\": 60, \"frames\": ["))
        XCTAssertTrue(
            text.contains("{\"id\": \"a\", \"x\": 187.5, \"y\": 150, \"angle\": 0, \"vx\": 0, \"vy\": 0, \"w\": 0}"))
        let json = try decode(data)
        XCTAssertEqual(json["rate"] as? Double, 60)
        let frames = try XCTUnwrap(json["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 121)
        XCTAssertEqual(frames[60]["t"] as? Double ?? 0, 1, accuracy: 1e-12)
        let items = try XCTUnwrap(frames[30]["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["id"] as? String }, ["a", "b"])
        // Free fall until the floor: y = 150 + 500 t², v = 1000 t at t = 0.5 s.
        XCTAssertEqual(items[0]["y"] as? Double ?? 0, 275, accuracy: 0.5)
        XCTAssertEqual(items[0]["vy"] as? Double ?? 0, 500, accuracy: 0.5)
        // Resting on the bottom of the bounds at the end, and the anchored item never moved.
        let last = try XCTUnwrap(frames.last?["items"] as? [[String: Any]])
        XCTAssertEqual(last[0]["y"] as? Double ?? 0, 617, accuracy: 0.5)
        XCTAssertEqual(last[1]["x"] as? Double ?? 0, 30)
        let rested = try XCTUnwrap(json["restedAt"] as? Double)
        XCTAssertEqual(rested, (934.0 / 1000).squareRoot() + 0.25, accuracy: 0.1, "lands at √(2·467/1000) s, sleeps")
    }

    func testSameSceneSameBytesAndRatesSampleOneTrajectory() throws {
        let scene = Data(dropScene.utf8)
        let first = try SceneSimulation.run(sceneJSON: scene, seconds: 1.5, rate: 60)
        XCTAssertEqual(first, try SceneSimulation.run(sceneJSON: scene, seconds: 1.5, rate: 60))
        let at60 = try SceneSimulation.run(scene: try DynamicsScene.parse(scene), seconds: 1, rate: 60)
        let at24 = try SceneSimulation.run(scene: try DynamicsScene.parse(scene), seconds: 1, rate: 24)
        XCTAssertEqual(at60.frames.last, at24.frames.last, "t = 1 s is the same state at any rate")
    }

    func testNoGravityAndNoWalls() throws {
        let json = """
            {"bounds": {"x": 0, "y": 0, "width": 100, "height": 100}, "gravity": null,
             "collision": {"mode": "items", "boundary": "none"},
             "items": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]}
            """
        let result = try SceneSimulation.run(scene: try DynamicsScene.parse(Data(json.utf8)), seconds: 1, rate: 10)
        XCTAssertEqual(result.frames.last?.items.first?.y, 5, "nothing moves without gravity")
        XCTAssertEqual(result.restedAt ?? -1, 31.0 / 120, accuracy: 1e-9, "still for timeToSleep (0.25 s), then asleep")
        let falling = json.replacingOccurrences(of: "\"gravity\": null,", with: "")
        let fell = try SceneSimulation.run(scene: try DynamicsScene.parse(Data(falling.utf8)), seconds: 1, rate: 10)
        XCTAssertEqual(fell.frames.last?.items.first?.y ?? 0, 505, accuracy: 0.5, "no walls: falls out of the bounds")
        XCTAssertNil(fell.restedAt)
    }

    func testScenesBuiltInCodeAreValidatedWithPaths() throws {
        var item = DynamicsScene.Item(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let scene = DynamicsScene(bounds: Rect(x: 0, y: 0, width: 100, height: 100), items: [item, item])
        XCTAssertThrowsError(try SceneSimulation.run(scene: scene, seconds: 1, rate: 10)) { error in
            XCTAssertEqual((error as? SceneError)?.path, "items[1].id")
        }
        item.density = 0
        let bad = DynamicsScene(bounds: Rect(x: 0, y: 0, width: 100, height: 100), items: [item])
        XCTAssertThrowsError(try bad.validate()) { error in
            XCTAssertEqual("\(error)", "items[0].density: must be in 0.0001...1000000 (got 0)")
        }
        item.density = 1
        let good = DynamicsScene(bounds: Rect(x: 0, y: 0, width: 100, height: 100), gravity: nil, items: [item])
        XCTAssertEqual(try SceneSimulation.run(scene: good, seconds: 1, rate: 2).frames.count, 3)
    }

    func testCustomBoundarySegment() throws {
        let json = """
            {"bounds": {"x": 0, "y": 0, "width": 375, "height": 667},
             "collision": {"boundary": "none"},
             "boundaries": [{"id": "shelf", "from": [0, 300], "to": [375, 300]}],
             "items": [{"id": "a", "frame": {"x": 100, "y": 0, "width": 50, "height": 50}, "shape": "ellipse"}]}
            """
        let result = try SceneSimulation.run(scene: try DynamicsScene.parse(Data(json.utf8)), seconds: 2, rate: 10)
        XCTAssertEqual(result.frames.last?.items.first?.y ?? 0, 275, accuracy: 0.5)
    }

    func testMalformedScenesNameThePath() {
        func error(_ json: String) -> String {
            do {
                _ = try DynamicsScene.parse(Data(json.utf8))
                return "no error"
            } catch { return error.description }
        }
        let bounds = "\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 375, \"height\": 667}"
        let good = "{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}}"
        let zeroWidth = "{\"id\": \"d\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 0, \"height\": 10}}"
        XCTAssertEqual(
            error(
                "{\(bounds), \"items\": [\(good), \(good.replacingOccurrences(of: "\"a\"", with: "\"b\"")), "
                    + "\(good.replacingOccurrences(of: "\"a\"", with: "\"c\"")), \(zeroWidth)]}"),
            "items[3].frame.width: must be in 0.01...1000000 pt (got 0)")
        XCTAssertEqual(
            error("{\(bounds), \"items\": [\(good), \(good)]}"),
            "items[1].id: \"a\" is used by an earlier item; ids must be unique")
        XCTAssertEqual(error("{\"items\": []}"), "bounds: is required")
        XCTAssertEqual(
            error(
                "{\(bounds), \"items\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}, \"elasticity\": 2}]}"
            ),
            "items[0].elasticity: must be in 0...1 (got 2)")
        XCTAssertEqual(
            error(
                "{\(bounds), \"items\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}, \"colour\": 2}]}"
            ),
            "items[0].colour: unknown field (known: id, frame, angle, elasticity, friction, density, resistance, "
                + "angularResistance, allowsRotation, anchored, shape, cornerRadius)")
        XCTAssertEqual(error("{\(bounds), \"items\": [{\"frame\": 1}]}"), "items[0].id: is required")
        XCTAssertEqual(
            error("{\(bounds), \"items\": [{\"id\": \"a\", \"frame\": 1}]}"),
            "items[0].frame: must be an object (got a number)")
        XCTAssertEqual(
            error("{\(bounds), \"collision\": {\"mode\": \"all\"}, \"items\": []}"),
            "collision.mode: must be \"items\", \"boundaries\" or \"everything\" (got \"all\")")
        XCTAssertEqual(
            error("{\(bounds), \"gravity\": {\"angle\": \"down\"}, \"items\": []}"),
            "gravity.angle: must be a number in -1000000...1000000 rad (got a string)")
        XCTAssertEqual(
            error("{\(bounds), \"boundaries\": [{\"id\": \"f\", \"from\": [0], \"to\": [1, 1]}], \"items\": []}"),
            "boundaries[0].from: must be [x, y], two numbers (got 1 value)")
        XCTAssertEqual(
            error("{\"bounds\": "),
            "$: not valid JSON at line 1 column 12: expected a value (an object, array, string, number, true, false "
                + "or null), found the end of the document")
        XCTAssertEqual(
            error("{\(bounds), \"items\": [], \"\\u0000\": 1}"),
            "[\"\\u0000\"]: unknown field (known: bounds, gravity, collision, items, boundaries)")
        XCTAssertThrowsError(
            try SceneSimulation.run(sceneJSON: Data("{\(bounds), \"items\": []}".utf8), seconds: -1, rate: 60))
        XCTAssertThrowsError(
            try SceneSimulation.run(sceneJSON: Data("{\(bounds), \"items\": []}".utf8), seconds: 1, rate: 0))
    }

    func testFramesAreComputedOneAtATime() throws {
        let scene = try DynamicsScene.parse(Data(dropScene.utf8))
        let frames = try SceneSimulation.Frames(scene: scene, seconds: 2, rate: 24)
        XCTAssertEqual(frames.count, 49)
        XCTAssertEqual(frames.simulatedTime, 0, "building the run takes no step")
        var received: [SceneSimulation.Frame] = []
        while let frame = try frames.next() {
            // The engine has reached frame k's time and not gone on to frame k + 1's: each frame is handed out
            // before the next is computed, so a caller can write it and let it go.
            XCTAssertEqual(frames.nextIndex, received.count + 1)
            XCTAssertLessThanOrEqual(frames.simulatedTime, frame.t + 1e-9)
            XCTAssertGreaterThan(frames.simulatedTime, frame.t - 1.0 / 120 - 1e-9)
            received.append(frame)
        }
        XCTAssertNil(try frames.next(), "stays at the end")
        XCTAssertEqual(frames.nextIndex, 49)
        let whole = try SceneSimulation.run(scene: scene, seconds: 2, rate: 24)
        XCTAssertEqual(received, whole.frames, "the same frames as the collected run")
        XCTAssertEqual(frames.restedAt, whole.restedAt)
        XCTAssertNotNil(whole.restedAt)
    }

    func testTheJSONPiecesConcatenateToTheWholeOutput() throws {
        let data = Data(dropScene.utf8)
        let frames = try SceneSimulation.Frames(scene: try DynamicsScene.parse(data), seconds: 1, rate: 30)
        var pieces = [SceneSimulation.TrajectoryJSON.opening(rate: 30)]
        while let frame = try frames.next() {
            pieces.append(SceneSimulation.TrajectoryJSON.frame(frame, index: frames.nextIndex - 1))
        }
        pieces.append(SceneSimulation.TrajectoryJSON.closing(restedAt: frames.restedAt))
        let whole = try SceneSimulation.run(sceneJSON: data, seconds: 1, rate: 30)
        XCTAssertEqual(Data(pieces.joined().utf8), whole)
        XCTAssertEqual(
            whole, try SceneSimulation.run(scene: try DynamicsScene.parse(data), seconds: 1, rate: 30).json)
        XCTAssertEqual(pieces[1].prefix(9), "\n{\"t\": 0,")
        XCTAssertEqual(pieces[2].prefix(3), ",\n{")
        XCTAssertEqual(pieces.last, "\n], \"restedAt\": null}\n", "still falling after 1 s")
    }

    func testTheWriterWritesNumbersAndIdsAsTheTextForm() {
        typealias State = SceneSimulation.ItemState
        let first = SceneSimulation.Frame(
            t: 0,
            items: [
                State(id: "a\"b", x: -3, y: -0.0, angle: 1e15, vx: 123_456_789_012_345, vy: -0.25, w: .nan),
                State(id: "c", x: 0.1, y: 1e-300, angle: -1e300, vx: .infinity, vy: 7, w: 2.5),
            ])
        // The second frame renames item 1 in place: its cached prefix must not be reused.
        var second = first
        second.t = 1.0 / 60
        second.items[1].id = "d"
        var writer = SceneSimulation.TrajectoryJSON.Writer()
        writer.appendOpening(rate: 60)
        writer.append(first, index: 0)
        writer.append(second, index: 1)
        writer.appendClosing(restedAt: 0.5)
        let item0 =
            #"{"id": "a\"b", "x": -3, "y": 0, "angle": 1000000000000000.0, "vx": 123456789012345, "vy": -0.25, "#
            + #""w": nan}"#
        XCTAssertEqual(
            writer.takeText(),
            #"{"rate": 60, "frames": ["# + "\n"
                + #"{"t": 0, "items": ["# + item0
                + #", {"id": "c", "x": 0.1, "y": 1e-300, "angle": -1e+300, "vx": inf, "vy": 7, "w": 2.5}]},"# + "\n"
                + #"{"t": 0.016666666666666666, "items": ["# + item0
                + #", {"id": "d", "x": 0.1, "y": 1e-300, "angle": -1e+300, "vx": inf, "vy": 7, "w": 2.5}]}"# + "\n"
                + #"], "restedAt": 0.5}"# + "\n")
        XCTAssertEqual(writer.byteCount, 0, "taken")
        XCTAssertEqual(SceneSimulation.TrajectoryJSON.frame(first, index: 0).utf8.count, 212)
    }
    /// The writer formats numbers into a buffer of its own; each must be the text ``sceneNumberText`` gives (the
    /// `String` form) — for doubles of every bit pattern (a fixed generator), the longest texts, integers at the
    /// edge of the integer form, and frames that grow, shrink and empty their item lists.
    func testTheWriterWritesEveryDoubleAsItsDescription() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed
        }
        var values: [Double] = [
            -2.2250738585072014e-308, -1.7976931348623157e308, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 0.0001,
            0.00001, 1e15, -1e15,
            999_999_999_999_999, -999_999_999_999_999, 1e15 - 0.5, 0x1p53 + 2, -0.0, 0, .nan,
            -.infinity, 0.1 + 0.2, 1.0 / 3, 123.456, -7.5e-7,
        ]
        for k in 0..<60_000 {
            let bits = next()
            // Every bit pattern, then scene-like magnitudes (points and speeds) and small whole numbers.
            switch k % 3 {
            case 0: values.append(Double(bitPattern: bits))
            case 1: values.append(Double(Int64(bitPattern: bits) >> 20) / 1e9)
            default: values.append(Double(Int64(bitPattern: bits) >> 44))
            }
        }
        var writer = SceneSimulation.TrajectoryJSON.Writer()
        var expected = ""
        var index = 0
        var start = 0
        var previous: [SceneSimulation.ItemState] = []
        while start < values.count {
            // Frames of 0…7 items.
            let count = min(index % 8, (values.count - start) / 6)
            var items: [SceneSimulation.ItemState] = []
            for j in 0..<count {
                let v = values[(start + 6 * j)..<(start + 6 * j + 6)].map { $0 }
                items.append(.init(id: "i\(j % 3)", x: v[0], y: v[1], angle: v[2], vx: v[3], vy: v[4], w: v[5]))
            }
            let t = values[start]
            start += max(1, 6 * count)
            // Every third frame repeats the last one's items (resting items' text is copied, not formatted
            // again), with one number of one item changed.
            if index % 3 == 2, !previous.isEmpty {
                items = previous
                items[index % items.count].vy = t
            }
            previous = items
            let frame = SceneSimulation.Frame(t: t, items: items)
            writer.append(frame, index: index)
            var text = (index == 0 ? "\n" : ",\n") + "{\"t\": \(sceneNumberText(t)), \"items\": ["
            for (j, item) in items.enumerated() {
                text += (j > 0 ? ", " : "") + "{\"id\": \"\(item.id)\", \"x\": \(sceneNumberText(item.x)), "
                text += "\"y\": \(sceneNumberText(item.y)), \"angle\": \(sceneNumberText(item.angle)), "
                text += "\"vx\": \(sceneNumberText(item.vx)), \"vy\": \(sceneNumberText(item.vy)), "
                text += "\"w\": \(sceneNumberText(item.w))}"
            }
            expected += text + "]}"
            index += 1
        }
        let written = writer.takeText()
        XCTAssertEqual(written.count, expected.count)
        XCTAssertEqual(written, expected)
        XCTAssertEqual(sceneNumberText(999_999_999_999_999), "999999999999999")
        XCTAssertEqual(sceneNumberText(-0.0), "0")
        XCTAssertEqual(sceneNumberText(-2.2250738585072014e-308), "-2.2250738585072014e-308")
    }
}
