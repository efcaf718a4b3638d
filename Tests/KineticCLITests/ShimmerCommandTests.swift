import Foundation
import KineticTestSupport
import XCTest

/// End-to-end tests of `kinetic render shimmer` on the built binary: its help, the clip lengths it picks, the
/// pictures it writes and its errors.
final class ShimmerCommandTests: XCTestCase {
    private func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "kinetic-shimmer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testHelpListsEveryOptionWithItsDefault() throws {
        let result = try KineticProcess.run(["render", "shimmer", "--help"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = [
            "--text TEXT", "(default 'slide to unlock')", "--style STYLE", "(default default)", "--skeleton",
            "--skeleton-lines N", "--speed PT/S", "(default 230)", "--highlight-length F", "(default 1)",
            "--pause S", "(default 0.4)", "--animation-opacity F", "(default 0.5)", "--shimmering-opacity F",
            "--direction DIR", "(default reading", "--tilt DEG", "(default 0)", "--begin-fade S", "(default 0.1)",
            "--end-fade S", "(default 0.3)", "--begin-time S", "--stop-at S", "--base-color COLOR",
            "--highlight-color COLOR", "--text-color COLOR", "--font FAMILIES", "Inter, Noto Sans CJK JP, DejaVu Sans",
            "--font-size PT", "(default 32)", "--font-weight N", "(default 400)", "--align ALIGN",
            "(default center)", "-o, --output FILE", "--width PT", "(default 480)", "--height PT", "(default 96)",
            "--fps N", "--background COLOR", "#5AC8FA original",
        ]
        for text in expected {
            XCTAssertTrue(result.stdout.contains(text), "help is missing '\(text)':\n\(result.stdout)")
        }
    }

    /// The seed loops every 2 s: 20 frames at 10 fps, 200 cs in all.
    func testSeedClipIsOneTwoSecondLoop() throws {
        let path = try makeFolder() + "/seed.gif"
        let result = try KineticProcess.run(["render", "shimmer", "--style", "seed", "--fps", "10", "-o", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let gif = try GIFSummary(data: Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual([gif.width, gif.height], [480, 96])
        XCTAssertEqual(gif.delays.reduce(0, +), 200)
        XCTAssertGreaterThan(gif.frameCount, 10)  // frames with the glint off the text may merge
    }

    /// The default style's clip is one cycle, 480 / 230 + 0.4 = 2.487 s: 25 frames at 10 fps.
    func testDefaultClipIsOneCycle() throws {
        let path = try makeFolder() + "/default.gif"
        let result = try KineticProcess.run(["render", "shimmer", "--fps", "10", "-o", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let gif = try GIFSummary(data: Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(gif.delays.reduce(0, +), 250)
        // With --stop-at 1 the first sweep completes, then 0.3 s of fade and 0.5 s of tail: 3.287 s.
        let stopped = try makeFolder() + "/stopped.gif"
        let stop = try KineticProcess.run(["render", "shimmer", "--fps", "10", "--stop-at", "1", "-o", stopped])
        XCTAssertEqual(stop.status, 0, stop.stderr)
        XCTAssertEqual(try GIFSummary(data: Data(contentsOf: URL(fileURLWithPath: stopped))).delays.reduce(0, +), 330)
    }

    func testSkeletonAndScripts() throws {
        let folder = try makeFolder()
        for (name, arguments) in [
            ("skeleton", ["--skeleton", "--skeleton-lines", "4", "--height", "140", "--tilt", "20"]),
            ("japanese", ["--style", "seed", "--text", "スライドでロック解除"]),
            ("arabic", ["--text", "مرحبا بالعالم", "--direction", "reading"]),
            ("lines", ["--text", "Loading\\nmessages", "--height", "120", "--align", "left", "--font-weight", "700"]),
        ] {
            let path = "\(folder)/\(name).png"
            let result = try KineticProcess.run(["render", "shimmer", "--time", "1", "-o", path] + arguments)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("warning"), "\(name): \(result.stderr)")  // fonts all found
        }
    }

    func testErrorsSayWhatWasWrong() throws {
        let path = try makeFolder() + "/x.gif"
        let cases: [([String], String)] = [
            (["--style", "seed", "--speed", "100"], "--speed applies to --style default only"),
            (["--style", "glow"], "--style must be original or default (got 'glow')"),
            (["--direction", "sideways"], "--direction must be reading, right, left, up or down"),
            (["--tilt", "90"], "--tilt must be from -60 to 60 degrees (got '90')"),
            (["--speed", "-5"], "--speed must be greater than 0 and at most 100000 points per second (got '-5')"),
            (["--highlight-length", "2"], "--highlight-length must be from 0 to 1 (got '2')"),
            (
                ["--highlight-color", "yelow"],
                "--highlight-color: invalid colour 'yelow': not a colour: use #RRGGBB, #RRGGBBAA, a CSS name such as 'white', or 'transparent' (did you mean 'yellow'?)"
            ),
            (["--skeleton", "--text", "hi"], "--text sets the text; it cannot be combined with --skeleton"),
            (["--skeleton-lines", "3"], "--skeleton-lines needs --skeleton"),
            (["--skeleton", "--skeleton-lines", "12"], "needs a box of at least"),
            (["--text", ""], "shimmer text is empty"),
            (["--font-size", "0"], "--font-size must be greater than 0"),
            (["--stop-at", "-1"], "--stop-at must be from 0 to 600 seconds (got '-1')"),
            (["--sped", "3"], "did you mean '--speed'?"),
        ]
        for (arguments, message) in cases {
            let result = try KineticProcess.run(["render", "shimmer", "-o", path] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
