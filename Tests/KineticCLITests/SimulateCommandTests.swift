import Foundation
import KineticDynamics
import KineticTestSupport
import XCTest

@testable import KineticCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        XCTAssertTrue(
            result.stderr.hasSuffix(": items[1].frame.width: must be in 0.01...1000000 pt (got 0)\n"), result.stderr)
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

    // MARK: Output bytes and streaming

    /// Tests/Golden/KineticCLITests/simulate, found from this file's path.
    private static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden/KineticCLITests/simulate")

    func testOutputIsByteIdenticalToTheReference() throws {
        let cases: [(String, [String])] = [
            ("example", ["--seconds", "2", "--rate", "24"]), ("drop", ["--seconds", "3", "--rate", "20"]),
            ("mixed", ["--seconds", "2", "--rate", "30"]), ("grid", ["--seconds", "1", "--rate", "10"]),
        ]
        for (name, arguments) in cases {
            let scene = Self.goldenFolder.appendingPathComponent("\(name).scene.json").path
            let expected = try Data(contentsOf: Self.goldenFolder.appendingPathComponent("\(name).out.json"))
            let result = try KineticProcess.run(["simulate", scene] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "", name)
            XCTAssertEqual(Data(result.stdout.utf8), expected, "\(name) differs from the reference output")
        }
    }

    func testThreadsGiveTheSameBytesAndAreChecked() throws {
        // 300 boxes resting on each other from the start: hundreds of contacts, so the solver runs split.
        var items: [String] = []
        for k in 0..<300 {
            let x = 2 + Double(k % 20) * 18
            let y = 667 - Double(k / 20 + 1) * 16
            items.append(
                "{\"id\": \"b\(k)\", \"frame\": {\"x\": \(x), \"y\": \(y), \"width\": 17, \"height\": 16}, "
                    + "\"friction\": 0.5}")
        }
        let path = try writeScene(
            "{\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 375, \"height\": 667}, \"items\": ["
                + items.joined(separator: ", ") + "]}")
        let arguments = ["simulate", path, "--seconds", "0.5", "--rate", "10"]
        let one = try KineticProcess.run(arguments + ["--threads", "1"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertGreaterThan(one.stdout.utf8.count, 100_000)
        let two = try KineticProcess.run(arguments + ["--threads", "2"])
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertEqual(two.stdout, one.stdout, "2 threads give other bytes than 1")
        let three = try KineticProcess.run(arguments + ["--threads", "3"])
        XCTAssertEqual(three.stdout, one.stdout, "3 threads give other bytes than 1")
        let bad = try KineticProcess.run(arguments + ["--threads", "0"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--threads must be a whole number from 1 to 16 (got '0')"), bad.stderr)
    }

    func testTheDocumentedExampleIsWhatTheToolPrints() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/simulate.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        // The example: "`kinetic simulate scene.json ARGS` prints:" between the scene's and the output's JSON blocks.
        let section = try XCTUnwrap(text.components(separatedBy: "## Example").dropFirst().first)
        let blocks = section.components(separatedBy: "```")
        XCTAssertGreaterThanOrEqual(blocks.count, 4)
        let scene = String(blocks[1].dropFirst("json\n".count))
        let command = try XCTUnwrap(blocks[2].components(separatedBy: "`").dropFirst().first)
        let arguments = command.split(separator: " ").map(String.init)
        XCTAssertEqual(Array(arguments.prefix(3)), ["kinetic", "simulate", "scene.json"])
        let expected = String(blocks[3].dropFirst("json\n".count))
        let result = try KineticProcess.run(["simulate", try writeScene(scene)] + arguments.dropFirst(3))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, expected)
        XCTAssertGreaterThan(expected.count, 500, "the example shows a whole run")
    }

    /// Collects what a command writes, in order.
    private final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private var writes: [String] = []
        func append(_ text: String) { lock.withLock { writes.append(text) } }
        var all: [String] { lock.withLock { writes } }
    }

    func testOutputIsWrittenInChunksWhileTheFramesAreComputed() throws {
        let out = Capture()
        let err = Capture()
        let streams = StandardStreams(out: { out.append($0) }, err: { err.append($0) })
        let scene = Self.goldenFolder.appendingPathComponent("grid.scene.json").path
        let status = KineticCommandLine.run(["simulate", scene, "--seconds", "4", "--rate", "60"], streams: streams)
        XCTAssertEqual(status, 0, err.all.joined())
        let writes = out.all
        let frameSize = try XCTUnwrap(writes.joined().split(separator: "\n").map(\.utf8.count).max())
        XCTAssertGreaterThan(writes.count, 10, "about 1.6 MB in writes of 64 KiB")
        for write in writes.dropLast() {
            XCTAssertGreaterThanOrEqual(write.utf8.count, SimulateCommand.writeChunk)
            XCTAssertLessThan(write.utf8.count, SimulateCommand.writeChunk + frameSize + 2)
        }
        let expected = try SceneSimulation.run(
            sceneJSON: Data(contentsOf: URL(fileURLWithPath: scene)), seconds: 4, rate: 60)
        XCTAssertEqual(Data(writes.joined().utf8), expected)
    }

    func testAFailedWriteStopsTheRunAtOnce() throws {
        // The formatting thread's first failed write ends the run with status 74 and one line, long before the
        // 200 simulated seconds are computed; later frames are not formatted or written.
        let attempts = Capture()
        let err = Capture()
        let streams = StandardStreams(
            out: { text throws(CLIError) in
                attempts.append(text)
                throw .ioError("cannot write to standard output: the test's reader went away")
            }, err: { err.append($0) })
        let scene = Self.goldenFolder.appendingPathComponent("grid.scene.json").path
        let start = Date()
        let status = KineticCommandLine.run(["simulate", scene, "--seconds", "200", "--rate", "60"], streams: streams)
        XCTAssertEqual(status, 74)
        XCTAssertEqual(attempts.all.count, 1, "nothing written after the failure")
        XCTAssertEqual(err.all.joined().filter { $0 == "\n" }.count, 1, err.all.joined())
        XCTAssertTrue(err.all.joined().contains("the test's reader went away"), err.all.joined())
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "stopped at the first failed write")
    }

    func testOutputStartsLongBeforeTheRunEnds() throws {
        // 50 items falling for ever (no walls, never at rest): 151 frames, about 1 MB, and every frame costs the
        // same. Streamed, the first 64 KiB leave after about 11 frames; held to the end, they would leave last.
        let items = (0..<50).map {
            "{\"id\": \"f\($0)\", \"frame\": {\"x\": \($0 * 30), \"y\": 0, \"width\": 20, \"height\": 20}}"
        }
        let path = try writeScene(
            "{\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 1500, \"height\": 600}, "
                + "\"collision\": {\"mode\": \"items\", \"boundary\": \"none\"}, \"items\": ["
                + items.joined(separator: ", ") + "]}")
        let process = Process()
        process.executableURL = KineticProcess.executable
        process.arguments = ["simulate", path, "--seconds", "150", "--rate", "1"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        var received = 0
        var firstChunk: TimeInterval?
        while true {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += chunk.count
            if received >= 65536 && firstChunk == nil { firstChunk = Date().timeIntervalSince(start) }
        }
        process.waitUntilExit()
        let total = Date().timeIntervalSince(start)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertGreaterThan(received, 900_000)
        let first = try XCTUnwrap(firstChunk)
        XCTAssertLessThan(first, total / 2, "the first 64 KiB came at \(first) s of \(total) s")
    }

    // MARK: Input: pipes, FIFOs, standard input, limits

    private static let scene = """
        {"bounds": {"x": 0, "y": 0, "width": 200, "height": 200},
         "items": [{"id": "a", "frame": {"x": 10, "y": 20, "width": 30, "height": 40}}]}
        """

    /// Runs kinetic with `input` as its standard input.
    private func run(_ arguments: [String], input: FileHandle) throws -> KineticProcess.Result {
        let process = Process()
        process.executableURL = KineticProcess.executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let errReader = PipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errReader.wait()
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal
        return KineticProcess.Result(
            status: process.terminationStatus, signal: killed ? process.terminationStatus : 0,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A pipe holding `text`, its writing end closed.
    private func pipe(holding text: String) throws -> FileHandle {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try pipe.fileHandleForWriting.close()
        return pipe.fileHandleForReading
    }

    func testReadsStandardInputAndDevFdPipesAsFiles() throws {
        let arguments = ["--seconds", "0.5", "--rate", "10"]
        let fromFile = try KineticProcess.run(["simulate", try writeScene(Self.scene)] + arguments)
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        for path in ["-", "/dev/fd/0", "/dev/stdin"] {
            let result = try run(["simulate", path] + arguments, input: try pipe(holding: Self.scene))
            XCTAssertEqual(result.status, 0, "\(path): \(result.stderr)")
            XCTAssertEqual(result.stdout, fromFile.stdout, path)
        }
        let image = NSTemporaryDirectory() + "kinetic-\(UUID()).png"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: image) }
        let collapse = try run(
            ["render", "collapse", "--scene", "/dev/fd/0", "-o", image], input: try pipe(holding: Self.scene))
        XCTAssertEqual(collapse.status, 0, collapse.stderr)
    }

    func testReadsAFIFO() throws {
        let fifo = NSTemporaryDirectory() + "kinetic-fifo-\(UUID().uuidString)"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: fifo) }
        let process = Process()
        process.executableURL = KineticProcess.executable
        process.arguments = ["simulate", fifo, "--seconds", "0.5", "--rate", "10"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Open the writing end once kinetic has opened the reading end (ENXIO until then), for at most 20 s.
        var descriptor: Int32 = -1
        for _ in 0..<2000 where descriptor < 0 {
            descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor < 0 { usleep(10_000) }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0, "kinetic never opened the FIFO")
        if descriptor >= 0 {
            let bytes = Array(Self.scene.utf8)
            XCTAssertEqual(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, bytes.count)
            close(descriptor)
        }
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, errors)
        let expected = try SceneSimulation.run(sceneJSON: Data(Self.scene.utf8), seconds: 0.5, rate: 10)
        XCTAssertEqual(Data(output.utf8), expected)
    }

    func testEndlessStandardInputStopsAtTheSizeLimit() throws {
        let zero = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/zero"))
        let start = Date()
        let result = try run(["simulate", "-"], input: zero)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(
            result.stderr,
            "kinetic simulate: standard input is larger than 64 MiB (67108864 bytes), the most a scene file may hold\n")
        XCTAssertEqual(result.stdout, "")
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "stops at the limit instead of reading on")
    }

    func testTheSizeLimitAppliesToFilesToo() throws {
        let path = try writeScene(String(repeating: " ", count: 99) + "0")
        XCTAssertEqual(try InputFile.contents(of: path, limit: 100).count, 100, "exactly the limit passes")
        XCTAssertThrowsError(try InputFile.contents(of: path, limit: 99)) { error in
            XCTAssertEqual((error as? CLIError)?.exitCode, 65)
            XCTAssertEqual(
                (error as? CLIError)?.message,
                "'\(path)' is larger than 99 bytes (99 bytes), the most a scene file may hold")
        }
        XCTAssertEqual(InputFile.maximumSize, 64 << 20)
    }

    func testInputErrorsAreOneLineWithTheirStatus() throws {
        let folder = NSTemporaryDirectory() + "kinetic-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [([String], Int32, String)] = [
            (["simulate", folder], 66, "kinetic simulate: '\(folder)' is a folder, not a file"),
            (["simulate", folder + "/none.json"], 66, "kinetic simulate: no such file '\(folder)/none.json'"),
            (["simulate", "/etc/hostname/x"], 66, "(a part of the path is not a folder)"),
            (["render", "collapse", "-o", folder + "/x.png", "--scene", folder], 66, "is a folder, not a file"),
            (["simulate", "bad\nname.json"], 66, "no such file 'bad\\u{a}name.json'"),
        ]
        for (arguments, status, fragment) in cases {
            let result = try KineticProcess.run(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
        }
    }

    /// Run as root (which reads any file), the command runs as user nobody (`KineticProcess.unprivileged`).
    func testUnreadableFileIsAPermissionError() throws {
        let path = try writeScene(Self.scene)
        XCTAssertEqual(chmod(path, 0), 0)
        let (launcher, executable) = try KineticProcess.unprivileged(for: self)
        let result = try KineticProcess.run(["simulate", path], launcher: launcher, executablePath: executable)
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertTrue(result.stderr.contains("permission denied (check its permissions)"), result.stderr)
    }

    // MARK: Scene errors

    func testRangeAndSyntaxErrorsNameThePlace() throws {
        let bounds = "\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 375, \"height\": 667}"
        let cases: [(String, String)] = [
            (
                "{\(bounds), \"gravity\": {\"angle\": 1e300}, \"items\": []}",
                "gravity.angle: must be in -1000000...1000000 rad (got 1e+300)"
            ),
            (
                "{\(bounds), \"items\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1e400, "
                    + "\"height\": 1}}]}",
                "items[0].frame.width: must be in 0.01...1000000 pt (got inf)"
            ),
            (
                "{\(bounds),\n \"items\": [],\n \"items\": []}",
                "$: not valid JSON at line 3 column 2: duplicate key \"items\""
            ),
            ("{\(bounds), \"items\": [1,]}", "$: not valid JSON at line 1 column 71: expected a value after ','"),
        ]
        for (json, fragment) in cases {
            let path = try writeScene(json)
            let result = try KineticProcess.run(["simulate", path])
            XCTAssertEqual(result.status, 65, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("kinetic simulate: \(path): \(fragment)"), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testTheOutputSizeIsCapped() throws {
        let items = (0..<200).map {
            "{\"id\": \"i\($0)\", \"frame\": {\"x\": \($0), \"y\": 0, \"width\": 1, \"height\": 1}}"
        }
        let path = try writeScene(
            "{\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 375, \"height\": 667}, \"items\": ["
                + items.joined(separator: ", ") + "]}")
        let result = try KineticProcess.run(["simulate", path, "--seconds", "600", "--rate", "1000"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(
            result.stderr,
            "kinetic simulate: --rate: 600001 frames of 200 items are 120000200 item-frames of output; at most "
                + "100000000 (lower seconds or rate, or use fewer items)\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testASceneRenderKeepsABoundedNumberOfStates() throws {
        let items = (0..<1000).map {
            "{\"id\": \"i\($0)\", \"frame\": {\"x\": \($0 % 100), \"y\": \($0 / 100), \"width\": 1, \"height\": 1}}"
        }
        let path = try writeScene(
            "{\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 100, \"height\": 100}, \"items\": ["
                + items.joined(separator: ", ") + "]}")
        let output = NSTemporaryDirectory() + "kinetic-\(UUID().uuidString).gif"
        let result = try KineticProcess.run(["render", "collapse", "--scene", path, "-o", output, "--duration", "90"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(
            result.stderr,
            "kinetic render collapse: --duration 90 s of 1000 items sampled at 60 Hz are 5401000 item states to keep; "
                + "at most 5000000 (shorten --duration or use fewer items)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }
}
