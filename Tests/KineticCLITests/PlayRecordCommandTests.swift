import Foundation
import KineticTerminal
import KineticTestSupport
import XCTest

/// `kinetic play --record` (asciicast files) and `--color-mode`.
final class PlayRecordCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-record-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The environment of a plain pipe, whatever the test runner's is.
    private let plain = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]

    private func events(_ path: String) throws -> (header: [String: Any], times: [Double], data: String) {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let header = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        var times: [Double] = []
        var data = ""
        for line in lines.dropFirst() {
            let event = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            times.append(try XCTUnwrap(event[0] as? Double))
            XCTAssertEqual(event[1] as? String, "o")
            data += try XCTUnwrap(event[2] as? String)
        }
        return (header, times, data)
    }

    func testRecordWritesAnAsciicastThatEndsOnTheValue() throws {
        let path = folder.appendingPathComponent("count.cast").path
        let result = try KineticProcess.run(
            ["play", "count", "--to", "42", "--record", path, "--columns", "30", "--rows", "5"], environment: plain)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "", "the play goes to the file, not to standard output")
        let cast = try events(path)
        XCTAssertEqual(cast.header["version"] as? Int, 2)
        XCTAssertEqual(cast.header["width"] as? Int, 30)
        XCTAssertEqual(cast.header["height"] as? Int, 5)
        XCTAssertEqual(cast.header["title"] as? String, "kinetic play count")
        XCTAssertEqual(cast.times.last ?? 0, 2.5, accuracy: 1e-6, "no delay (CountUp's default), 2 s count, 0.5 s hold")
        XCTAssertTrue(cast.data.contains("\u{1B}[?1049h"), "the alternate screen, as live")
        XCTAssertTrue(cast.data.contains("38;2;"), "24-bit colour by default")
        var terminal = try ANSIScreen(size: TerminalSize(columns: 30, rows: 5))
        terminal.apply(cast.data)
        XCTAssertEqual(terminal.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "42")
        XCTAssertEqual(terminal.unsupported, [])
        // The same bytes every run.
        let again = folder.appendingPathComponent("again.cast").path
        _ = try KineticProcess.run(
            ["play", "count", "--to", "42", "--record", again, "--columns", "30", "--rows", "5"], environment: plain)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: path)), try Data(contentsOf: URL(fileURLWithPath: again)))
    }

    func testRecordInSixteenColoursAndInPixels() throws {
        let path = folder.appendingPathComponent("16.cast").path
        let result = try KineticProcess.run(
            ["play", "shimmer", "--text", "hello", "--duration", "0.5", "--record", path, "--color-mode", "16"],
            environment: plain)
        XCTAssertEqual(result.status, 0, result.stderr)
        let cast = try events(path)
        XCTAssertEqual(cast.header["width"] as? Int, 80)
        XCTAssertEqual(cast.header["height"] as? Int, 24)
        XCTAssertFalse(cast.data.contains("38;2;") || cast.data.contains("38;5;"), "16 colours only")
        XCTAssertTrue(cast.data.contains("[90m") || cast.data.contains(";90m"), "the grey hint as bright black")
        let pixels = folder.appendingPathComponent("pixels.cast").path
        let collapse = try KineticProcess.run(
            ["play", "collapse", "--duration", "0.3", "--record", pixels, "--columns", "20", "--rows", "6"],
            environment: plain)
        XCTAssertEqual(collapse.status, 0, collapse.stderr)
        XCTAssertTrue(try events(pixels).data.contains("▀"))
    }

    func testRecordErrors() throws {
        let path = folder.appendingPathComponent("x.cast").path
        let loop = try KineticProcess.run(["play", "count", "--record", path, "--loop"], environment: plain)
        XCTAssertEqual(loop.status, 64)
        XCTAssertTrue(loop.stderr.contains("cannot --loop"), loop.stderr)
        let size = try KineticProcess.run(["play", "count", "--columns", "40"], environment: plain)
        XCTAssertEqual(size.status, 64)
        XCTAssertTrue(size.stderr.contains("use them with --record"), size.stderr)
        let zero = try KineticProcess.run(["play", "count", "--record", path, "--rows", "0"], environment: plain)
        XCTAssertEqual(zero.status, 64)
        XCTAssertTrue(zero.stderr.contains("--rows"), zero.stderr)
        let missing = try KineticProcess.run(
            ["play", "count", "--to", "3", "--record", folder.appendingPathComponent("no/x.cast").path],
            environment: plain)
        XCTAssertEqual(missing.status, 73)
        XCTAssertTrue(missing.stderr.contains("does not exist"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "no file from the failed commands")
    }

    func testColorModeAndTheColourVariables() throws {
        let always = try KineticProcess.run(
            ["play", "count", "--to", "5", "--color-mode", "always"], environment: plain)
        XCTAssertEqual(always.stdout, "\u{1B}[1m5\u{1B}[0m\n", "colour (here bold) into a pipe, no cursor movement")
        let forced = try KineticProcess.run(
            ["play", "shimmer", "--text", "ab", "--duration", "0.5"],
            environment: plain.merging(["FORCE_COLOR": "1"]) { $1 })
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(forced.stdout, "ab\n", "an unstyled final line stays plain")
        let never = try KineticProcess.run(
            ["play", "count", "--to", "5", "--color-mode", "never"],
            environment: plain.merging(["FORCE_COLOR": "3"]) { $1 })
        XCTAssertEqual(never.stdout, "5\n", "the option beats the variable")
        let ci = try KineticProcess.run(
            ["play", "count", "--to", "5"], environment: plain.merging(["CI": "true"]) { $1 })
        XCTAssertEqual(ci.stdout, "5\n")
        let bad = try KineticProcess.run(["play", "count", "--color-mode", "rainbow"], environment: plain)
        XCTAssertEqual(bad.status, 64)
        XCTAssertEqual(
            bad.stderr,
            "kinetic play count: --color-mode must be auto, always, never, 16, 256 or truecolor (got 'rainbow')\n")
    }

    /// asciinema's own `asciinema cat` (2.4.0, from scripts/python-tools.sh) replays the file: it prints exactly
    /// the output the events hold.
    func testAsciinemaCatReplaysTheRecording() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let asciinema = root + "/.build/venv/bin/asciinema"
        guard FileManager.default.isExecutableFile(atPath: asciinema) else {
            throw MissingTool("asciinema is not installed: run scripts/python-tools.sh")
        }
        let path = folder.appendingPathComponent("elevator.cast").path
        let result = try KineticProcess.run(
            ["play", "elevator", "--values", "7,1234,99", "--record", path, "--fps", "30"], environment: plain)
        XCTAssertEqual(result.status, 0, result.stderr)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: asciinema)
        process.arguments = ["cat", path]
        process.environment = plain.merging(["HOME": folder.path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: printed, as: UTF8.self), try events(path).data)
        XCTAssertTrue(String(decoding: printed, as: UTF8.self).hasSuffix("99\u{1B}[0m\n"))
    }
}
