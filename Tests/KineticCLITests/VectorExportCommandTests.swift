import Foundation
import KineticTestSupport
import XCTest

/// `kinetic render … -o FILE.json / .lottie / .svg`: the clip exported as vectors.
final class VectorExportCommandTests: XCTestCase {
    private func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "kinetic-vector-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testLottieFollowsTheRenderFlags() throws {
        let folder = try makeFolder()
        let path = folder + "/show.json"
        let result = try KineticProcess.run(["render", "showcase", "-o", path, "--fps", "24", "--duration", "2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("wrote \(path)"), result.stderr)
        // The card's blurred shadow has no Lottie form: a warning naming the layer.
        XCTAssertTrue(result.stderr.contains("warning: its shadow"), result.stderr)
        XCTAssertTrue(result.stderr.contains("(layer card)"), result.stderr)
        let lottie = try json(path)
        XCTAssertEqual(lottie["fr"] as? Double, 24)
        XCTAssertEqual(lottie["op"] as? Double, 48)
        XCTAssertEqual(lottie["w"] as? Double, 600)
        XCTAssertEqual(lottie["v"] as? String, "5.7.0")
    }

    func testBackgroundFlagDecidesTheSolidLayer() throws {
        let folder = try makeFolder()
        for (name, flags) in [("white", [String]()), ("none", ["--background", "transparent"])] {
            let path = folder + "/\(name).json"
            let result = try KineticProcess.run(["render", "elevator", "--values", "1,2", "-o", path] + flags)
            XCTAssertEqual(result.status, 0, result.stderr)
            let layers = try XCTUnwrap(try json(path)["layers"] as? [[String: Any]])
            let solid = layers.first { $0["nm"] as? String == "background" }
            XCTAssertEqual(solid != nil, name == "white", name)
            if let solid { XCTAssertEqual(solid["sc"] as? String, "#FFFFFF") }
        }
    }

    func testDotLottieIsAZipAndDryRunWritesNothing() throws {
        let folder = try makeFolder()
        let path = folder + "/show.lottie"
        let result = try KineticProcess.run(["render", "shimmer", "-o", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(4)), [0x50, 0x4B, 0x03, 0x04])
        let dry = try KineticProcess.run(["render", "shimmer", "-o", folder + "/dry.json", "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("would write"), dry.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/dry.json"))
    }

    func testAnUnknownExtensionNamesTheVectorFormatsToo() throws {
        let folder = try makeFolder()
        let result = try KineticProcess.run(["render", "showcase", "-o", folder + "/x.bmp"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains(".json (Lottie), .lottie (dotLottie), .svg"), result.stderr)
    }
}
