import Foundation
import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster
import KineticTestSupport
import XCTest

@testable import KineticExport

/// Every effect exported as animated SVG and shown by headless Chromium (scripts/svg_frames.py: each copy of the
/// SVG paused and seeked with `svg.pauseAnimations(); svg.setCurrentTime(t)`), against Kinetic's Cairo frames at
/// the same times composited on white. The times are frames of the 30 fps the export was baked for: the count-up's
/// last digits roll through a whole cell between two frames, so between frames a fitted curve and the animation
/// can show different digits. Same metric as `PlayerComparisonTests` (mean and largest per-channel
/// difference, share of pixels more than 64 levels off); the worst frame's sheet goes to
/// kinetic-export-check/run-PID/svg-<name>/ in the temporary folder (``PlayerComparisonTests/sheets``).
final class ChromiumComparisonTests: XCTestCase {
    static let python = PlayerComparisonTests.python
    static let script = PlayerComparisonTests.root + "/scripts/svg_frames.py"
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    private let measurer = PangoTextMeasurer()

    private func check(
        _ name: String, _ clip: Clip, frames: [Int], mean meanLimit: Double, maximum maximumLimit: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let times = frames.map { Double($0) / 30 }
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw MissingTool("no Python environment at \(Self.python): run scripts/python-tools.sh (make test does)")
        }
        guard let chromium = Self.chromium else {
            throw MissingTool("no chromium to play the SVG (make setup-test installs it)")
        }
        let folder = PlayerComparisonTests.sheets + "/svg-" + name
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let start = Date()
        let export = try SVGExporter(glyphs: PangoGlyphOutliner(), options: SVGExportOptions(framesPerSecond: 30))
            .export(clip)
        let seconds = Date().timeIntervalSince(start)
        let path = folder + "/\(name).svg"
        try Data(export.bytes).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [
            Self.script, path, "--times", times.map { "\($0)" }.joined(separator: ","), "--out", folder,
            "--chromium", chromium,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertNil(report["error"], "\(report["error"] ?? "")", file: file, line: line)
        let renderer = try LayerRenderer(size: clip.size, background: clip.background)
        var worst = (index: 0, mean: -1.0, maximum: 0)
        var summary: [String] = []
        for (index, time) in times.enumerated() {
            let shown = try RGBAFrame(contentsOfPNGFile: folder + "/chromium-\(index).png")
            let reference = try FrameDifference.overWhite(try renderer.render(clip.root, at: time))
            let (mean, maximum, bad) = FrameDifference.compare(shown, reference)
            summary.append("frame \(frames[index]): \(PlayerComparisonTests.text(mean))/\(maximum)")
            XCTAssertLessThanOrEqual(mean, meanLimit, "\(name) at \(time) s: mean difference", file: file, line: line)
            XCTAssertLessThanOrEqual(maximum, maximumLimit, "\(name) at \(time) s: largest", file: file, line: line)
            XCTAssertLessThanOrEqual(bad, 0.002, "\(name) at \(time) s: pixels > 64 off", file: file, line: line)
            if mean > worst.mean { worst = (index, mean, maximum) }
            if index == times.count - 1 || mean >= worst.mean {
                try FrameDifference.sheet([reference, shown], differences: [shown])
                    .writePNG(to: folder + "/sheet-\(index).png")
            }
        }
        print(
            "chromium check \(name): \(export.bytes.count) bytes in \(PlayerComparisonTests.text(seconds * 1000)) ms, "
                + "\(export.channels.count) channels; mean/max per frame: \(summary.joined(separator: ", ")); worst "
                + "sheet \(folder)/sheet-\(worst.index).png")
        for channel in export.channels where zip(channel.maximumError, channel.tolerance).contains(where: { $0 > $1 }) {
            XCTFail("\(name): \(channel) exceeds its tolerance \(channel.tolerance)", file: file, line: line)
        }
    }

    func testShowcase() throws {
        try check(
            "showcase", try Showcase().makeClip(measuring: measurer), frames: [0, 18, 45, 69], mean: 0.8,
            maximum: 96)
    }

    /// Core Animation's key paths in the SVG, as Chromium plays it (the largest differences are single antialiased
    /// edge pixels of the turned card and the discs, as in the Lottie players' check).
    func testPopBounceWiggle() throws {
        try check(
            "pop-bounce-wiggle", try popBounceWiggleClip(), frames: [0, 4, 8, 12, 20, 30, 44], mean: 0.5, maximum: 128)
    }

    func testShimmer() throws {
        let text = ShimmerText(string: "slide to unlock")
        try check(
            "shimmer", try ShimmerScene(content: .text(text), style: .default(Shimmer())).makeClip(measuring: measurer),
            frames: [0, 15, 30, 45], mean: 0.4, maximum: 64)
        try check(
            "shimmer-seed",
            try ShimmerScene(content: .text(text), style: .seed(ShimmerSeed())).makeClip(measuring: measurer),
            frames: [0, 15, 30, 45], mean: 0.4, maximum: 64)
    }

    func testElevatorAndCountUp() throws {
        let values: [Double] = [7, 8, 9, 10, 99, 100]
        try check(
            "elevator", try ElevatorNumber(values: values, interval: 0.8).makeClip(measuring: measurer),
            frames: [0, 30, 45, 60, 102], mean: 0.4, maximum: 96)
        try check(
            "elevator-seed",
            try ElevatorNumber(values: values, interval: 0.8, style: .seed).makeClip(measuring: measurer),
            frames: [0, 12, 30, 51], mean: 0.3, maximum: 64)
        // Glyphs of 50 pt and more are written to 0.1 pt (within a thousandth of the em): a glyph edge can land
        // 0.05 px from Cairo's, which moves a single anti-aliased pixel by more than 64 levels.
        try check(
            "count", try CountUp(from: 0, to: 10_000).makeClip(measuring: measurer),
            frames: [0, 20, 35, 50, 70], mean: 0.5, maximum: 80)
        try check(
            "count-seed", try CountUp(from: 0, to: 10_000, style: .seed).makeClip(measuring: measurer),
            frames: [0, 20, 35, 50], mean: 0.5, maximum: 64)
    }

    func testCollapse() throws {
        try check(
            "collapse", try Collapse(screen: ExampleScreen().makeLayer(), spec: .seed).makeClip(measuring: measurer),
            // The falling views sit within the baking tolerance (0.25 pt) of Cairo's positions, so only
            // anti-aliased edges differ; where a dark glyph edge lands a fraction of a pixel apart in the two
            // rasterisers one channel can be 160–170 levels off (the mean stays near 0.6).
            frames: [0, 10, 20, 30, 40], mean: 1.2, maximum: 176)
    }
}
