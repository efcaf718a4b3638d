import Foundation
import KineticCore
import KineticRaster
import KineticTestSupport
import XCTest

final class PNGEncoderTests: XCTestCase {
    func testStillPNGRoundTripsExactlyWithAlpha() throws {
        let folder = try TemporaryFolder()
        let frame = try SyntheticAnimation.frame(3, of: 10, width: 37, height: 21, opaque: false)
        XCTAssertFalse(frame.isOpaque)
        try encode([frame], durations: [1], to: folder.file("still.png"))
        let decoded = try PNGTestDecoder.decode(path: folder.file("still.png"))
        XCTAssertEqual(decoded.colorType, 6)
        XCTAssertEqual(decoded.defaultImage, frame)
        XCTAssertEqual(folder.contents(), ["still.png"])
    }

    func testFrameWritePNGConvenience() throws {
        let folder = try TemporaryFolder()
        let frame = try SyntheticAnimation.frame(1, of: 4, width: 20, height: 12, opaque: false)
        try frame.writePNG(to: folder.file("f.png"))
        XCTAssertEqual(try PNGTestDecoder.decode(path: folder.file("f.png")).defaultImage, frame)
        XCTAssertThrowsError(try frame.writePNG(to: folder.file("missing/f.png")))
        XCTAssertEqual(folder.contents(), ["f.png"])
    }

    func testStillPNGOverABackgroundIsRGB() throws {
        let folder = try TemporaryFolder()
        let frame = try RGBAFrame(width: 4, height: 3, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        try encode([frame], durations: [1], to: folder.file("still.png"), options: EncoderOptions(background: .white))
        let decoded = try PNGTestDecoder.decode(path: folder.file("still.png"))
        XCTAssertEqual(decoded.colorType, 2)
        // 50 % red over white: (255, 128, 128).
        XCTAssertEqual(decoded.defaultImage?[2, 1], RGBA8(red: 255, green: 127, blue: 127, alpha: 255))
    }

    func testASecondFrameForAStillIsAnErrorAndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let frame = try RGBAFrame(width: 2, height: 2)
        let encoder = try OutputFormat.makeEncoder(path: folder.file("x.png"), width: 2, height: 2)
        try encoder.append(frame, duration: 1)
        XCTAssertThrowsError(try encoder.append(frame, duration: 1)) { error in
            XCTAssertTrue("\(error)".contains("a PNG file holds one frame; write animations to .apng or .gif"))
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testAPNGRoundTripsExactlyWithDelaysLoopsAndAlpha() throws {
        let folder = try TemporaryFolder()
        let frames = try (0..<12).map { try SyntheticAnimation.frame($0, of: 12, width: 48, height: 30, opaque: false) }
        let third = 1.0 / 30
        let durations: [Double] = [third, third, 0.1, 0.25, 1.0 / 60, third, third, 2, 1.0 / 24, third, 0.5, 1]
        try encode(frames, durations: durations, to: folder.file("a.apng"), options: EncoderOptions(loopCount: 3))
        let decoded = try PNGTestDecoder.decode(path: folder.file("a.apng"))
        XCTAssertEqual(decoded.plays, 3)
        XCTAssertEqual(decoded.frames.count, 12)
        XCTAssertEqual(decoded.defaultImage, frames[0])
        for (index, frame) in decoded.frames.enumerated() {
            XCTAssertEqual(frame.image, frames[index], "frame \(index)")
            XCTAssertEqual(frame.duration, durations[index], accuracy: 1e-9, "delay of frame \(index)")
        }
        XCTAssertEqual(decoded.frames[0].delay.numerator, 1)
        XCTAssertEqual(decoded.frames[0].delay.denominator, 30)
        XCTAssertEqual(decoded.frames[2].delay.numerator, 1)
        XCTAssertEqual(decoded.frames[2].delay.denominator, 10)
    }

    func testAPNGStoresOnlyChangedRectanglesAndMergesRepeatedFrames() throws {
        let folder = try TemporaryFolder()
        let blank = try RGBAFrame(width: 64, height: 64, color: .white)
        var dot = blank
        dot[40, 20] = RGBA8(red: 255, green: 0, blue: 0, alpha: 255)
        let frames = [blank, blank, blank, dot, dot, blank]
        let data = try encode(frames, durations: Array(repeating: 0.1, count: 6), to: folder.file("d.apng"))
        let decoded = try PNGTestDecoder.decode(path: folder.file("d.apng"))
        XCTAssertEqual(decoded.frames.map(\.image), [blank, dot, blank])
        XCTAssertEqual(decoded.frames.map(\.duration), [0.3, 0.2, 0.1])
        XCTAssertEqual(decoded.frames.map(\.region), [[0, 0, 64, 64], [40, 20, 1, 1], [40, 20, 1, 1]])
        XCTAssertLessThan(data.count, 500)
    }

    func testAPNGIsDeterministic() throws {
        let folder = try TemporaryFolder()
        let frames = try (0..<5).map { try SyntheticAnimation.frame($0, of: 5, width: 40, height: 24) }
        let durations = Array(repeating: 1.0 / 30, count: 5)
        let first = try encode(frames, durations: durations, to: folder.file("1.apng"))
        let second = try encode(frames, durations: durations, to: folder.file("2.apng"))
        XCTAssertEqual(first, second)
    }

    func testAPNGWithABackgroundIsOpaqueRGB() throws {
        let folder = try TemporaryFolder()
        let frames = try (0..<3).map { try SyntheticAnimation.frame($0, of: 3, width: 20, height: 10, opaque: false) }
        try encode(
            frames, durations: [0.1, 0.1, 0.1], to: folder.file("b.apng"), options: EncoderOptions(background: .black))
        let decoded = try PNGTestDecoder.decode(path: folder.file("b.apng"))
        XCTAssertEqual(decoded.colorType, 2)
        XCTAssertEqual(decoded.frames.map(\.image), frames.map { $0.composited(over: .black) })
    }

    func testWrongFrameSizeAndBadDurationAreErrors() throws {
        let folder = try TemporaryFolder()
        let encoder = try APNGEncoder(path: folder.file("s.apng"), width: 4, height: 4)
        XCTAssertThrowsError(try encoder.append(try RGBAFrame(width: 5, height: 4), duration: 0.1)) { error in
            XCTAssertEqual(
                "\(error)",
                "frame is 5×4 pixels but the encoder was created for 4×4: every frame of one file must have the same size"
            )
        }
        XCTAssertEqual(folder.contents(), [])
        let other = try APNGEncoder(path: folder.file("t.apng"), width: 4, height: 4)
        XCTAssertThrowsError(try other.append(try RGBAFrame(width: 4, height: 4), duration: -1)) { error in
            XCTAssertEqual(
                "\(error)", "invalid frame duration -1.0 s: a frame must be shown for a finite time > 0 seconds")
        }
        let empty = try APNGEncoder(path: folder.file("u.apng"), width: 4, height: 4)
        XCTAssertThrowsError(try empty.finish()) { error in
            XCTAssertEqual("\(error)", "no frame was given for '\(folder.file("u.apng"))'")
        }
        XCTAssertEqual(folder.contents(), [])
    }
}
