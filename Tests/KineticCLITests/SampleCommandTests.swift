import Foundation
import KineticTestSupport
import XCTest

/// End-to-end tests of `kinetic sample …` on the built binary: output values, JSON, help and errors.
final class SampleCommandTests: XCTestCase {
    private func lines(_ text: String) -> [[String]] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map(String.init) }
    }

    func testEachTableStartsWithAHeaderNamingItsColumns() throws {
        let tables: [([String], String)] = [
            (["sample", "curve", "ease", "--count", "2"], "# x y"),
            (["sample", "spring", "--seconds", "0.1"], "# t x v"),
            (["sample", "timing", "--duration", "1", "--at", "0"], "# t progress iteration"),
        ]
        for (arguments, header) in tables {
            let result = try KineticProcess.run(arguments)
            XCTAssertEqual(result.stdout.split(separator: "\n").first.map(String.init), header, "\(arguments)")
        }
    }

    func testCurvePrintsEvenlySpacedSamples() throws {
        let result = try KineticProcess.run(["sample", "curve", "ease-in-out", "--count", "5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = lines(result.stdout)
        XCTAssertEqual(rows.count, 5)
        XCTAssertEqual(rows.map { $0[0] }, ["0", "0.25", "0.5", "0.75", "1"])
        XCTAssertEqual(Double(rows[2][1]) ?? .nan, 0.5, accuracy: 1e-9)  // ease-in-out is symmetric
        // Chromium's ease-in-out at 0.25 is 0.129161931 (Tests/Fixtures/timing_curves.json).
        XCTAssertEqual(Double(rows[1][1]) ?? .nan, 0.129_161_931, accuracy: 2e-6)
    }

    func testCurveDefaultCountAndIOSNames() throws {
        let result = try KineticProcess.run(["sample", "curve", "easeInEaseOut"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(lines(result.stdout).count, 101)
        let css = try KineticProcess.run(["sample", "curve", "ease-in-out"])
        XCTAssertEqual(result.stdout, css.stdout)
    }

    func testCurveAcceptsCubicBezierAndStepsSpecs() throws {
        let bezier = try KineticProcess.run(["sample", "curve", "cubic-bezier(0, 0, 1, 1)", "--count", "3"])
        XCTAssertEqual(bezier.status, 0, bezier.stderr)
        XCTAssertEqual(lines(bezier.stdout).map { Double($0[1]) ?? .nan }, [0, 0.5, 1])
        let steps = try KineticProcess.run(["sample", "curve", "steps(4, jump-none)", "--count", "5"])
        XCTAssertEqual(lines(steps.stdout).map { $0[1] }, ["0", "0.3333333333333333", "0.6666666666666666", "1", "1"])
        let start = try KineticProcess.run(["sample", "curve", "steps(2, start)", "--count", "3"])
        XCTAssertEqual(lines(start.stdout).map { $0[1] }, ["0.5", "1", "1"])
    }

    func testCurveJSON() throws {
        let result = try KineticProcess.run(["sample", "curve", "linear", "--count", "3", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["curve"] as? String, "linear")
        let points = try XCTUnwrap(json["points"] as? [[Double]])
        XCTAssertEqual(points, [[0, 0], [0.5, 0.5], [1, 1]])
    }

    func testSpringMatchesSciPyReference() throws {
        // springs.json config 0 is mass 1, stiffness 100, damping 10, v0 0: x(0.1) from SciPy.
        let result = try KineticProcess.run(["sample", "spring", "--seconds", "0.1", "--rate", "10"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = lines(result.stdout)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0], ["0", "0", "0"])
        XCTAssertEqual(rows[1][0], "0.1")
        // Closed form for ζ = 0.5, ω = 10: x(0.1) = 1 − e^{−0.5}(cos(0.866) + 0.577 sin(0.866)).
        let omegaD = 10 * (0.75).squareRoot()
        let expected = 1 - exp(-0.5) * (cos(omegaD * 0.1) + 0.5 / 0.75.squareRoot() * sin(omegaD * 0.1))
        XCTAssertEqual(Double(rows[1][1]) ?? .nan, expected, accuracy: 1e-9)
        XCTAssertTrue(result.stderr.hasPrefix("settling duration: "), result.stderr)
    }

    func testSpringUndampedSaysItNeverSettles() throws {
        let result = try KineticProcess.run(["sample", "spring", "--damping", "0", "--seconds", "0.01"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("never"), result.stderr)
        let json = try KineticProcess.run(["sample", "spring", "--damping", "0", "--seconds", "0.01", "--json"])
        XCTAssertTrue(json.stdout.contains("\"settlingDuration\": null"), json.stdout)
    }

    func testSpringSwiftUIParameters() throws {
        let result = try KineticProcess.run([
            "sample", "spring", "--response", "0.5", "--damping-fraction", "1", "--seconds", "0.01", "--json",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let spring = try XCTUnwrap(json["spring"] as? [String: Double])
        XCTAssertEqual(spring["stiffness"] ?? .nan, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(spring["damping"] ?? .nan, 4 * Double.pi / 0.5, accuracy: 1e-9)
    }

    func testTimingAutoreversesAndFill() throws {
        let result = try KineticProcess.run([
            "sample", "timing", "--duration", "1", "--repeat-count", "2", "--autoreverses", "--fill", "forwards",
            "--at", "-1,0,0.25,1.5,2.25,4,5",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            lines(result.stdout),
            [
                ["-1", "removed"], ["0", "0", "0"], ["0.25", "0.25", "0"], ["1.5", "0.5", "0"], ["2.25", "0.25", "1"],
                ["4", "0", "1"], ["5", "0", "1"],
            ])
    }

    func testTimingSpeedZeroIsAPauseAtTimeOffset() throws {
        let result = try KineticProcess.run([
            "sample", "timing", "--duration", "2", "--speed", "0", "--time-offset", "0.5", "--at", "0,10,100",
        ])
        XCTAssertEqual(lines(result.stdout).map { $0[1] }, ["0.25", "0.25", "0.25"])
    }

    func testTimingWithCurveAndJSON() throws {
        let result = try KineticProcess.run([
            "sample", "timing", "--duration", "1", "--curve", "ease-in", "--at", "0.5", "--json",
        ])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let samples = try XCTUnwrap(json["samples"] as? [[String: Any]])
        // Chromium's ease-in at 0.5 is 0.3153568.
        XCTAssertEqual(samples.first?["progress"] as? Double ?? .nan, 0.315_356_8, accuracy: 2e-6)
        XCTAssertEqual(json["activeDuration"] as? Double, 1)
    }

    func testErrorsHaveOneLineAndSysexitsStatus() throws {
        let cases: [([String], Int32, String)] = [
            (["sample", "curve", "cubic-bezier(1.5, 0, 1, 1)"], 65, "outside 0…1"),
            (["sample", "curve", "steps(0)"], 65, "steps"),
            (["sample", "curve", "bouncy-wobble"], 65, "bouncy-wobble"),
            (["sample", "curve"], 64, "missing SPEC"),
            (["sample", "curve", "ease", "--cuont", "3"], 64, "did you mean '--count'"),
            (["sample", "curve", "ease", "--count"], 64, "needs a value"),
            (
                ["sample", "curve", "ease", "--count", "1"], 64,
                "--count must be a whole number from 2 to 1000000 (got '1')"
            ),
            (["sample", "spring", "--mass", "-1"], 64, "--mass must be from 0.001 to 1000 (got '-1')"),
            (["sample", "spring", "--mass", "1", "--response", "0.5"], 64, "choose one way"),
            (
                ["sample", "spring", "--rate", "abc"], 64,
                "--rate expects a number greater than 0 and at most 10000 samples per second, got 'abc'"
            ),
            (["sample", "timing", "--at", "0"], 64, "--duration is required"),
            (["sample", "timing", "--duration", "1"], 64, "--at is required"),
            (["sample", "timing", "--duration", "1", "--fill", "sideways", "--at", "0"], 64, "--fill expects"),
            (["sample", "timing", "--duration", "1", "--at", "0,x"], 64, "'x' is not a number"),
            (["sample", "wobble"], 64, "unknown subcommand 'wobble'"),
            (["smaple"], 64, "did you mean 'sample'"),
            (["render", "counter", "-o", "x.gif"], 64, "unknown subcommand 'counter'; did you mean 'render count'?"),
            (["render", "shimer"], 64, "did you mean 'render shimmer'?"),
            (["render", "zzz"], 64, "unknown subcommand 'zzz'; expected one of"),
            // Nothing is suggested for a word far longer than any option, and the length costs nothing.
            (["sample", "curve", "ease", "--" + String(repeating: "count", count: 2_000)], 64, "(see --help)"),
            (["sample", "curve", "ease", "--unt"], 64, "did you mean '--count'"),
        ]
        for (arguments, status, fragment) in cases {
            let result = try KineticProcess.run(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    func testHelpEverywhere() throws {
        for arguments in [
            ["--help"], ["sample", "curve", "--help"], ["sample", "spring", "-h"], ["sample", "timing", "--help"],
        ] {
            let result = try KineticProcess.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stdout.contains("USAGE"), "\(arguments): \(result.stdout)")
        }
        let overview = try KineticProcess.run(["--help"])
        XCTAssertTrue(overview.stdout.contains("sample curve"))
        for group in ["sample", "render", "play"] {
            let listing = try KineticProcess.run([group, "--help"])
            XCTAssertEqual(listing.status, 0, group)
            XCTAssertTrue(listing.stdout.contains("SUBCOMMANDS:"), listing.stdout)
            XCTAssertTrue(listing.stdout.contains("\(group) "), listing.stdout)
        }
    }
}
