import Foundation
import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster
import KineticTestSupport
import XCTest

@testable import KineticExport

/// Every effect exported to Lottie and played by two players that are not Kinetic — rlottie and ThorVG, through
/// scripts/lottie_players.py in the virtual environment scripts/python-tools.sh makes — against Kinetic's own
/// Cairo frames at the same times. The file must validate against the Lottie JSON schema (lottie-specs).
///
/// Metric, per frame and player: the absolute difference of every premultiplied RGBA channel (0…255) between the
/// player's frame and `LayerRenderer`'s: its mean over the frame, its maximum, and the share of pixels with a
/// channel more than 64 levels off. Different rasterisers anti-alias edges differently, and baked motion may
/// stray by the 0.25-point tolerance, so single edge pixels can differ a lot (a black edge moved by a quarter
/// pixel is 64 levels); what must stay small is the mean (no missing or misplaced shape) and the share of badly
/// wrong pixels. rlottie draws opaque fills at alpha 254 (and its colour channels one level down), which is one or
/// two levels in every premultiplied channel, so its mean is allowed `rlottieOffset` more. The worst frame of each effect is written as a sheet — Kinetic | rlottie | ThorVG | 4 × |Kinetic
/// − rlottie| | 4 × |Kinetic − ThorVG| — under the temporary folder's kinetic-export-check/run-PID/ (``sheets``).
final class PlayerComparisonTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let python = root + "/.build/venv/bin/python"
    static let script = root + "/scripts/lottie_players.py"
    /// This test process's folder of sheets, `kinetic-export-check/run-PID/` in the temporary folder: two test runs
    /// at once (a clean clone's beside a working tree's) each empty and fill their own. When the first check starts,
    /// the folders of runs whose process is gone are removed, and an earlier one of this process's id.
    static let sheets: String = {
        let parent = NSTemporaryDirectory() + "kinetic-export-check"
        let own = getpid()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] {
            guard entry.hasPrefix("run-"), let pid = Int32(entry.dropFirst(4)), pid > 0 else { continue }
            if pid == own || (kill(pid, 0) != 0 && errno == ESRCH) {
                try? FileManager.default.removeItem(atPath: parent + "/" + entry)
            }
        }
        return parent + "/run-\(own)"
    }()
    static let framesPerSecond = 30.0

    /// What rlottie's opaque fills at alpha 254 add to the mean difference: up to 1.6 levels over a bright
    /// background.
    static let rlottieOffset = 1.6

    /// Per effect: the largest mean difference (levels; rlottie gets `rlottieOffset` more), the largest single
    /// channel difference, and the share of pixels more than 64 levels off.
    struct Limits {
        var mean: Double
        var maximum: Int
        var badPixels: Double
    }

    struct FrameResult {
        var frame: Int
        var mean: Double
        var maximum: Int
        var badPixels: Double
    }

    private func requirePlayers() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw MissingTool(
                "no Python environment at \(Self.python): run scripts/python-tools.sh (make test does) to check the "
                    + "exports with rlottie and ThorVG")
        }
    }

    /// Runs the players' script; returns its JSON report.
    private func runPlayers(_ file: String, frames: [Int], out: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [
            Self.script, file, "--frames", frames.map(String.init).joined(separator: ","), "--out", out,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorReader = PipeReader(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errorReader.wait(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, errorText)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], errorText)
    }

    /// Exports `clip`, plays it at `frames` with both players, compares with Kinetic's frames.
    @discardableResult
    private func check(
        _ name: String, _ clip: Clip, frames: [Int], limits: Limits, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> [String: [FrameResult]] {
        try requirePlayers()
        let folder = Self.sheets + "/" + name
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let start = Date()
        let export = try LottieExporter(
            glyphs: PangoGlyphOutliner(), options: LottieExportOptions(framesPerSecond: Self.framesPerSecond)
        ).export(clip)
        let exportSeconds = Date().timeIntervalSince(start)
        let path = folder + "/" + name + ".json"
        try Data(export.bytes).write(to: URL(fileURLWithPath: path))
        let report = try runPlayers(path, frames: frames, out: folder)
        let schema = try XCTUnwrap(report["schema"] as? [String: Any], file: file, line: line)
        XCTAssertEqual(schema["valid"] as? Bool, true, "schema: \(schema["errors"] ?? "")", file: file, line: line)
        let renderer = try LayerRenderer(size: clip.size, background: clip.background)
        var kinetic: [Int: RGBAFrame] = [:]
        for frame in frames {
            kinetic[frame] = try renderer.render(clip.root, at: Double(frame) / Self.framesPerSecond)
        }
        var results: [String: [FrameResult]] = [:]
        var worst: (frame: Int, mean: Double) = (frames[0], -1)
        for player in ["rlottie", "thorvg"] {
            let entry = try XCTUnwrap(report[player] as? [String: Any], file: file, line: line)
            XCTAssertNil(entry["error"], "\(player): \(entry["error"] ?? "")", file: file, line: line)
            for frame in frames {
                let played = try RGBAFrame(contentsOfPNGFile: folder + "/\(player)-\(frame).png")
                let reference = try XCTUnwrap(kinetic[frame])
                XCTAssertEqual(played.width, reference.width, file: file, line: line)
                let (mean, maximum, bad) = FrameDifference.compare(played, reference)
                results[player, default: []].append(
                    FrameResult(frame: frame, mean: mean, maximum: maximum, badPixels: bad))
                let meanLimit = limits.mean + (player == "rlottie" ? Self.rlottieOffset : 0)
                XCTAssertLessThanOrEqual(
                    mean, meanLimit, "\(name) \(player) frame \(frame): mean difference", file: file, line: line)
                XCTAssertLessThanOrEqual(
                    maximum, limits.maximum, "\(name) \(player) frame \(frame): largest difference", file: file,
                    line: line)
                XCTAssertLessThanOrEqual(
                    bad, limits.badPixels, "\(name) \(player) frame \(frame): share of pixels > 64 levels off",
                    file: file, line: line)
                if mean > worst.mean { worst = (frame, mean) }
            }
        }
        // The worst frame, to look at.
        let frame = worst.frame
        if let reference = kinetic[frame] {
            let players = try ["rlottie", "thorvg"].map {
                try RGBAFrame(contentsOfPNGFile: folder + "/\($0)-\(frame).png")
            }
            try FrameDifference.sheet([reference] + players, differences: players).writePNG(
                to: folder + "/worst-frame-\(frame).png")
            try reference.writePNG(to: folder + "/kinetic-\(frame).png")
        }
        let summary = ["rlottie", "thorvg"].map { player -> String in
            let list = results[player] ?? []
            let mean = list.map(\.mean).max() ?? 0
            let maximum = list.map(\.maximum).max() ?? 0
            let bad = list.map(\.badPixels).max() ?? 0
            return "\(player) worst mean \(Self.text(mean)), max \(maximum), >64: \(Self.text(100 * bad))%"
        }.joined(separator: "; ")
        let baked = export.channels.filter { $0.method == .baked }
        let keyframes = export.channels.reduce(0) { $0 + $1.keyframes }
        print(
            "player check \(name): \(export.bytes.count) bytes in \(Self.text(exportSeconds * 1000)) ms, "
                + "\(export.channels.count) channels (\(baked.count) baked), \(keyframes) keyframes; \(summary); "
                + "worst frame \(frame) in \(folder); warnings: \(export.warnings.map(\.description))")
        for channel in export.channels where zip(channel.maximumError, channel.tolerance).contains(where: { $0 > $1 }) {
            XCTFail("\(name): \(channel) exceeds its tolerance \(channel.tolerance)", file: file, line: line)
        }
        return results
    }

    static func text(_ value: Double) -> String { "\((value * 100).rounded() / 100)" }

    private let measurer = PangoTextMeasurer()

    func testShowcase() throws {
        let clip = try Showcase().makeClip(measuring: measurer)
        // The card's blurred shadow is left out (with a warning): a few levels on average around it.
        try check(
            "showcase", clip, frames: [0, 20, 45, 70, 89], limits: Limits(mean: 0.6, maximum: 96, badPixels: 0.001))
    }

    func testShimmer() throws {
        let text = ShimmerText(string: "slide to unlock")
        let clip = try ShimmerScene(content: .text(text), style: .default(Shimmer())).makeClip(measuring: measurer)
        try check(
            "shimmer", clip, frames: [0, 15, 30, 45, 60], limits: Limits(mean: 0.3, maximum: 64, badPixels: 0.001))
        let seed = try ShimmerScene(content: .text(text), style: .seed(ShimmerSeed())).makeClip(measuring: measurer)
        try check(
            "shimmer-seed", seed, frames: [0, 15, 30, 45, 59], limits: Limits(mean: 0.3, maximum: 64, badPixels: 0.001))
    }

    func testElevator() throws {
        let values: [Double] = [7, 8, 9, 10, 99, 100]
        let digits = try ElevatorNumber(values: values, interval: 0.8).makeClip(measuring: measurer)
        try check(
            "elevator", digits, frames: [0, 15, 30, 45, 60, 80, 100, 140],
            limits: Limits(mean: 0.4, maximum: 112, badPixels: 0.001))
        let seed = try ElevatorNumber(values: values, interval: 0.8, style: .seed).makeClip(measuring: measurer)
        try check(
            "elevator-seed", seed, frames: [0, 12, 30, 50, 70, 100],
            limits: Limits(mean: 0.2, maximum: 64, badPixels: 0.001))
    }

    func testCountUp() throws {
        let count = try CountUp(from: 0, to: 10_000).makeClip(measuring: measurer)
        try check(
            "count", count, frames: [0, 20, 35, 50, 70, 90], limits: Limits(mean: 0.3, maximum: 64, badPixels: 0.001))
        let seed = try CountUp(from: 0, to: 10_000, style: .seed).makeClip(measuring: measurer)
        try check(
            "count-seed", seed, frames: [0, 20, 35, 50, 70], limits: Limits(mean: 0.3, maximum: 64, badPixels: 0.001))
        let yen = try CountUp(
            to: 1_234_567, format: NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP")
        )
        .makeClip(measuring: measurer)
        try check(
            "count-yen", yen, frames: [0, 20, 35, 50, 70], limits: Limits(mean: 0.3, maximum: 64, badPixels: 0.001))
    }

    /// Core Animation's key paths (transform.scale about the anchor, position.y, transform.rotation.z with the
    /// scale kept, bounds.size.width) as rlottie and ThorVG play them. The worst pixels are single antialiased
    /// edge pixels of the turned card and the discs (the springs are baked within 0.25 pt), hence the maximum;
    /// the mean is the check that the motion is the same.
    func testPopBounceWiggle() throws {
        try check(
            "pop-bounce-wiggle", try popBounceWiggleClip(), frames: [0, 4, 8, 12, 20, 30, 44],
            limits: Limits(mean: 0.4, maximum: 128, badPixels: 0.002))
    }

    func testCollapse() throws {
        let clip = try Collapse(screen: ExampleScreen().makeLayer(), spec: .seed).makeClip(measuring: measurer)
        try check(
            "collapse", clip, frames: [0, 10, 20, 30, 40], limits: Limits(mean: 1, maximum: 160, badPixels: 0.002))
    }

    /// The dotLottie archive opens in Python's zipfile, names its animation in the manifest, and plays.
    func testDotLottieOpensAndPlays() throws {
        try requirePlayers()
        let clip = try Showcase().makeClip(measuring: measurer)
        let export = try LottieExporter(
            glyphs: PangoGlyphOutliner(), options: LottieExportOptions(framesPerSecond: Self.framesPerSecond)
        ).export(clip)
        let folder = Self.sheets + "/dotlottie"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/showcase.lottie"
        try Data(DotLottie.archive(animation: export.bytes, loops: clip.loops)).write(to: URL(fileURLWithPath: path))
        let report = try runPlayers(path, frames: [30], out: folder)
        let archive = try XCTUnwrap(report["dotlottie"] as? [String: Any])
        XCTAssertEqual(archive["entries"] as? [String], ["manifest.json", "animations/animation.json"])
        XCTAssertTrue(archive["crc"] is NSNull, "zipfile.testzip found a bad entry: \(archive["crc"] ?? "")")
        XCTAssertEqual((report["schema"] as? [String: Any])?["valid"] as? Bool, true)
        let extracted = try Data(contentsOf: URL(fileURLWithPath: folder + "/extracted.json"))
        XCTAssertEqual(Array(extracted), export.bytes)
        XCTAssertNil((report["rlottie"] as? [String: Any])?["error"])
    }
}
