import Foundation
import KineticTestSupport
import XCTest

/// Reliability round two, on the command line: resource limits, names that are bytes, values that are not one
/// line, and external programs that fail — each ends with one safe line and a sysexits status, and leaves nothing.
final class HostileInputTests: XCTestCase {
    private func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "kinetic-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// Runs `script` with bash in `folder`, `$K` being the kinetic executable; returns the status and stderr.
    private func bash(_ script: String, in folder: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["K"] = KineticProcess.executable.path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    func testAFileSizeLimitIsStatus74AndLeavesNoTemporary() throws {
        let folder = try makeFolder()
        // 20 KiB: the showcase's GIF is larger. Without SIGXFSZ ignored the shell would report 153 (a signal).
        let result = try bash("ulimit -f 20; \"$K\" render showcase --duration 1 -o big.gif", in: folder)
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("File too large"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    func testANameThatIsNotUTF8IsRefusedAndNoOtherFileIsTouched() throws {
        let folder = try makeFolder()
        // A file whose name holds U+FFFD, which a lossy decoding of the byte 0xFF would map onto.
        let other = folder + "/\u{FFFD}.svg"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: other))
        let result = try bash("\"$K\" render count --to 5 -o $'\\xff.svg'", in: folder)
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.contains("is not valid UTF-8"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: other, encoding: .utf8), "mine")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["\u{FFFD}.svg"])
    }

    func testALongLegalNameIsWritten() throws {
        let folder = try makeFolder()
        let name = String(repeating: "n", count: 231) + ".svg"  // 235 bytes: the temporary name is longer
        let result = try KineticProcess.run(["render", "count", "--to", "5", "-o", folder + "/" + name])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [name])
    }

    func testValuesWithNewlinesAndEscapesAreShownEscapedOnOneLine() throws {
        let folder = try makeFolder()
        for value in ["1\n2", "\u{1B}[2J\u{1B}[31mred", "x\u{9B}31m"] {
            let result = try KineticProcess.run(["render", "count", "--format", value, "-o", folder + "/x.svg"])
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("\n"))
            XCTAssertFalse(result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" }, result.stderr)
            XCTAssertTrue(result.stderr.contains("\\u{"), result.stderr)
        }
    }

    func testAnFFmpegThatFailsOrWritesNothingIsStatus70AndLeavesNothing() throws {
        let folder = try makeFolder()
        let bin = folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (name, body) in [
            ("fails", "cat >/dev/null; echo 'Unknown encoder' >&2; exit 1"), ("silent", "cat >/dev/null; exit 0"),
        ] {
            let ffmpeg = bin + "/ffmpeg"
            try? FileManager.default.removeItem(atPath: ffmpeg)
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: ffmpeg))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ffmpeg)
            let result = try bash("PATH=\"\(bin):$PATH\" \"$K\" render count --to 5 -o out.mp4", in: folder)
            XCTAssertEqual(result.status, 70, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("ffmpeg failed with exit status"), "\(name): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("wrote out.mp4"), "\(name): \(result.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["bin"], name)
        }
    }

    /// Pictures are PNG or JPEG, told by their first bytes before any decoder runs (gdk-pixbuf would render an
    /// SVG with a blur filter for minutes); anything else is bad data (65), a missing file is 66.
    func testABackgroundPictureIsPNGOrJPEGOnly() throws {
        let folder = try makeFolder()
        let svg = folder + "/blur.svg"
        try Data(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="8000"><filter id="b"><feGaussianBlur stdDeviation="900"/></filter><rect width="8000" height="8000" filter="url(#b)"/></svg>"#
                .utf8
        ).write(to: URL(fileURLWithPath: svg))
        let gif = folder + "/x.gif"
        try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: gif))
        for (picture, status, fragment) in [
            (svg, Int32(65), "it is not a PNG or JPEG file"), (gif, 65, "it is not a PNG or JPEG file"),
            (folder + "/missing.png", 66, "it is missing"),
        ] {
            let started = Date()
            let result = try KineticProcess.run([
                "render", "count", "--to", "5", "--background-image", picture, "-o", folder + "/out.png",
            ])
            XCTAssertEqual(result.status, status, result.stderr)
            XCTAssertTrue(result.stderr.contains(fragment), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "refused before decoding")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/out.png"))
    }

    /// A colour emoji is a picture with no outline: the vector formats draw its silhouette (rectangles over its
    /// opaque cells, as the pixel formats show it) with a warning, in a moment, instead of tracing it pixel by
    /// pixel (one emoji took 67 s and 2 GB and wrote a 100 MB Lottie).
    func testColourEmojiAreSilhouettesInVectorsWithAWarning() throws {
        let folder = try makeFolder()
        for format in ["json", "svg"] {
            let started = Date()
            let path = folder + "/emoji." + format
            let result = try KineticProcess.run(["render", "count", "--to", "5", "--prefix", "😀🎉 ", "-o", path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, format)
            // Each character of a number is a layer of its own: one warning each.
            for emoji in ["😀", "🎉"] {
                XCTAssertTrue(
                    result.stderr.contains(
                        "warning: the colour emoji '\(emoji)' is a picture with no outline: drawn as its silhouette"),
                    result.stderr)
            }
            let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            XCTAssertLessThan(size, 200_000, format)
            // Drawn: the file is larger than the same count with a plain prefix, by the two silhouettes.
            let plainPath = folder + "/plain." + format
            let plain = try KineticProcess.run(["render", "count", "--to", "5", "--prefix", "ab ", "-o", plainPath])
            XCTAssertEqual(plain.status, 0, plain.stderr)
            let plainSize = try XCTUnwrap(
                try FileManager.default.attributesOfItem(atPath: plainPath)[.size] as? Int)
            XCTAssertGreaterThan(size, plainSize + 1000, format)
        }
        // The pixel formats draw them as silhouettes too (the renderer says so in its own warning).
        let png = try KineticProcess.run(["render", "count", "--to", "5", "--prefix", "😀 ", "-o", folder + "/e.png"])
        XCTAssertEqual(png.status, 0, png.stderr)
        XCTAssertFalse(png.stderr.contains("no outline"), png.stderr)
    }

    /// A short command can ask for a vector file the exporters would build in gigabytes (a 1,000-value elevator
    /// number over 500 s: 940 MB for an 8 MB Lottie): the samples it would take are counted first and a file beyond
    /// the bound is refused with one line, before any work — the real run as the dry run.
    func testAVectorExportBeyondItsSampleBoundIsRefusedBeforeAnyWork() throws {
        let folder = try makeFolder()
        for (format, dryRun) in [("json", false), ("svg", false), ("svg", true)] {
            let started = Date()
            let result = try KineticProcess.run(
                [
                    "render", "elevator", "--from", "0", "--to", "1000", "--interval", "0.5", "-o",
                    folder + "/e." + format,
                ]
                    + (dryRun ? ["--dry-run"] : []))
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.contains("samples, at most 1000000"), result.stderr)
            XCTAssertTrue(result.stderr.contains("write .gif, .mp4 or .webm"), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "refused before exporting")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    /// Too few file descriptors or too little address space are one line and status 71 (EX_OSERR) before any work,
    /// not a trap inside the runtime.
    func testTooFewDescriptorsOrTooLittleMemoryIsOneLine() throws {
        let folder = try makeFolder()
        for (limit, fragment) in [("ulimit -n 16", "file descriptors"), ("ulimit -v 262144", "address space")] {
            let result = try bash("\(limit); \"$K\" render count --to 5 -o out.gif", in: folder)
            XCTAssertEqual(result.status, 71, "\(limit): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(fragment), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    /// Too few threads and processes left (ulimit -u) is one line and status 71 before any work: kinetic trapped
    /// (SIGTRAP, status 133) when libdispatch or a worker could not start a thread. Root is held to no such limit,
    /// so the command runs as an ordinary user.
    func testTooFewThreadsIsOneLine() throws {
        let folder = try makeFolder()
        let (launcher, executable) = try KineticProcess.unprivileged(for: self)
        let result = try KineticProcess.run(
            ["render", "count", "--to", "5", "-o", folder + "/out.gif"],
            launcher: launcher + ["/bin/bash", "-c", "ulimit -u 8; exec \"$0\" \"$@\""], executablePath: executable)
        XCTAssertEqual(result.status, 71, result.stderr)
        XCTAssertTrue(result.stderr.contains("threads or processes are allowed (ulimit -u 8"), result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }
}
