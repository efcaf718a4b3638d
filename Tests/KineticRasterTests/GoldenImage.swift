import Foundation
import KineticRaster
import XCTest

/// Golden-image assertions for this test target: frames are compared with the PNGs in
/// `Tests/Golden/KineticRasterTests/` by `GoldenImageCheck` (KineticRaster's package-level rule, so every test target
/// judges goldens alike). The PNGs live outside the target's folder so SwiftPM sees no unhandled files.
///
/// - A pixel differs when a premultiplied channel differs by more than 3 (of 255); any differing pixel fails.
///   Rounding noise passes; a 1-pixel (even ½-pixel) shift fails (`RenderGoldenTests.testOnePixelShiftFails`).
/// - A missing golden fails with the command that records it. `KINETIC_RECORD=1 swift test --filter <test>`
///   (re)records and fails, so each recorded golden is looked at before it is committed.
/// - On a mismatch the actual and diff images go to `$TMPDIR/kinetic-golden-failures/` and the failure names them.
///
/// Another test target reuses it by copying this enum (it only needs `KineticRaster`) with its own `folder`.
enum GoldenImage {
    /// `Tests/Golden/KineticRasterTests`, found from this file's path.
    static var folder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/KineticRasterTests").path
    }

    /// True when `KINETIC_RECORD=1` is set: goldens are (re)written instead of compared.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["KINETIC_RECORD"] == "1" }

    /// The golden `name`.png read back.
    static func read(_ name: String) throws -> RGBAFrame {
        try RGBAFrame(contentsOfPNGFile: folder + "/" + name + ".png")
    }

    /// Fails the test unless `frame` matches the golden `name`.png (records it when `KINETIC_RECORD=1`).
    static func assertMatches(
        _ frame: RGBAFrame, golden name: String, tolerance: FrameComparison.Tolerance = .init(),
        file: StaticString = #filePath, line: UInt = #line, test: String = #function
    ) {
        let outcome = GoldenImageCheck.check(
            frame, goldenPath: folder + "/" + name + ".png", tolerance: tolerance, record: isRecording,
            recordCommand: "KINETIC_RECORD=1 swift test --filter \(test.prefix { $0 != "(" })")
        if let failure = outcome.failureMessage { XCTFail(failure, file: file, line: line) }
    }
}
