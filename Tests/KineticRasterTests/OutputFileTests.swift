import Foundation
import KineticCore
import KineticFiles
import XCTest

@testable import KineticRaster

final class OutputFileTests: XCTestCase {
    func testFormatFollowsTheExtension() throws {
        XCTAssertEqual(try OutputFormat(path: "a/b/clip.GIF"), .gif)
        XCTAssertEqual(try OutputFormat(path: "x.apng"), .apng)
        XCTAssertEqual(try OutputFormat(path: "x.png"), .png)
        XCTAssertEqual(try OutputFormat(path: "x.mp4"), .mp4)
        XCTAssertEqual(try OutputFormat(path: "x.webm"), .webm)
        for bad in ["clip.mov", "clip", ".gif", "dir.gif/clip"] {
            XCTAssertThrowsError(try OutputFormat(path: bad)) { error in
                XCTAssertEqual(
                    "\(error)",
                    "cannot tell the output format of '\(bad)' from its extension; supported: .png, .apng, .gif, .mp4, .webm"
                )
            }
        }
    }

    func testUnwritableAndMissingFoldersAreClearErrors() throws {
        let folder = try TemporaryFolder()
        XCTAssertThrowsError(try OutputFormat.makeEncoder(path: folder.file("missing/x.gif"), width: 4, height: 4)) {
            error in
            XCTAssertEqual(
                "\(error)",
                "cannot create '\(folder.file("missing/x.gif"))': the folder '\(folder.file("missing"))' does not exist; "
                    + "create it first")
        }
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        if getuid() == 0 {
            // root ignores folder permissions; /proc is unwritable for everyone.
            XCTAssertThrowsError(try OutputFile(path: "/proc/x.gif")) { error in
                XCTAssertTrue("\(error)".hasPrefix("cannot create '/proc/x.gif': "), "\(error)")
            }
        } else {
            XCTAssertThrowsError(try OutputFile(path: locked + "/x.gif")) { error in
                XCTAssertEqual(
                    "\(error)",
                    "cannot create '\(locked)/x.gif': the folder '\(locked)' is not writable (Permission denied)")
            }
        }
        XCTAssertThrowsError(try OutputFile(path: folder.path)) { error in
            XCTAssertTrue("\(error)".contains("it is a folder"), "\(error)")
        }
    }

    func testTemporaryFileIsRenamedOnCommitAndRemovedOnDiscard() throws {
        let folder = try TemporaryFolder()
        let file = try OutputFile(path: folder.file("out.bin"))
        XCTAssertTrue(file.temporaryPath.hasPrefix(folder.file(".out.bin.")))
        XCTAssertTrue(file.temporaryPath.hasSuffix(".tmp"))
        XCTAssertTrue(TemporaryFileRegistry.registeredPaths.contains(file.temporaryPath))
        try file.write([1, 2, 3, 4, 5])
        try file.overwrite(at: 1, with: [9, 9])
        XCTAssertEqual(folder.contents().count, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.file("out.bin")))
        try file.commit()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.file("out.bin"))), Data([1, 9, 9, 4, 5]))
        XCTAssertFalse(TemporaryFileRegistry.registeredPaths.contains(file.temporaryPath))
        XCTAssertEqual(folder.contents(), ["out.bin"])

        let discarded = try OutputFile(path: folder.file("other.bin"))
        try discarded.write([1])
        discarded.discard()
        XCTAssertEqual(folder.contents(), ["out.bin"])
        XCTAssertFalse(TemporaryFileRegistry.registeredPaths.contains(discarded.temporaryPath))
    }

    func testReplacingAFileKeepsItsModeAndTemporaryNamesAreNotPredictable() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shared.bin")
        try Data([0]).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o664)
        let first = try OutputFile(path: path)
        let second = try OutputFile(path: path)
        // Two names in a row share the process id and counter prefix but not the random part.
        XCTAssertNotEqual(
            first.temporaryPath.split(separator: "-").last, second.temporaryPath.split(separator: "-").last)
        second.discard()
        try first.write([1, 2])
        try first.commit()
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o664)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([1, 2]))
    }

    func testAFolderAtTheDestinationIsNeverReplaced() throws {
        let folder = try TemporaryFolder()
        let target = folder.file("index.html")
        try FileManager.default.createDirectory(atPath: target + "/keep", withIntermediateDirectories: true)
        XCTAssertThrowsError(try OutputFile(path: target)) { error in
            XCTAssertTrue("\(error)".contains("it is a folder"), "\(error)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/keep"))
    }

    func testAnUnfinishedEncoderLeavesNothingBehind() throws {
        let folder = try TemporaryFolder()
        for format in [OutputFormat.png, .apng, .gif] {
            var encoder: (any FrameEncoder)? = try format.makeEncoder(
                path: folder.file("x." + format.fileExtension), width: 8, height: 8)
            try encoder?.append(try RGBAFrame(width: 8, height: 8, color: .red), duration: 0.1)
            XCTAssertEqual(folder.contents().count, 1, "\(format) writes to a temporary file")
            encoder = nil
            XCTAssertEqual(folder.contents(), [], "\(format)")
        }
        let cancelled = try GIFEncoder(path: folder.file("c.gif"), width: 8, height: 8)
        try cancelled.append(try RGBAFrame(width: 8, height: 8, color: .red), duration: 0.1)
        cancelled.cancel()
        XCTAssertEqual(folder.contents(), [])
        XCTAssertThrowsError(try cancelled.append(try RGBAFrame(width: 8, height: 8), duration: 0.1))
    }

    func testSignalHandlerCleanupRemovesRegisteredFiles() throws {
        let folder = try TemporaryFolder()
        let file = try OutputFile(path: folder.file("interrupted.gif"))
        try file.write([0x47, 0x49, 0x46])
        _ = try file.overwrite(at: 0, with: [0x47])
        XCTAssertEqual(folder.contents().count, 1)
        TemporaryFileRegistry.removeAllFromSignalHandler()  // what the SIGINT handler does
        XCTAssertEqual(folder.contents(), [])
        file.discard()
    }

    func testRationalDelaysAreExactForCommonRates() {
        XCTAssertTrue(FrameTiming.rational(1.0 / 30) == (1, 30))
        XCTAssertTrue(FrameTiming.rational(0.1) == (1, 10))
        XCTAssertTrue(FrameTiming.rational(1001.0 / 30000) == (1001, 30000))
        XCTAssertTrue(FrameTiming.rational(2.5) == (5, 2))
        XCTAssertTrue(FrameTiming.rational(1e-9) == (1, 65_535))
        XCTAssertTrue(FrameTiming.rational(1e6) == (65_535, 1))
        let pi = FrameTiming.rational(Double.pi)
        // At least as close as 355/113, the famous approximation, with both terms ≤ 65535.
        XCTAssertLessThanOrEqual(
            abs(Double(pi.numerator) / Double(pi.denominator) - Double.pi), abs(355.0 / 113 - Double.pi))
        XCTAssertLessThanOrEqual(max(pi.numerator, pi.denominator), 65_535)
        XCTAssertEqual(FrameTiming.centiseconds(1.0 / 30 * 2), 7)
    }
}

/// What outputs leave behind when they are interrupted or kept in memory: nothing. (A real Ctrl-C of a real render
/// is RenderCommandTests.testInterruptedRenderLeavesNoFile: the `kinetic` process, SIGINT, an empty folder.)
final class OutputCleanupTests: XCTestCase {
    /// The signal handler's body, run without a signal: every temporary file still open is unlinked, and nothing
    /// else in the folder is touched.
    func testTheSignalHandlerRemovesEveryOpenTemporaryFile() throws {
        let folder = try TemporaryFolder()
        _ = FileManager.default.createFile(atPath: folder.file("keep.txt"), contents: Data([1]))
        let gif = try GIFEncoder(path: folder.file("clip.gif"), width: 8, height: 8)
        try gif.append(try RGBAFrame(width: 8, height: 8, color: .red), duration: 0.1)
        let file = try OutputFile(path: folder.file("report.json"))
        try file.write([1, 2, 3])
        XCTAssertEqual(folder.contents().count, 3, "\(folder.contents())")
        TemporaryFileRegistry.removeAllFromSignalHandler()
        XCTAssertEqual(folder.contents(), ["keep.txt"])
        file.discard()
        gif.cancel()
        XCTAssertEqual(folder.contents(), ["keep.txt"])
    }

    /// In memory: the same bytes an encoder writes to a file, patched headers included, and nothing on disk —
    /// not even while GIF keeps its frames or ffmpeg writes the video (a temporary read back and removed).
    func testInMemoryOutputHoldsTheFilesBytesAndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        var frame = try RGBAFrame(width: 8, height: 6)
        for format in OutputFormat.allCases {
            let path = folder.file("clip." + format.fileExtension)
            let onDisk = try format.makeEncoder(path: path, width: 8, height: 6)
            let memory = OutputFile(inMemoryWithScratchFolder: folder.path)
            let inMemory = try format.makeEncoder(file: memory, width: 8, height: 6)
            for index in 0..<(format.isAnimated ? 3 : 1) {
                frame[index, index] = RGBA8(red: 255, green: 0, blue: 0, alpha: 255)
                try onDisk.append(frame, duration: 0.1)
                try inMemory.append(frame, duration: 0.1)
            }
            try onDisk.finish()
            try inMemory.finish()
            XCTAssertTrue(memory.isInMemory)
            XCTAssertTrue(
                try Array(Data(contentsOf: URL(fileURLWithPath: path))) == memory.bytes,
                "\(format): memory and file differ")
            XCTAssertGreaterThan(memory.bytes.count, 50, "\(format)")
        }
        // Only the five files written to disk are in the folder.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 5)
        // Overwrites patch what was written; a discarded output is empty and cannot be committed.
        let memory = OutputFile(inMemoryWithScratchFolder: folder.path)
        try memory.write([1, 2, 3, 4])
        try memory.overwrite(at: 1, with: [9, 9])
        try memory.commit()
        XCTAssertEqual(memory.bytes, [1, 9, 9, 4])
        let dropped = OutputFile(inMemoryWithScratchFolder: folder.path)
        try dropped.write([1])
        dropped.discard()
        XCTAssertEqual(dropped.bytes, [])
        XCTAssertThrowsError(try dropped.commit())
    }
}
