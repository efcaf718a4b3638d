import Foundation
import KineticTestSupport
import XCTest

/// Writes that fail — a full disk, a closed descriptor, a reader that went away — end the command with status 74
/// and one line on stderr (where stderr still works), never a trap; and no command ever removes a user's folder.
final class OutputFailureTests: XCTestCase {
    private func scene() throws -> String {
        let path = NSTemporaryDirectory() + "kinetic-output-\(UUID().uuidString).json"
        try
            #"{"bounds": {"x": 0, "y": 0, "width": 100, "height": 100}, "items": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 20, "height": 20}}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// Runs `kinetic ARGUMENTS` through `sh -c` with the redirections in `shell`, returning the status and stderr.
    private func shell(_ arguments: [String], _ redirections: String) throws -> (status: Int32, stderr: String) {
        let quoted = ([KineticProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let status = Pipe()
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        // Descriptor 3 carries the shell's report; the command's own stderr goes to `errors`.
        process.standardOutput = status
        process.arguments = ["-c", "exec 3>&1; \(quoted) \(redirections); echo \"status=$?\" >&3"]
        try process.run()
        let report = String(decoding: status.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let code = report.split(separator: "=").last.flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return (code ?? -1, stderr)
    }

    func testAFullDiskIsStatus74WithOneLine() throws {
        let result = try shell(["simulate", try scene(), "--seconds", "1"], "> /dev/full")
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(
            result.stderr,
            "kinetic simulate: cannot write to standard output: No space left on device (the disk is full)\n")
    }

    func testAClosedStandardOutputIsStatus74() throws {
        let result = try shell(["simulate", try scene(), "--seconds", "1"], ">&-")
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stderr, "kinetic simulate: cannot write to standard output: it is closed\n")
        // Help text too, and with both streams closed the status is all that is left.
        XCTAssertEqual(try shell(["--help"], ">&-").status, 74)
        XCTAssertEqual(try shell(["simulate", try scene()], ">&- 2>&-").status, 74)
    }

    func testABrokenPipeIsStatus74NotASignal() throws {
        // `head -c 1` reads one byte and leaves; 20 s of frames do not fit in the pipe's buffer.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let quoted = [KineticProcess.executable.path, "simulate", try scene(), "--seconds", "20"].map { "'\($0)'" }
        process.arguments = [
            "-c",
            "\(quoted.joined(separator: " ")) 2>/tmp/kinetic-epipe-$$ | head -c 1 >/dev/null; "
                + "s=${PIPESTATUS[0]}; cat /tmp/kinetic-epipe-$$; rm -f /tmp/kinetic-epipe-$$; exit $s",
        ]
        let errors = Pipe()
        process.standardOutput = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 74, stderr)
        XCTAssertEqual(
            stderr,
            "kinetic simulate: cannot write to standard output: Broken pipe (the reading end of the pipe was closed)\n")
    }

    func testTheDemoNeverRemovesAFolderNamedIndexHTML() throws {
        let folder = NSTemporaryDirectory() + "kinetic-demo-safety-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/index.html/mine", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let result = try KineticProcess.run(["demo", "--out", folder])
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("it is a folder"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/index.html/mine"))
    }

    func testVideoBytesDoNotDependOnTheNumberOfCPUs() throws {
        let folder = NSTemporaryDirectory() + "kinetic-video-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        for format in ["mp4", "webm"] {
            var digests: [Data] = []
            for cpus in ["0", "0,1"] {
                let path = "\(folder)/c\(cpus.count).\(format)"
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
                process.arguments = [
                    "-c", cpus, KineticProcess.executable.path, "render", "collapse", "-o", path, "--duration", "0.5",
                    "--fps", "10",
                ]
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0)
                digests.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            XCTAssertEqual(digests[0], digests[1], "\(format) on 1 CPU and on 2 CPUs")
        }
    }

    func testGIFBytesDoNotDependOnTheNumberOfCPUs() throws {
        let folder = NSTemporaryDirectory() + "kinetic-gif-cpus-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        // The collapse (libimagequant palettes) and a count-up (exact palettes in the global colour table).
        for effect in [["collapse", "--duration", "0.6"], ["count", "--from", "0", "--to", "250"]] {
            var digests: [Data] = []
            for cpus in ["0", "0,1"] {
                let path = "\(folder)/\(effect[0])-\(cpus.count).gif"
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
                process.arguments = ["-c", cpus, KineticProcess.executable.path, "render"] + effect + ["-o", path]
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0, "\(effect[0]) on CPUs \(cpus)")
                digests.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            XCTAssertGreaterThan(digests[0].count, 1_000)
            XCTAssertEqual(digests[0], digests[1], "\(effect[0]) GIF on 1 CPU and on 2 CPUs")
        }
    }
}
