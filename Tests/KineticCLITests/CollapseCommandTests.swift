import Foundation
import KineticTestSupport
import XCTest

/// End-to-end tests of `kinetic render collapse` on the built binary.
final class CollapseCommandTests: XCTestCase {
    private func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "kinetic-collapse-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testRendersTheExampleScreenAndSaysWhenItRested() throws {
        let folder = try makeFolder()
        let result = try KineticProcess.run([
            "render", "collapse", "-o", folder + "/c.gif", "--duration", "2", "--fps", "10",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("at rest after"), result.stderr)
        let gif = try GIFSummary(data: Data(contentsOf: URL(fileURLWithPath: folder + "/c.gif")))
        XCTAssertEqual([gif.width, gif.height], [375, 667])
        // 20 frames of 0.1 s; once everything rests, identical frames are merged into one longer frame.
        XCTAssertEqual(gif.delays.reduce(0, +), 200)
        XCTAssertLessThan(gif.frameCount, 20)
        XCTAssertGreaterThan(gif.frameCount, 5)
    }

    func testRendersADynamicsScene() throws {
        let folder = try makeFolder()
        let scene = folder + "/scene.json"
        try """
        {"bounds": {"x": 0, "y": 0, "width": 200, "height": 300},
         "items": [{"id": "a", "frame": {"x": 50, "y": 20, "width": 60, "height": 30}},
                   {"id": "b", "frame": {"x": 60, "y": 100, "width": 40, "height": 40}, "shape": "ellipse"}]}
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let result = try KineticProcess.run(["render", "collapse", "--scene", scene, "-o", folder + "/s.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/s.png"))
        XCTAssertEqual(data[16..<20].reduce(0) { $0 << 8 | Int($1) }, 200)  // the scene's bounds set the size
        XCTAssertEqual(data[20..<24].reduce(0) { $0 << 8 | Int($1) }, 300)
    }

    func testErrors() throws {
        let folder = try makeFolder()
        let cases: [([String], Int32, String)] = [
            (["--elasticity", "3"], 64, "--elasticity must be from 0 to 1 (got '3')"),
            (["--delay", "sometimes"], 64, "--delay expects none, top-to-bottom or random"),
            (["--boundary", "floor"], 64, "--boundary expects screen or open-bottom"),
            (["--scene", folder + "/none.json"], 66, "no such file"),
        ]
        for (arguments, status, fragment) in cases {
            let result = try KineticProcess.run(["render", "collapse", "-o", folder + "/x.gif"] + arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
        }
        try "{\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 100, \"height\": 100}, \"items\": [{\"id\": \"a\"}]}"
            .write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try KineticProcess.run([
            "render", "collapse", "--scene", folder + "/bad.json", "-o", folder + "/x.gif",
        ])
        XCTAssertEqual(bad.status, 65)
        XCTAssertTrue(bad.stderr.contains("items[0].frame"), bad.stderr)
    }
}
