import Foundation
import KineticCore
import KineticRaster
import KineticTestSupport
import XCTest

/// Frame durations at the edges: GIF, APNG and (with ffmpeg) MP4 refuse a frame that would make the clip last more
/// than a day, with `RasterError.invalidDuration`, and leave nothing behind; GIF and APNG take a day in all, summed
/// from frames of 1/30 s.
final class FrameDurationLimitTests: XCTestCase {
    func testHugeDurationsAreRefusedByEveryAnimatedFormat() throws {
        let folder = try TemporaryFolder()
        let frame = try RGBAFrame(width: 8, height: 8, color: .white)
        let names = ["a.gif", "a.apng"] + (findExecutable("ffmpeg") != nil ? ["a.mp4"] : [])
        for name in names {
            for duration in [1e300, Double.greatestFiniteMagnitude, 86_400.5] {
                let encoder = try OutputFormat.makeEncoder(path: folder.file(name), width: 8, height: 8)
                XCTAssertThrowsError(try encoder.append(frame, duration: duration), "\(name) \(duration)") { error in
                    guard case RasterError.invalidDuration(let value, let reason) = error else {
                        return XCTFail("\(name): \(error)")
                    }
                    XCTAssertEqual(value, duration)
                    XCTAssertTrue(reason.contains("86400"), reason)
                }
                XCTAssertEqual(folder.contents(), [], "\(name): nothing is left")
            }
            // Frames that add up to more than a day: the one that crosses it is refused.
            let encoder = try OutputFormat.makeEncoder(path: folder.file(name), width: 8, height: 8)
            try encoder.append(frame, duration: 50_000)
            XCTAssertThrowsError(try encoder.append(frame, duration: 50_000))
            XCTAssertEqual(folder.contents(), [])
        }
    }

    func testADayInAllIsAccepted() throws {
        let folder = try TemporaryFolder()
        let white = try RGBAFrame(width: 8, height: 8, color: .white)
        let black = try RGBAFrame(width: 8, height: 8, color: .black)
        // 86,399 s, then 30 frames of 1/30 s: 86,400.0000000002 s in doubles, a day within rounding.
        let frames = [white] + (0..<30).map { $0 % 2 == 0 ? black : white }
        let durations = [86_399.0] + Array(repeating: 1.0 / 30, count: 30)
        try encode(frames, durations: durations, to: folder.file("day.gif"))
        try encode(frames, durations: durations, to: folder.file("day.apng"))
        let decoded = try GIFTestDecoder.decode(path: folder.file("day.gif"))
        // GIF delays are 16-bit centiseconds: the long first frame continues as invisible images.
        XCTAssertEqual(decoded.frames.map(\.delay.numerator).reduce(0, +), 8_640_000)
        XCTAssertEqual(decoded.frames.last?.image, white)
    }
}
