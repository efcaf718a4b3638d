import Foundation
import KineticTestSupport
import XCTest

/// End-to-end tests of `kinetic render elevator` and `kinetic render count` on the built binary: help text,
/// clip lengths derived from the effect, output files, and error messages.
final class NumberEffectCommandTests: XCTestCase {
    private func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "kinetic-numbers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func gif(_ path: String) throws -> GIFSummary {
        try GIFSummary(data: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testHelpListsEveryOptionWithItsDefault() throws {
        let elevator = try KineticProcess.run(["render", "elevator", "--help"])
        XCTAssertEqual(elevator.status, 0)
        for fragment in [
            "USAGE: kinetic render elevator", "--values LIST", "--style STYLE", "(default digits)", "--direction DIR",
            "shortest", "--stagger S", "--spring SPEC", "--easing CURVE", "--instant", "--format KIND",
            "--currency CODE", "--locale ID", "(default en_US)", "--font FAMILIES", "--color COLOR", "--box-width PT",
            "(default #0000FF original, none digits)", "(default until the last change settles, + 1)",
        ] {
            XCTAssertTrue(elevator.stdout.contains(fragment), "missing '\(fragment)' in:\n\(elevator.stdout)")
        }
        let count = try KineticProcess.run(["render", "count", "--help"])
        XCTAssertEqual(count.status, 0)
        for fragment in [
            "USAGE: kinetic render count", "--from N", "(default 10000)", "--step STEP", "(default fiftieth)",
            "--easing CURVE", "(default expo)", "--decimals N", "--prefix TEXT", "--suffix TEXT", "--retarget LIST",
            "--smart-threshold N", "(default 999, countUp.js)", "(default the delay + the count + 1.5)",
        ] {
            XCTAssertTrue(count.stdout.contains(fragment), "missing '\(fragment)' in:\n\(count.stdout)")
        }
    }

    /// The seed's clip is the last change's slide + 1 s: two values a second apart end at 2 s, so 3 s at 10 fps.
    /// (The GIF encoder merges identical frames, adding their delays: 10 frames of sliding and the still ones.)
    func testElevatorSeedClipLengthFollowsTheValues() throws {
        let folder = try makeFolder()
        let path = folder + "/seed.gif"
        let result = try KineticProcess.run([
            "render", "elevator", "--style", "original", "--values", "1,2", "--fps", "10", "-o", path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let summary = try gif(path)
        XCTAssertEqual([summary.width, summary.height], [240, 160])
        XCTAssertEqual(summary.frameCount, 11)
        XCTAssertEqual(summary.delays.reduce(0, +), 300)
    }

    func testElevatorDigitsWithFormattingRenders() throws {
        let folder = try makeFolder()
        let path = folder + "/digits.gif"
        let result = try KineticProcess.run([
            "render", "elevator", "--values", "999.5,1000,12.25", "--interval", "0.4", "--format", "currency",
            "--currency", "EUR", "--locale", "de_DE", "--direction", "shortest", "--stagger", "0.03", "--spring",
            "duration=0.4,bounce=0.2", "--width", "320", "--height", "100", "--duration", "2", "--fps", "15", "-o",
            path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let summary = try gif(path)
        XCTAssertEqual([summary.width, summary.height], [320, 100])
        XCTAssertEqual(summary.delays.reduce(0, +), 200)
        XCTAssertGreaterThan(summary.frameCount, 10)
    }

    /// The seed count 0 → 100 adds 2 per 0.02-s tick: 1 s (no delay: `CountUp`'s own default), + 1.5 s: 2.5 s at
    /// 10 fps.
    /// The original articles' styles are `--style original`; `seed`, their old name, still works the same.
    func testOriginalStyleAndItsOldNameSeed() throws {
        let folder = try makeFolder()
        for command in [
            ["render", "elevator", "--values", "1,2"], ["render", "count", "--to", "50"], ["render", "shimmer"],
        ] {
            var outputs: [Data] = []
            for name in ["original", "seed"] {
                let path = "\(folder)/\(command[1])-\(name).svg"
                let result = try KineticProcess.run(command + ["--style", name, "-o", path])
                XCTAssertEqual(result.status, 0, result.stderr)
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            XCTAssertEqual(outputs[0], outputs[1], "\(command[1])")
        }
        let help = try KineticProcess.run(["render", "elevator", "--help"])
        XCTAssertTrue(help.stdout.contains("[--style digits|original]"), help.stdout)
    }

    func testCountClipLengthAndDeterminism() throws {
        let folder = try makeFolder()
        for name in ["a.gif", "b.gif"] {
            let result = try KineticProcess.run([
                "render", "count", "--style", "seed", "--to", "100", "--fps", "10", "-o", "\(folder)/\(name)",
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let summary = try gif(folder + "/a.gif")
        XCTAssertEqual([summary.width, summary.height], [320, 120])
        XCTAssertEqual(summary.delays.reduce(0, +), 250)
        XCTAssertEqual(summary.frameCount, 11)  // "0", ten counting frames (one per 0.1 s), the rest held
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/a.gif")),
            try Data(contentsOf: URL(fileURLWithPath: folder + "/b.gif")))
    }

    func testCountInYenWithRetargetsRenders() throws {
        let folder = try makeFolder()
        let path = folder + "/yen.png"
        let result = try KineticProcess.run([
            "render", "count", "--to", "10000", "--format", "currency", "--locale", "ja_JP", "--retarget",
            "1.5:2500", "--easing", "ease-out", "--scale", "2", "-o", path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(width, 640)
    }

    func testTheDefaultCanvasFitsTheWidestValueAndAGivenOneThatIsTooNarrowWarns() throws {
        let folder = try makeFolder()
        for (arguments, minimumWidth) in [
            (["render", "count", "--to", "1000000", "--suffix", "+"], 339),
            (["render", "elevator", "--values", "1299.99,999", "--format", "currency", "--currency", "USD"], 250),
        ] {
            let result = try KineticProcess.run(arguments + ["-o", folder + "/fit.png"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertFalse(result.stderr.contains("warning"), result.stderr)
            let width = result.stderr.split(separator: "(").last?.split(separator: "×").first.flatMap { Int($0) }
            XCTAssertGreaterThan(width ?? 0, minimumWidth, "\(arguments): \(result.stderr)")
        }
        let narrow = try KineticProcess.run([
            "render", "count", "--to", "1000000", "--suffix", "+", "--width", "200", "-o", folder + "/narrow.png",
        ])
        XCTAssertEqual(narrow.status, 0, narrow.stderr)
        XCTAssertTrue(
            narrow.stderr.contains(
                "warning: the text '1,000,000+' is 339 pt wide but the canvas is 200 pt: it is cut off"),
            narrow.stderr)
    }

    func testErrorsSayWhatWasWrong() throws {
        let folder = try makeFolder()
        let out = ["-o", folder + "/x.gif"]
        let cases: [([String], String)] = [
            (["render", "elevator", "--style", "roll"], "--style must be digits or original (got 'roll')"),
            (["render", "elevator", "--direction", "sideways"], "--direction must be sign, up, down or shortest"),
            (["render", "elevator", "--values", "1,x"], "'x' is not a number"),
            (["render", "elevator", "--values", "1,2", "--from", "3"], "--from counts; it cannot be combined"),
            (["render", "elevator", "--style", "seed", "--spring", "smooth"], "applies to --style digits only"),
            (["render", "elevator", "--spring", "wobbly"], "--spring expects smooth, snappy, bouncy"),
            (["render", "elevator", "--spring", "duration=0.5,mass=2"], "use one family of keys"),
            (["render", "elevator", "--easing", "cubic-bezier(2,0,1,1)"], "--easing"),
            (["render", "elevator", "--from", "0", "--to", "10", "--step", "-1"], "points away from 10"),
            (["render", "elevator", "--interval", "0"], "--interval must be greater than 0"),
            (
                ["render", "elevator", "--to", "18001", "--duration", "5"],
                "18002 values at --interval 1 s arrive until 18001 s; a clip lasts at most 600 s"
            ),
            (["render", "elevator", "--values", "1,2,3", "--interval", "300.5"], "arrive until 601 s"),
            (["render", "count", "--currency", "XYZ"], "unknown currency code 'XYZ'"),
            (["render", "count", "--locale", "xx_YY"], "unknown locale 'xx_YY'"),
            (["render", "count", "--decimals", "11"], "--decimals must be a whole number from 0 to 10 (got '11')"),
            (["render", "count", "--format", "roman"], "--format must be decimal, currency or percent"),
            (["render", "count", "--step", "one"], "--step applies to --style original only"),
            (["render", "count", "--style", "seed", "--easing", "linear"], "applies to --style default only"),
            (["render", "count", "--retarget", "1-500"], "--retarget expects TIME:VALUE pairs"),
            (["render", "count", "--delay", "1", "--retarget", "0.1:5"], "in order"),
            (
                ["render", "count", "--count-duration", "0"],
                "--count-duration must be greater than 0 and at most 600 seconds (got '0')"
            ),
            (["render", "count", "--smart-amount", "2000"], "below its threshold"),
            (
                ["render", "count", "--font-size", "0"],
                "--font-size must be greater than 0 and at most 1000 points (got '0')"
            ),
            (["render", "count", "--color", "bleu"], "--color: invalid colour 'bleu': not a colour: use #RRGGBB"),
            (
                ["render", "count", "--color", "blue", "--text-color", "red"],
                "--color is another name for --text-color"
            ),
        ]
        for (arguments, fragment) in cases {
            let result = try KineticProcess.run(arguments + out)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("\n\n"), result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }
}
