import Foundation
import KineticRaster
import XCTest

/// The golden-image rule every test target uses (in KineticTestSupport: a test hook, not part of any product):
/// compare a frame with a committed PNG, record it on purpose, fail when it is missing, and leave
/// the actual and diff images somewhere a person can look at them.
package enum GoldenImageCheck {
    /// What happened.
    package enum Outcome: Sendable {
        /// The frame matches the golden within the tolerance.
        case matched
        /// Recording was asked for: the golden was (re)written at the path.
        case recorded(path: String)
        /// The golden does not exist (or cannot be read); the message says how to record it.
        case missing(message: String)
        /// The frame does not match; the message gives the figures and where the actual and diff images are.
        case mismatch(message: String)

        /// Why a test should fail, or nil when the frame matched. Recording fails too, so a recorded golden is
        /// looked at before it is committed.
        package var failureMessage: String? {
            switch self {
            case .matched: return nil
            case .recorded(let path): return "recorded golden \(path); look at it, then run again without recording"
            case .missing(let message), .mismatch(let message): return message
            }
        }
    }

    /// Checks `frame` against the PNG at `path`, or writes it there when `record` is true.
    ///
    /// - Parameter recordCommand: The command that records this golden, quoted in the missing-golden message.
    package static func check(
        _ frame: RGBAFrame, goldenPath path: String, tolerance: FrameComparison.Tolerance = .init(), record: Bool,
        recordCommand: String
    ) -> Outcome {
        if record {
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try write(frame, to: path)
                return .recorded(path: path)
            } catch {
                return .missing(message: "could not record golden \(path): \(error)")
            }
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return .missing(message: "missing golden \(path): record it with `\(recordCommand)`, look at it, commit it")
        }
        let expected: RGBAFrame
        do {
            expected = try RGBAFrame(contentsOfPNGFile: path)
        } catch {
            return .missing(message: "cannot read golden \(path): \(error)")
        }
        guard let comparison = FrameComparison(frame, expected, tolerance: tolerance) else {
            return .mismatch(
                message: "the frame is \(frame.width)×\(frame.height) pixels but golden \(path) is "
                    + "\(expected.width)×\(expected.height)")
        }
        guard !comparison.matches else { return .matched }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = NSTemporaryDirectory() + "kinetic-golden-failures"
        let actualPath = folder + "/" + name + "-actual.png"
        let diffPath = folder + "/" + name + "-diff.png"
        var report: String
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try write(frame, to: actualPath)
            try write(comparison.differenceImage, to: diffPath)
            report = "actual: \(actualPath), diff: \(diffPath)"
        } catch {
            report = "the actual and diff images could not be written: \(error)"
        }
        return .mismatch(message: "\(name): \(comparison.summary); \(report)")
    }

    /// Writes a frame as a PNG still (straight alpha).
    package static func write(_ frame: RGBAFrame, to path: String) throws(RasterError) {
        let encoder = try PNGEncoder(path: path, width: frame.width, height: frame.height)
        try encoder.append(frame, duration: 0)
        try encoder.finish()
    }
}

/// Golden-image assertions for one test target: frames are compared with the PNGs in `Tests/Golden/<target>/` by
/// ``GoldenImageCheck``, so every target judges goldens alike. The PNGs live outside the targets' folders so SwiftPM
/// sees no unhandled files.
///
/// - A pixel differs when a premultiplied channel differs by more than 3 (of 255); any differing pixel fails.
///   Rounding noise passes; a 1-pixel (even ½-pixel) shift fails (`RenderGoldenTests.testOnePixelShiftFails`).
/// - A missing golden fails with the command that records it. `KINETIC_RECORD=1 swift test --filter <test>`
///   (re)records and fails, so each recorded golden is looked at before it is committed.
/// - On a mismatch the actual and diff images go to `$TMPDIR/kinetic-golden-failures/` and the failure names them.
///
/// A target declares its own: `let GoldenImage = GoldenImages(target: "KineticRasterTests")`.
package struct GoldenImages: Sendable {
    /// `Tests/Golden/<target>`.
    package let folder: String

    /// The goldens of `target`, found from this file's path.
    package init(target: String) {
        folder =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/" + target).path
    }

    /// True when `KINETIC_RECORD=1` is set: goldens are (re)written instead of compared.
    package var isRecording: Bool { ProcessInfo.processInfo.environment["KINETIC_RECORD"] == "1" }

    /// The golden `name`.png read back.
    package func read(_ name: String) throws -> RGBAFrame {
        try RGBAFrame(contentsOfPNGFile: folder + "/" + name + ".png")
    }

    /// Fails the test unless `frame` matches the golden `name`.png (records it when `KINETIC_RECORD=1`).
    package func assertMatches(
        _ frame: RGBAFrame, golden name: String, tolerance: FrameComparison.Tolerance = .init(),
        file: StaticString = #filePath, line: UInt = #line, test: String = #function
    ) {
        let outcome = GoldenImageCheck.check(
            frame, goldenPath: folder + "/" + name + ".png", tolerance: tolerance, record: isRecording,
            recordCommand: "KINETIC_RECORD=1 swift test --filter \(test.prefix { $0 != "(" })")
        if let failure = outcome.failureMessage { XCTFail(failure, file: file, line: line) }
    }
}
