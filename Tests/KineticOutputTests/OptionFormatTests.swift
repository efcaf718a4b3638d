import Foundation
import KineticCore
import KineticEffects
import KineticExport
import KineticLayers
import KineticOutput
import KineticTestSupport
import XCTest

/// One place decides what each format does with each option: an option a format cannot honour is an error that
/// names both, from Swift as from the command line — never dropped silently.
final class OptionFormatTests: XCTestCase {
    /// Every option set to a value that would be valid where it applies.
    static func options(setting option: OutputOption) -> OutputOptions {
        var options = OutputOptions()
        switch option {
        case .framesPerSecond: options.framesPerSecond = 24
        case .scale: options.scale = 2
        case .duration: options.duration = 1
        case .stillTime: options.stillTime = 0.5
        case .background: options.background = .transparent
        case .backgroundImage: options.backgroundImage = "/nonexistent/picture.png"
        case .loopCount: options.loopCount = 1
        case .dithering: options.dithering = 0.2
        case .matte: options.matte = .white
        case .constantRateFactor: options.constantRateFactor = 20
        case .ffmpegPath: options.ffmpegPath = "/usr/bin/ffmpeg"
        case .tolerance: options.tolerance = ExportTolerance()
        case .concurrency: options.concurrency = 1
        case .title: options.title = "Twelve"
        case .darkTextColor: options.darkTextColor = .white
        case .darkBackground: options.darkBackground = .black
        }
        return options
    }

    func testEveryOptionAFormatCannotHonourIsAnErrorNamingBoth() throws {
        let clip = try CountUp(to: 12).makeClip()
        var refused = 0
        for option in OutputOption.allCases {
            for format in FileFormat.allCases {
                let options = Self.options(setting: option)
                if option.formats.contains(format) {
                    XCTAssertNoThrow(try clip.outputPlan(format: format, options: options), "\(option) \(format)")
                    continue
                }
                refused += 1
                XCTAssertThrowsError(try clip.write(as: format, options: options), "\(option) \(format)") { error in
                    guard let error = error as? OutputError, case .notApplicable(let named, let inFormat) = error else {
                        return XCTFail("\(option) \(format): \(error)")
                    }
                    XCTAssertEqual(named, option)
                    XCTAssertEqual(inFormat, format)
                    let message = error.description
                    XCTAssertTrue(message.hasPrefix("\(option.rawValue) does not apply to \(format):"), message)
                    XCTAssertFalse(message.contains("\n"), message)
                    XCTAssertTrue(error.message(naming: .flags).hasPrefix("--\(option.flag) does not apply to"))
                }
            }
        }
        // Duration and background apply everywhere; the rest to some formats only.
        XCTAssertEqual(refused, 53 + 3 * 7)  // title and the dark colours: SVG only
    }

    /// The command line's flags refuse the same pairs, before any work (with --dry-run too), exit 64.
    func testTheCommandLineRefusesTheSamePairs() throws {
        let folder = try TemporaryFolder()
        let flags: [(OutputOption, [String])] = [
            (.framesPerSecond, ["--fps", "24"]), (.scale, ["--scale", "2"]), (.stillTime, ["--time", "0.5"]),
            (.backgroundImage, ["--background-image", "/nonexistent/picture.png"]), (.loopCount, ["--loop", "1"]),
            (.dithering, ["--dither", "0.2"]), (.matte, ["--matte", "#FFFFFF"]),
        ]
        for (option, arguments) in flags {
            for format in FileFormat.allCases where !option.formats.contains(format) {
                let path = folder.path + "/x." + format.fileExtension
                for dry in [[], ["--dry-run"]] {
                    let run = try KineticProcess.run(["render", "count", "--to", "12", "-o", path] + arguments + dry)
                    XCTAssertEqual(run.status, 64, "\(arguments) \(format): \(run.stderr)")
                    XCTAssertEqual(
                        run.stderr,
                        "kinetic render count: "
                            + OutputError.notApplicable(option, format: format).message(naming: .flags) + "\n")
                    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
                }
            }
        }
    }

    func testRangesAreCheckedBeforeAnyWork() throws {
        let clip = try CountUp(to: 12).makeClip()
        let cases: [(OutputOptions, FileFormat, String)] = [
            (OutputOptions(framesPerSecond: 0), .gif, "framesPerSecond must be from 1 to 120 (got 0)"),
            (OutputOptions(scale: 1.5), .png, "scale must be 1, 2 or 3 (got 1.5)"),
            (OutputOptions(duration: 601), .svg, "duration must be more than 0 and at most 600 s (got 601)"),
            (OutputOptions(duration: .nan), .lottie, "duration must be more than 0 and at most 600 s (got nan)"),
            (OutputOptions(loopCount: 2), .svg, "SVG plays forever (loopCount 0) or once (1), not 2 times"),
            (OutputOptions(loopCount: 70_000), .gif, "loopCount must be 0 (forever) to 65535 (got 70000)"),
            (OutputOptions(dithering: 2), .gif, "dithering must be 0…1 (got 2)"),
            (OutputOptions(constantRateFactor: 60), .mp4, "constantRateFactor must be 0…51 for MP4 (got 60)"),
            (OutputOptions(scale: 3), .gif, ""),
        ]
        for (options, format, expected) in cases {
            if expected.isEmpty {
                XCTAssertNoThrow(try clip.outputPlan(format: format, options: options))
                continue
            }
            XCTAssertThrowsError(try clip.outputPlan(format: format, options: options), expected) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
        }
        // A canvas too large for its scale names the side and the remedy, in the library's words and the CLI's.
        let big = Clip(root: Layer(frame: Rect(x: 0, y: 0, width: 5000, height: 100)), duration: 1)
        XCTAssertThrowsError(try big.outputPlan(format: .png, options: OutputOptions(scale: 2))) { error in
            let error = error as? OutputError
            XCTAssertEqual(
                error?.description,
                "the frame would be 10000 px wide (5000 points × scale 2); it must be 1 to 8192 px: change the "
                    + "canvas width or scale")
            XCTAssertEqual(
                error?.message(naming: .flags),
                "the frame would be 10000 px wide (5000 points × scale 2); it must be 1 to 8192 px: change --width "
                    + "or --scale")
        }
        // Vectors are bounded by the same length as pixels (an elevator of 700 s is refused as SVG too).
        var long = clip
        long.duration = 700
        XCTAssertThrowsError(try long.write(as: .svg)) { error in
            XCTAssertTrue("\(error)".contains("a clip lasts more than 0 and at most 600 s"), "\(error)")
        }
    }

    func testAMissingBackgroundPictureIsReportedBeforeAnything() throws {
        let folder = try TemporaryFolder()
        let clip = try CountUp(to: 12).makeClip()
        let path = folder.path + "/x.gif"
        XCTAssertThrowsError(
            try clip.write(to: path, options: OutputOptions(backgroundImage: folder.path + "/missing.png"))
        ) { error in
            guard case .unreadableInput = error as? OutputError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
