import Foundation
import KineticCore
import XCTest

@testable import KineticDynamics

/// Every number of a scene has a finite range, checked when the JSON is read and by `validate()` with the same
/// path, range and message.
final class SceneLimitsTests: XCTestCase {
    private let bounds = "\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 375, \"height\": 667}"

    private func error(_ json: String) -> String {
        do {
            _ = try DynamicsScene.parse(Data(json.utf8))
            return "no error"
        } catch { return error.description }
    }

    private func validationError(_ scene: DynamicsScene) -> String {
        do {
            try scene.validate()
            return "no error"
        } catch { return error.description }
    }

    /// A scene with one item whose fields are `fields` (JSON members after the id and frame).
    private func itemScene(_ fields: String, frame: String = "{\"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}")
        -> String
    {
        "{\(bounds), \"items\": [{\"id\": \"a\", \"frame\": \(frame)\(fields.isEmpty ? "" : ", " + fields)}]}"
    }

    func testOutOfRangeNumbersNameThePathTheRangeAndTheValue() {
        let cases: [(String, String)] = [
            (
                itemScene("", frame: "{\"x\": 0, \"y\": 0, \"width\": 1e400, \"height\": 10}"),
                "items[0].frame.width: must be in 0.01...1000000 pt (got inf)"
            ),
            (
                itemScene("", frame: "{\"x\": -1e400, \"y\": 0, \"width\": 1, \"height\": 10}"),
                "items[0].frame.x: must be in -1000000...1000000 pt (got -inf)"
            ),
            (
                itemScene("", frame: "{\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 0}"),
                "items[0].frame.height: must be in 0.01...1000000 pt (got 0)"
            ),
            (
                itemScene("", frame: "{\"x\": 0, \"y\": 0, \"width\": 1e-400, \"height\": 1}"),
                "items[0].frame.width: must be in 0.01...1000000 pt (got 0)"
            ),
            (
                "{\(bounds), \"gravity\": {\"angle\": 1e300}, \"items\": []}",
                "gravity.angle: must be in -1000000...1000000 rad (got 1e+300)"
            ),
            (
                "{\(bounds), \"gravity\": {\"magnitude\": 1000.5}, \"items\": []}",
                "gravity.magnitude: must be in 0...1000 (got 1000.5)"
            ),
            (
                "{\"bounds\": {\"x\": 0, \"y\": 2e6, \"width\": 375, \"height\": 667}, \"items\": []}",
                "bounds.y: must be in -1000000...1000000 pt (got 2000000)"
            ),
            (
                "{\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 375, \"height\": -1}, \"items\": []}",
                "bounds.height: must be in 0.01...1000000 pt (got -1)"
            ),
            (itemScene("\"angle\": -1000001"), "items[0].angle: must be in -1000000...1000000 rad (got -1000001)"),
            (itemScene("\"elasticity\": 2"), "items[0].elasticity: must be in 0...1 (got 2)"),
            (
                itemScene("\"friction\": 1e3000"),
                "items[0].friction: must be in 0...1000 (got inf)"
            ),
            (itemScene("\"density\": 0"), "items[0].density: must be in 0.0001...1000000 (got 0)"),
            (itemScene("\"resistance\": -0.5"), "items[0].resistance: must be in 0...1000000 1/s (got -0.5)"),
            (
                itemScene("\"angularResistance\": 1e7"),
                "items[0].angularResistance: must be in 0...1000000 1/s (got 10000000)"
            ),
            (
                itemScene("\"cornerRadius\": 5.5"),
                "items[0].cornerRadius: must be in 0...5 pt, up to half the shorter side of the frame (got 5.5)"
            ),
            (
                "{\(bounds), \"items\": [], \"boundaries\": [{\"id\": \"f\", \"from\": [0, 1e400], \"to\": [1, 1]}]}",
                "boundaries[0].from[1]: must be in -1000000...1000000 pt (got inf)"
            ),
            (
                "{\(bounds), \"items\": [], \"boundaries\": [{\"id\": \"f\", \"from\": [0, 0], \"to\": [0, 0]}]}",
                "boundaries[0].to: must differ from \"from\""
            ),
            (
                "{\(bounds), \"gravity\": {\"angle\": \"down\"}, \"items\": []}",
                "gravity.angle: must be a number in -1000000...1000000 rad (got a string)"
            ),
        ]
        for (json, expected) in cases { XCTAssertEqual(error(json), expected, json) }
    }

    func testValuesAtTheEndsOfTheRangesAreAccepted() throws {
        let json = """
            {"bounds": {"x": -1000000, "y": 1000000, "width": 0.01, "height": 1000000},
             "gravity": {"angle": -1000000, "magnitude": 1000},
             "boundaries": [{"id": "f", "from": [-1000000, 1000000], "to": [1000000, -1000000]}],
             "items": [{"id": "a", "frame": {"x": 1000000, "y": -1000000, "width": 1000000, "height": 0.01},
                        "angle": 1000000, "elasticity": 1, "friction": 1000, "density": 0.0001,
                        "resistance": 1000000, "angularResistance": 0, "cornerRadius": 0.005}]}
            """
        let scene = try DynamicsScene.parse(Data(json.utf8))
        XCTAssertEqual(scene.items[0].shape, .roundedRectangle(cornerRadius: 0.005))
        XCTAssertEqual(scene.gravity, DynamicsScene.Gravity(angle: -1_000_000, magnitude: 1000))
        XCTAssertNoThrow(try scene.validate())
    }

    func testExtremeScenesWithinTheRangesSimulateToFiniteNumbers() throws {
        // Heavy and light, huge and tiny items under the strongest gravity, for a second: every number stays finite
        // (Frames.next() would throw otherwise).
        let json = """
            {"bounds": {"x": 0, "y": 0, "width": 1000000, "height": 1000000},
             "gravity": {"angle": 1.5707963267948966, "magnitude": 1000},
             "items": [{"id": "big", "frame": {"x": 0, "y": 0, "width": 500000, "height": 500000}, "density": 1000000},
                       {"id": "dust", "frame": {"x": 600000, "y": 0, "width": 0.01, "height": 0.01},
                        "density": 0.0001, "elasticity": 1, "friction": 1000, "angle": 1000000},
                       {"id": "damped", "frame": {"x": 700000, "y": 0, "width": 10, "height": 10},
                        "resistance": 1000000, "angularResistance": 1000000}]}
            """
        let result = try SceneSimulation.run(scene: try DynamicsScene.parse(Data(json.utf8)), seconds: 2, rate: 10)
        let last = try XCTUnwrap(result.frames.last)
        for state in last.items {
            XCTAssertTrue(
                [state.x, state.y, state.angle, state.vx, state.vy, state.w].allSatisfy(\.isFinite), "\(state)")
        }
        XCTAssertGreaterThan(last.items[0].y, 250_000, "the big box fell")
        XCTAssertLessThan(abs(last.items[2].vy), 10, "a resistance of 10⁶/s all but stops the item")
    }

    func testValidateAppliesTheSameRangesWithTheSamePathsAndMessages() throws {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let screen = Rect(x: 0, y: 0, width: 375, height: 667)
        func item(_ change: (inout DynamicsScene.Item) -> Void) -> DynamicsScene {
            var item = DynamicsScene.Item(id: "a", frame: frame)
            change(&item)
            return DynamicsScene(bounds: screen, items: [item])
        }
        let cases: [(DynamicsScene, String)] = [
            (
                item { $0.frame.size.width = 0 },
                itemScene("", frame: "{\"x\": 0, \"y\": 0, \"width\": 0, \"height\": 10}")
            ),
            (
                item { $0.frame.origin.y = -2e6 },
                itemScene("", frame: "{\"x\": 0, \"y\": -2e6, \"width\": 1, \"height\": 10}")
            ),
            (item { $0.angle = 1e300 }, itemScene("\"angle\": 1e300")),
            (item { $0.elasticity = 1.5 }, itemScene("\"elasticity\": 1.5")),
            (item { $0.friction = -1 }, itemScene("\"friction\": -1")),
            (item { $0.density = 0 }, itemScene("\"density\": 0")),
            (item { $0.resistance = 2e6 }, itemScene("\"resistance\": 2e6")),
            (item { $0.angularResistance = -3 }, itemScene("\"angularResistance\": -3")),
            (item { $0.shape = .roundedRectangle(cornerRadius: 6) }, itemScene("\"cornerRadius\": 6")),
            (
                DynamicsScene(bounds: screen, gravity: DynamicsScene.Gravity(angle: 1e300), items: []),
                "{\(bounds), \"gravity\": {\"angle\": 1e300}, \"items\": []}"
            ),
            (
                DynamicsScene(bounds: screen, gravity: DynamicsScene.Gravity(magnitude: -1), items: []),
                "{\(bounds), \"gravity\": {\"magnitude\": -1}, \"items\": []}"
            ),
            (
                DynamicsScene(bounds: Rect(x: 0, y: 0, width: 375, height: 0.001), items: []),
                "{\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 375, \"height\": 0.001}, \"items\": []}"
            ),
            (
                DynamicsScene(
                    bounds: screen, items: [],
                    boundaries: [DynamicsScene.Boundary(id: "f", from: Point(x: 3e6, y: 0), to: Point(x: 1, y: 1))]),
                "{\(bounds), \"items\": [], \"boundaries\": [{\"id\": \"f\", \"from\": [3e6, 0], \"to\": [1, 1]}]}"
            ),
            (
                DynamicsScene(
                    bounds: screen, items: [],
                    boundaries: [
                        DynamicsScene.Boundary(id: "f", from: Point(x: 0, y: 0), to: Point(x: 1, y: 1)),
                        DynamicsScene.Boundary(id: "f", from: Point(x: 0, y: 1), to: Point(x: 1, y: 1)),
                    ]),
                "{\(bounds), \"items\": [], \"boundaries\": [{\"id\": \"f\", \"from\": [0, 0], \"to\": [1, 1]}, "
                    + "{\"id\": \"f\", \"from\": [0, 1], \"to\": [1, 1]}]}"
            ),
        ]
        for (scene, json) in cases {
            let fromJSON = error(json)
            XCTAssertNotEqual(fromJSON, "no error", json)
            XCTAssertEqual(validationError(scene), fromJSON, json)
        }
        // Values JSON cannot hold: validate() names them.
        XCTAssertEqual(
            validationError(item { $0.friction = .infinity }), "items[0].friction: must be in 0...1000 (got inf)")
        XCTAssertEqual(
            validationError(item { $0.elasticity = .nan }), "items[0].elasticity: must be in 0...1 (got nan)")
        XCTAssertEqual(
            validationError(item { $0.shape = .path([Point(x: 0, y: 0), Point(x: .nan, y: 1)]) }),
            "items[0].shape.path[1].x: must be in -1000000...1000000 pt (got nan)")
    }

    func testListsAndIdsAreBounded() {
        let item = "{\"id\": \"ID\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}}"
        let many = (0...SceneLimits.maximumItems).map { item.replacingOccurrences(of: "ID", with: "i\($0)") }
        XCTAssertEqual(
            error("{\(bounds), \"items\": [\(many.joined(separator: ", "))]}"), "items: at most 10000 items (got 10001)"
        )
        let segment = "{\"id\": \"ID\", \"from\": [0, 0], \"to\": [1, 1]}"
        let segments = (0...SceneLimits.maximumBoundaries).map {
            segment.replacingOccurrences(of: "ID", with: "b\($0)")
        }
        XCTAssertEqual(
            error("{\(bounds), \"items\": [], \"boundaries\": [\(segments.joined(separator: ", "))]}"),
            "boundaries: at most 10000 boundaries (got 10001)")
        let longID = String(repeating: "é", count: 129)
        XCTAssertEqual(
            error("{\(bounds), \"items\": [\(item.replacingOccurrences(of: "ID", with: longID))]}"),
            "items[0].id: must be at most 256 bytes of UTF-8 (got 258 bytes)")
        XCTAssertEqual(
            validationError(
                DynamicsScene(bounds: Rect(x: 0, y: 0, width: 1, height: 1), items: [.init(id: longID, frame: .zero)])),
            "items[0].id: must be at most 256 bytes of UTF-8 (got 258 bytes)")
        XCTAssertEqual(
            error(
                "{\(bounds), \"items\": [], \"boundaries\": [\(segment.replacingOccurrences(of: "ID", with: "f")), "
                    + "\(segment.replacingOccurrences(of: "ID", with: "f"))]}"),
            "boundaries[1].id: \"f\" is used by an earlier boundary; ids must be unique")
    }

    func testRunArgumentsBoundTheOutputAndTheWork() {
        func message(items: Int, seconds: Double, rate: Double) -> String {
            do {
                try SceneSimulation.checkRun(itemCount: items, seconds: seconds, rate: rate)
                return "no error"
            } catch { return error.description }
        }
        XCTAssertEqual(message(items: 10_000, seconds: 166, rate: 60), "no error", "9961 frames × 10⁴ items")
        XCTAssertEqual(
            message(items: 10_000, seconds: 200, rate: 60),
            "rate: 12001 frames of 10000 items are 120010000 item-frames of output; at most 100000000 "
                + "(lower seconds or rate, or use fewer items)")
        XCTAssertEqual(
            message(items: 10_000, seconds: 201, rate: 0.5),
            "seconds: 201 s of 10000 items are 2010000 item-seconds of simulation; at most 2000000 "
                + "(lower seconds or use fewer items)")
        XCTAssertEqual(
            message(items: 0, seconds: 3600, rate: 1000), "rate: seconds × rate gives 3600001 frames; at most 1000000")
        XCTAssertEqual(message(items: 1, seconds: -1, rate: 1), "seconds: must be a finite number >= 0 (got -1.0)")
        XCTAssertEqual(message(items: 1, seconds: 1, rate: .nan), "rate: must be a finite number > 0 (got nan)")
        // The library runs apply the same checks.
        let scene = DynamicsScene(
            bounds: Rect(x: 0, y: 0, width: 10, height: 10),
            items: (0..<10_000).map { .init(id: "i\($0)", frame: Rect(x: 0, y: 0, width: 1, height: 1)) })
        XCTAssertThrowsError(try SceneSimulation.Frames(scene: scene, seconds: 200, rate: 60)) { error in
            XCTAssertEqual((error as? SceneError)?.path, "rate")
        }
    }

    /// Items on top of each other all collide with each other (n²/2 contacts: 2,000 boxes in one place took
    /// gigabytes): more than 16 starting overlaps per item are refused, when reading and when validating, in
    /// O(n log n); a grid of touching boxes and items that do not collide with items are fine.
    func testItemsPiledInOnePlaceAreRefusedAtOnce() throws {
        func scene(_ frames: [String], mode: String = "everything") -> String {
            let items = frames.enumerated().map { "{\"id\": \"i\($0.offset)\", \"frame\": \($0.element)}" }
            return "{\(bounds), \"collision\": {\"mode\": \"\(mode)\"}, \"items\": [\(items.joined(separator: ","))]}"
        }
        let pile = Array(repeating: "{\"x\": 100, \"y\": 100, \"width\": 20, \"height\": 20}", count: 2_000)
        let started = Date()
        XCTAssertEqual(
            error(scene(pile)),
            "items: more than 32000 pairs of items overlap at the start (at most 16 per item): items on top of each "
                + "other all collide with each other; spread them out, or set collision.mode to \"boundaries\"")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(error(scene(pile, mode: "boundaries")), "no error")
        let grid = (0..<2_000).map {
            "{\"x\": \(($0 % 40) * 10), \"y\": \(($0 / 40) * 10), \"width\": 10, \"height\": 10}"
        }
        XCTAssertEqual(error(scene(grid)), "no error")
        // validate() applies the same rule to a scene built in code.
        var built = try DynamicsScene.parse(Data(scene(Array(grid.prefix(100))).utf8))
        XCTAssertEqual(validationError(built), "no error")
        built.items = (0..<100).map { DynamicsScene.Item(id: "x\($0)", frame: Rect(x: 0, y: 0, width: 50, height: 50)) }
        XCTAssertTrue(validationError(built).hasPrefix("items: more than 1600 pairs"), validationError(built))
    }
}
