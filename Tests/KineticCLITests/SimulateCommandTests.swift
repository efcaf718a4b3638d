import Foundation
import XCTest

/// End-to-end tests of `kinetic simulate` on the built binary.
final class SimulateCommandTests: XCTestCase {
    private func writeScene(_ json: String) throws -> String {
        let path = NSTemporaryDirectory() + "kinetic-scene-\(UUID().uuidString).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testFreeFallTrajectoryAsJSON() throws {
        let path = try writeScene(
            """
            {"bounds": {"x": 0, "y": 0, "width": 375, "height": 667},
             "collision": {"mode": "everything", "boundary": "none"},
             "items": [{"id": "a", "frame": {"x": 10, "y": 20, "width": 100, "height": 40}}]}
            """)
        let result = try KineticProcess.run(["simulate", path, "--seconds", "0.5", "--rate", "10"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["rate"] as? Double, 10)
        let frames = try XCTUnwrap(json["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 6)
        let last = try XCTUnwrap((frames[5]["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(last["id"] as? String, "a")
        XCTAssertEqual(last["x"] as? Double ?? .nan, 60, accuracy: 1e-9)
        // UIKit gravity 1.0 = 1000 pt/s²: y = 40 + 500 t² = 165 at t = 0.5 s.
        XCTAssertEqual(last["y"] as? Double ?? .nan, 165, accuracy: 0.5)
        XCTAssertEqual(last["vy"] as? Double ?? .nan, 500, accuracy: 1)
        XCTAssertTrue(json.keys.contains("restedAt"))
    }

    func testMalformedSceneNamesTheJSONPath() throws {
        let path = try writeScene(
            """
            {"bounds": {"x": 0, "y": 0, "width": 375, "height": 667},
             "items": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}},
                       {"id": "b", "frame": {"x": 0, "y": 0, "width": 0, "height": 10}}]}
            """)
        let result = try KineticProcess.run(["simulate", path])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("items[1].frame.width: must be > 0"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testUsageAndInputErrors() throws {
        let missing = try KineticProcess.run(["simulate", "/definitely/not/here.json"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)
        let none = try KineticProcess.run(["simulate"])
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.stderr.contains("missing SCENE.json"), none.stderr)
        let badRate = try KineticProcess.run(["simulate", "x.json", "--rate", "0"])
        XCTAssertEqual(badRate.status, 64)
        let notJSON = try KineticProcess.run(["simulate", try writeScene("{not json")])
        XCTAssertEqual(notJSON.status, 65)
    }
}
