import Foundation
import KineticCore
import KineticRaster
import KineticTestSupport
import XCTest

final class VideoEncoderTests: XCTestCase {
    private func probe(_ path: String) throws -> (frames: Int, duration: Double, width: Int, height: Int, codec: String)
    {
        guard let ffprobe = findExecutable("ffprobe") else {
            throw MissingTool("ffprobe is not installed (sudo apt-get install ffmpeg); make test installs it")
        }
        let output = try XCTUnwrap(
            runCommand(
                ffprobe,
                [
                    "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                    "stream=nb_read_frames,width,height,codec_name:format=duration", "-of",
                    "default=noprint_wrappers=1",
                    path,
                ]))
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        return (
            Int(values["nb_read_frames"] ?? "") ?? -1, Double(values["duration"] ?? "") ?? -1,
            Int(values["width"] ?? "") ?? -1, Int(values["height"] ?? "") ?? -1, values["codec_name"] ?? ""
        )
    }

    private func requireFFmpeg() throws {
        if findExecutable("ffmpeg") == nil {
            throw MissingTool("ffmpeg is not installed (sudo apt-get install ffmpeg); make test installs it")
        }
    }

    func testMP4HasTheFrameCountDurationAndEvenSize() throws {
        try requireFFmpeg()
        let folder = try TemporaryFolder()
        let frames = try (0..<30).map { try SyntheticAnimation.frame($0, of: 30, width: 63, height: 35) }
        try encode(frames, durations: Array(repeating: 1.0 / 30, count: 30), to: folder.file("v.mp4"))
        let info = try probe(folder.file("v.mp4"))
        XCTAssertEqual(info.codec, "h264")
        XCTAssertEqual(info.frames, 30)
        XCTAssertEqual(info.duration, 1.0, accuracy: 0.04)
        XCTAssertEqual(info.width, 64)
        XCTAssertEqual(info.height, 36)
        XCTAssertEqual(folder.contents(), ["v.mp4"])
    }

    func testVideosAreTaggedBT709LimitedRangeAndDecodeToTheFrameColours() throws {
        try requireFFmpeg()
        let folder = try TemporaryFolder()
        // Saturated colours show a BT.601/BT.709 mix-up most: each decoded colour must be within 4 of the frame's.
        let colours = [Color(red: 0.2, green: 0.4, blue: 0.8), Color(red: 0.9, green: 0.1, blue: 0.1)]
        for format in ["mp4", "webm"] {
            let path = folder.file("c.\(format)")
            let frames = try colours.map { try RGBAFrame(width: 32, height: 32, color: $0) }
            try encode(frames, durations: [0.5, 0.5], to: path, options: EncoderOptions(background: .white))
            let ffprobe = try XCTUnwrap(findExecutable("ffprobe"))
            let tags = try XCTUnwrap(
                runCommand(
                    ffprobe,
                    [
                        "-v", "error", "-select_streams", "v:0", "-show_entries",
                        "stream=color_space,color_primaries,color_transfer,color_range", "-of", "csv=p=0", path,
                    ]))
            XCTAssertEqual(tags.trimmingCharacters(in: .whitespacesAndNewlines), "tv,bt709,bt709,bt709", format)
            let ffmpeg = try XCTUnwrap(findExecutable("ffmpeg"))
            // Every frame, decoded as players do (ffmpeg reads the tags), as raw RGB.
            let raw = folder.file("frames.rgb")
            _ = runCommand(ffmpeg, ["-v", "error", "-y", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
            let frameBytes = 32 * 32 * 3
            XCTAssertEqual(bytes.count % frameBytes, 0, format)
            let frameCount = bytes.count / frameBytes
            XCTAssertGreaterThanOrEqual(frameCount, 2, format)
            for (index, colour) in colours.enumerated() where frameCount >= 2 {
                // The first frame shows the first colour, the last the second.
                let frame = index == 0 ? 0 : frameCount - 1
                let centre = frame * frameBytes + (16 * 32 + 16) * 3
                let expected = [colour.red, colour.green, colour.blue].map { Int(($0 * 255).rounded()) }
                for channel in 0..<3 {
                    XCTAssertEqual(
                        Double(bytes[centre + channel]), Double(expected[channel]), accuracy: 4,
                        "\(format) colour \(index) channel \(channel)")
                }
            }
        }
    }

    func testMP4IsDeterministic() throws {
        try requireFFmpeg()
        let folder = try TemporaryFolder()
        let frames = try (0..<6).map { try SyntheticAnimation.frame($0, of: 6, width: 32, height: 18) }
        let durations = Array(repeating: 1.0 / 30, count: 6)
        let first = try encode(frames, durations: durations, to: folder.file("1.mp4"))
        let second = try encode(frames, durations: durations, to: folder.file("2.mp4"))
        XCTAssertEqual(first, second)
    }

    func testWebMHasTheFrameCountAndDuration() throws {
        try requireFFmpeg()
        let folder = try TemporaryFolder()
        let frames = try (0..<12).map { try SyntheticAnimation.frame($0, of: 12, width: 48, height: 32, opaque: false) }
        try encode(frames, durations: Array(repeating: 1.0 / 24, count: 12), to: folder.file("v.webm"))
        let info = try probe(folder.file("v.webm"))
        XCTAssertEqual(info.codec, "vp9")
        XCTAssertEqual(info.frames, 12)
        XCTAssertEqual(info.duration, 0.5, accuracy: 0.05)
    }

    func testVariableDurationsBecomeAConstantRate() throws {
        try requireFFmpeg()
        let folder = try TemporaryFolder()
        let frames = try (0..<3).map { try SyntheticAnimation.frame($0, of: 3, width: 32, height: 32) }
        // 0.1 s sets 10 fps; then 0.3 s and 0.2 s are 3 and 2 frames: 6 frames, 0.6 s.
        let encoder = try VideoEncoder(path: folder.file("c.mp4"), format: .mp4, width: 32, height: 32)
        for (frame, duration) in zip(frames, [0.1, 0.3, 0.2]) { try encoder.append(frame, duration: duration) }
        try encoder.finish()
        XCTAssertEqual(encoder.frameRate, 10)
        XCTAssertEqual(encoder.writtenFrameCount, 6)
        let info = try probe(folder.file("c.mp4"))
        XCTAssertEqual(info.frames, 6)
        XCTAssertEqual(info.duration, 0.6, accuracy: 0.02)
    }

    func testMissingFFmpegNamesTheDebianPackage() throws {
        let folder = try TemporaryFolder()
        let options = EncoderOptions(video: VideoOptions(ffmpegPath: "/nonexistent/ffmpeg"))
        XCTAssertThrowsError(
            try OutputFormat.makeEncoder(path: folder.file("v.mp4"), width: 8, height: 8, options: options)
        ) {
            error in
            XCTAssertEqual(
                "\(error)",
                "ffmpeg was not found (searched /nonexistent/ffmpeg); MP4 and WebM are encoded by ffmpeg: install it "
                    + "with `sudo apt-get install ffmpeg` (Debian/Ubuntu) or `brew install ffmpeg` (macOS)")
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testFFmpegFailureShowsItsStandardErrorAndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        // A stand-in "ffmpeg" that reads nothing, complains on stderr and fails.
        let fake = folder.file("fake-ffmpeg")
        try "#!/bin/sh\necho 'Unknown encoder libx264' >&2\nexit 1\n".write(
            toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let options = EncoderOptions(video: VideoOptions(ffmpegPath: fake))
        let encoder = try OutputFormat.makeEncoder(path: folder.file("v.mp4"), width: 8, height: 8, options: options)
        let frame = try RGBAFrame(width: 8, height: 8, color: .red)
        XCTAssertThrowsError(
            try {
                for _ in 0..<200 { try encoder.append(frame, duration: 0.04) }
                try encoder.finish()
            }()
        ) { error in
            XCTAssertEqual("\(error)", "ffmpeg failed with exit status 1: Unknown encoder libx264")
        }
        XCTAssertEqual(folder.contents(), ["fake-ffmpeg"])
    }
}
