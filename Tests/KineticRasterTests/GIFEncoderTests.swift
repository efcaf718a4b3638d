import Foundation
import KineticCore
import KineticRaster
import KineticTestSupport
import XCTest

final class GIFEncoderTests: XCTestCase {
    func testRoundTripIsWithinQuantisationErrorWithDelaysAndLoops() throws {
        let folder = try TemporaryFolder()
        let frames = try (0..<10).map { try SyntheticAnimation.frame($0, of: 10, width: 64, height: 40) }
        try encode(
            frames, durations: Array(repeating: 0.1, count: 10), to: folder.file("a.gif"),
            options: EncoderOptions(loopCount: 0))
        let decoded = try GIFTestDecoder.decode(path: folder.file("a.gif"))
        XCTAssertEqual(decoded.width, 64)
        XCTAssertEqual(decoded.height, 40)
        XCTAssertEqual(decoded.plays, 0)
        XCTAssertEqual(decoded.frames.count, 10)
        XCTAssertEqual(decoded.frames.map(\.delay.numerator), Array(repeating: 10, count: 10))
        for (index, frame) in decoded.frames.enumerated() {
            let error = try XCTUnwrap(frame.image.meanAbsoluteError(to: frames[index]))
            XCTAssertLessThan(error, 2.5, "frame \(index)")
            XCTAssertTrue(frame.image.isOpaque)
        }
    }

    func testCentisecondDelaysCarryTheRoundingErrorAt30fps() throws {
        let folder = try TemporaryFolder()
        // 300 distinct frames at 30 fps: 10 s = exactly 1000 cs, in the pattern 3, 3, 4 (cumulative rounding).
        let base = try RGBAFrame(width: 8, height: 8, color: .white)
        let frames = (0..<300).map { index -> RGBAFrame in
            var frame = base
            frame[index % 8, index / 8 % 8] = RGBA8(red: UInt8(index % 251), green: 0, blue: 0, alpha: 255)
            return frame
        }
        try encode(frames, durations: Array(repeating: 1.0 / 30, count: 300), to: folder.file("d.gif"))
        let decoded = try GIFTestDecoder.decode(path: folder.file("d.gif"))
        let delays = decoded.frames.map(\.delay.numerator)
        XCTAssertEqual(delays.count, 300)
        XCTAssertEqual(delays.reduce(0, +), 1000)
        XCTAssertEqual(Array(delays.prefix(6)), [3, 4, 3, 3, 4, 3])
        var total = 0
        for (index, delay) in delays.enumerated() {
            total += delay
            XCTAssertLessThanOrEqual(abs(Double(total) - Double(index + 1) * 100 / 30), 0.5 + 1e-9)
        }
    }

    func testFramesShorterThanTwoCentisecondsAreDroppedWithoutDrift() throws {
        let folder = try TemporaryFolder()
        let frames = try (0..<60).map { index -> RGBAFrame in
            var frame = try RGBAFrame(width: 4, height: 4, color: .black)
            frame[index % 4, index / 4 % 4] = RGBA8(red: 255, green: UInt8(index), blue: 0, alpha: 255)
            return frame
        }
        try encode(frames, durations: Array(repeating: 1.0 / 60, count: 60), to: folder.file("f.gif"))
        let decoded = try GIFTestDecoder.decode(path: folder.file("f.gif"))
        let delays = decoded.frames.map(\.delay.numerator)
        XCTAssertTrue(delays.allSatisfy { $0 >= 2 }, "\(delays)")
        XCTAssertEqual(delays.reduce(0, +), 100)
        XCTAssertLessThan(delays.count, 60)
        XCTAssertEqual(decoded.frames.last?.image, frames.last)
    }

    func testOnlyTheChangedRectangleIsStoredAndRepeatsAreMerged() throws {
        let folder = try TemporaryFolder()
        let blank = try RGBAFrame(width: 50, height: 30, color: .white)
        var moved = blank
        for y in 10..<14 {
            for x in 20..<27 { moved[x, y] = RGBA8(red: 0, green: 0, blue: 255, alpha: 255) }
        }
        try encode(
            [blank, blank, moved, moved, moved, blank], durations: Array(repeating: 0.1, count: 6),
            to: folder.file("r.gif"), options: EncoderOptions(loopCount: 1))
        let decoded = try GIFTestDecoder.decode(path: folder.file("r.gif"))
        XCTAssertEqual(decoded.plays, 1)
        XCTAssertEqual(decoded.frames.map(\.delay.numerator), [20, 30, 10])
        XCTAssertEqual(decoded.frames.map(\.region), [[0, 0, 50, 30], [20, 10, 7, 4], [20, 10, 7, 4]])
        XCTAssertEqual(decoded.frames.map(\.image), [blank, moved, blank])  // flat colours are exact
    }

    func testTransparentBackgroundClearsPixelsThatBecomeTransparent() throws {
        let folder = try TemporaryFolder()
        // A square moving right on a transparent background: the pixels it leaves must become transparent again.
        let frames = try (0..<6).map { index -> RGBAFrame in
            var frame = try RGBAFrame(width: 24, height: 8)
            for y in 2..<6 {
                for x in (index * 3)..<(index * 3 + 4) { frame[x, y] = RGBA8(red: 255, green: 0, blue: 0, alpha: 255) }
            }
            return frame
        }
        try encode(frames, durations: Array(repeating: 0.05, count: 6), to: folder.file("t.gif"))
        let decoded = try GIFTestDecoder.decode(path: folder.file("t.gif"))
        XCTAssertEqual(decoded.frames.map(\.image), frames)
    }

    func testAMatteBlendsSoftEdgesInsteadOfCuttingThem() throws {
        let folder = try TemporaryFolder()
        // A red row fading out: alpha 255, 192, 128, 64, 16, 0 (premultiplied).
        var frame = try RGBAFrame(width: 6, height: 1)
        for (x, alpha) in [255, 192, 128, 64, 16, 0].enumerated() {
            frame[x, 0] = RGBA8(red: UInt8(alpha), green: 0, blue: 0, alpha: UInt8(alpha))
        }
        try encode([frame], durations: [0.1], to: folder.file("cut.gif"))
        var options = EncoderOptions()
        options.gif.matte = .white
        try encode([frame], durations: [0.1], to: folder.file("matte.gif"), options: options)
        let cut = try XCTUnwrap(GIFTestDecoder.decode(path: folder.file("cut.gif")).frames.first?.image)
        let matte = try XCTUnwrap(GIFTestDecoder.decode(path: folder.file("matte.gif")).frames.first?.image)
        // Without a matte: cut at half alpha, red or nothing.
        XCTAssertEqual((0..<6).map { cut[$0, 0].alpha }, [255, 255, 255, 0, 0, 0])
        // With a white matte: every covered pixel is opaque, red blended with white by its alpha.
        XCTAssertEqual((0..<6).map { matte[$0, 0].alpha }, [255, 255, 255, 255, 255, 0])
        for (x, alpha) in [255, 192, 128, 64, 16].enumerated() {
            let white = 255 - alpha  // green and blue: what the matte adds
            XCTAssertEqual(Double(matte[x, 0].red), 255, accuracy: 3, "x \(x)")
            XCTAssertEqual(Double(matte[x, 0].green), Double(white), accuracy: 3, "x \(x)")
            XCTAssertEqual(Double(matte[x, 0].blue), Double(white), accuracy: 3, "x \(x)")
        }
    }

    func testLoopCountsMapToNetscapeRepeats() throws {
        let folder = try TemporaryFolder()
        let frames = [
            try RGBAFrame(width: 2, height: 2, color: .red), try RGBAFrame(width: 2, height: 2, color: .blue),
        ]
        for plays in [0, 1, 2, 5] {
            let path = folder.file("l\(plays).gif")
            try encode(frames, durations: [0.1, 0.1], to: path, options: EncoderOptions(loopCount: plays))
            XCTAssertEqual(try GIFTestDecoder.decode(path: path).plays, plays)
        }
    }

    func testGIFIsDeterministicAndWorldReadable() throws {
        let folder = try TemporaryFolder()
        let frames = try (0..<6).map { try SyntheticAnimation.frame($0, of: 6, width: 40, height: 30, opaque: false) }
        let durations = Array(repeating: 1.0 / 25, count: 6)
        let first = try encode(frames, durations: durations, to: folder.file("1.gif"))
        let second = try encode(frames, durations: durations, to: folder.file("2.gif"))
        XCTAssertEqual(first, second)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("1.gif"))
        let mode = try XCTUnwrap(attributes[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o044, 0o044, "group and others can read (giflib's own open makes 0600 files)")
    }

    func testDitheringAndQualityOptionsAreValidated() throws {
        let folder = try TemporaryFolder()
        XCTAssertThrowsError(
            try GIFEncoder(
                path: folder.file("x.gif"), width: 2, height: 2,
                options: EncoderOptions(gif: GIFOptions(dithering: 1.5)))
        ) { error in
            XCTAssertEqual("\(error)", "invalid GIF dithering 1.5: must be 0…1")
        }
        // Thousands of colours, so that libimagequant's palette (and dithering) is used.
        let frames = try (0..<2).map { try Self.manyColours(width: 128, height: 80, shift: $0) }
        let undithered = try encode(
            frames, durations: [0.1, 0.1], to: folder.file("u.gif"),
            options: EncoderOptions(gif: GIFOptions(dithering: 0)))
        let dithered = try encode(
            frames, durations: [0.1, 0.1], to: folder.file("d.gif"),
            options: EncoderOptions(gif: GIFOptions(dithering: 1)))
        XCTAssertNotEqual(undithered, dithered)
        for path in ["u.gif", "d.gif"] {
            let decoded = try GIFTestDecoder.decode(path: folder.file(path))
            for (index, frame) in decoded.frames.enumerated() {
                let error = try XCTUnwrap(frame.image.meanAbsoluteError(to: frames[index]))
                XCTAssertLessThan(error, 3, "\(path) frame \(index)")
                XCTAssertGreaterThan(error, 0, "\(path) frame \(index): 10,240 colours cannot be exact")
            }
        }
    }

    func testFramesWithFewColoursAreExactAndShareTheGlobalColourTable() throws {
        let folder = try TemporaryFolder()
        // 200 colours in noise (LZW table resets several times per frame), moving by a pixel each frame.
        var generator = SeededRandom(seed: 7)
        let colours = (0..<200).map { _ in
            RGBA8(
                red: UInt8(truncatingIfNeeded: generator.next()), green: UInt8(truncatingIfNeeded: generator.next()),
                blue: UInt8(truncatingIfNeeded: generator.next()), alpha: 255)
        }
        let noise = (0..<(160 * 120)).map { _ in colours[Int(generator.next() % 200)] }
        let frames = try (0..<4).map { shift -> RGBAFrame in
            var frame = try RGBAFrame(width: 150, height: 120)
            for y in 0..<120 {
                for x in 0..<150 { frame[x, y] = noise[y * 160 + x + shift] }
            }
            return frame
        }
        try encode(frames, durations: Array(repeating: 0.1, count: 4), to: folder.file("n.gif"))
        let decoded = try GIFTestDecoder.decode(path: folder.file("n.gif"))
        XCTAssertEqual(decoded.frames.map(\.image), frames)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("n.gif"))))
        XCTAssertEqual(bytes[10], 0xF7, "a global colour table of 256 entries")
        // The first image descriptor follows the table (768 bytes), the loop extension (19) and a graphic control
        // extension (8), and has no local colour table.
        let descriptor = 13 + 768 + 19 + 8
        XCTAssertEqual(bytes[descriptor], 0x2C)
        XCTAssertEqual(bytes[descriptor + 9] & 0x80, 0)
    }

    /// A clip of more colours than a palette holds that changes part of the picture each frame: a horizontal
    /// gradient, and a bar of other shades sliding over it by 6 pixels a frame.
    private static func slidingBar(_ index: Int) throws -> RGBAFrame {
        var frame = try RGBAFrame(width: 120, height: 80)
        for y in 0..<80 {
            for x in 0..<120 {
                frame[x, y] = RGBA8(red: UInt8(x * 2), green: 100, blue: 50, alpha: 255)
            }
        }
        for y in 30..<50 {
            for x in (index * 6)..<(index * 6 + 24) {
                frame[x, y] = RGBA8(red: 20, green: UInt8(y * 4), blue: UInt8(255 - x * 2), alpha: 255)
            }
        }
        return frame
    }

    func testTheClipPaletteServesFramesThatChangePartOfThePicture() throws {
        let folder = try TemporaryFolder()
        let frames = try (0..<12).map { try Self.slidingBar($0) }
        try encode(frames, durations: Array(repeating: 0.1, count: 12), to: folder.file("clip.gif"))
        try encode(
            frames, durations: Array(repeating: 0.1, count: 12), to: folder.file("stream.gif"),
            options: EncoderOptions(gif: GIFOptions(clipPalette: false)))
        let clip = try GIFTestDecoder.decode(path: folder.file("clip.gif"))
        let stream = try GIFTestDecoder.decode(path: folder.file("stream.gif"))
        // The first frame draws everything (a palette of its own); the others use the global table.
        XCTAssertEqual(clip.frames.map(\.hasLocalColorTable), [true] + Array(repeating: false, count: 11))
        XCTAssertEqual(stream.frames.filter(\.hasLocalColorTable).count, 12)
        XCTAssertEqual(clip.frames.map(\.region), stream.frames.map(\.region))
        for (index, frame) in clip.frames.enumerated() {
            let error = try XCTUnwrap(frame.image.meanAbsoluteError(to: frames[index]))
            XCTAssertLessThan(error, 1.5, "frame \(index)")
        }
        let sizes = try [folder.file("clip.gif"), folder.file("stream.gif")].map {
            try XCTUnwrap(FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int)
        }
        XCTAssertLessThan(sizes[0] * 3, sizes[1] * 2, "one colour table instead of twelve")
        // Nothing is left next to the output: the frames' temporary file has no name.
        XCTAssertEqual(folder.contents().sorted(), ["clip.gif", "stream.gif"])
    }

    func testAFlashOfNewColoursGetsAPaletteOfItsOwn() throws {
        let folder = try TemporaryFolder()
        var frames = try (0..<10).map { try Self.slidingBar($0) }
        // Frame 5: a block of saturated noise the rest of the clip never shows, a third of the picture.
        var generator = SeededRandom(seed: 11)
        for y in 0..<40 {
            for x in 0..<80 {
                frames[5][x, y] = RGBA8(
                    red: UInt8(truncatingIfNeeded: generator.next() | 0x80), green: 0,
                    blue: UInt8(truncatingIfNeeded: generator.next()), alpha: 255)
            }
        }
        try encode(frames, durations: Array(repeating: 0.1, count: 10), to: folder.file("flash.gif"))
        let decoded = try GIFTestDecoder.decode(path: folder.file("flash.gif"))
        XCTAssertEqual(decoded.frames.count, 10)
        XCTAssertTrue(decoded.frames[5].hasLocalColorTable)
        XCTAssertLessThanOrEqual(
            decoded.frames.filter(\.hasLocalColorTable).count, 3, "the first, the flash, and at most the frame after it"
        )
        XCTAssertFalse(decoded.frames[7].hasLocalColorTable)
        for (index, frame) in decoded.frames.enumerated() {
            let error = try XCTUnwrap(frame.image.meanAbsoluteError(to: frames[index]))
            XCTAssertLessThan(error, 2.5, "frame \(index)")
        }
    }

    func testAClipWhoseColoursFitIsWrittenAsTheStreamingEncoderWritesIt() throws {
        let folder = try TemporaryFolder()
        // 200 colours over the clip, at most 100 in a frame, in a square that moves.
        let frames = try (0..<6).map { index -> RGBAFrame in
            var frame = try RGBAFrame(width: 40, height: 30, color: .white)
            for i in 0..<100 {
                frame[i % 10 + index * 4, i / 10 + 10] = RGBA8(
                    red: UInt8(index % 2), green: UInt8(i), blue: UInt8(i / 2), alpha: 255)
            }
            return frame
        }
        try encode(frames, durations: Array(repeating: 0.1, count: 6), to: folder.file("a.gif"))
        try encode(
            frames, durations: Array(repeating: 0.1, count: 6), to: folder.file("b.gif"),
            options: EncoderOptions(gif: GIFOptions(clipPalette: false)))
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.file("a.gif")))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.file("b.gif")))
        XCTAssertTrue(a == b, "the same bytes")
        let decoded = try GIFTestDecoder.decode(path: folder.file("a.gif")).frames.map(\.image)
        XCTAssertTrue(decoded == frames, "exact")
    }

    func testAFrameReplacedWithinTwoCentisecondsDecidesTheDisposalBeforeIt() throws {
        let folder = try TemporaryFolder()
        // A and B draw pixel (3, 3); C, which replaces B (it starts 1 cs after B), leaves it transparent.
        let blue = RGBA8(red: 0, green: 0, blue: 255, alpha: 255)
        var a = try RGBAFrame(width: 8, height: 8)
        a[3, 3] = blue
        var b = a
        b[5, 5] = blue
        var c = try RGBAFrame(width: 8, height: 8)
        c[5, 5] = blue
        var d = c
        d[1, 1] = blue
        for options in [GIFOptions(), GIFOptions(clipPalette: false)] {
            let path = folder.file(options.clipPalette ? "two.gif" : "stream.gif")
            try encode(
                [a, b, c, d], durations: [0.02, 0.01, 0.05, 0.05], to: path, options: EncoderOptions(gif: options))
            let decoded = try GIFTestDecoder.decode(path: path)
            XCTAssertEqual(decoded.frames.map(\.delay.numerator), [2, 6, 5], path)
            XCTAssertTrue(decoded.frames.map(\.image) == [a, c, d], "\(path): (3, 3) is cleared when C shows")
        }
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: folder.file("two.gif"))),
            try Data(contentsOf: URL(fileURLWithPath: folder.file("stream.gif"))))
    }

    func testTheDiskLimitWritesTheKeptFramesAndStreamsTheRest() throws {
        let folder = try TemporaryFolder()
        let frames = try (0..<12).map { try Self.slidingBar($0) }
        let durations = Array(repeating: 0.1, count: 12)
        // A limit of 0 streams from the first frame: the streaming encoder's bytes.
        try encode(
            frames, durations: durations, to: folder.file("zero.gif"),
            options: EncoderOptions(gif: GIFOptions(clipPaletteDiskLimit: 0)))
        try encode(
            frames, durations: durations, to: folder.file("stream.gif"),
            options: EncoderOptions(gif: GIFOptions(clipPalette: false)))
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: folder.file("zero.gif"))),
            try Data(contentsOf: URL(fileURLWithPath: folder.file("stream.gif"))))
        // Room for about five frames: those use the clip palette of the frames kept, the rest stream.
        try encode(
            frames, durations: durations, to: folder.file("five.gif"),
            options: EncoderOptions(gif: GIFOptions(clipPaletteDiskLimit: 5 * 120 * 80 * 4)))
        let decoded = try GIFTestDecoder.decode(path: folder.file("five.gif"))
        XCTAssertEqual(decoded.frames.count, 12)
        XCTAssertFalse(decoded.frames[1].hasLocalColorTable)
        XCTAssertTrue(decoded.frames.filter(\.hasLocalColorTable).count < 12)
        for (index, frame) in decoded.frames.enumerated() {
            let error = try XCTUnwrap(frame.image.meanAbsoluteError(to: frames[index]))
            XCTAssertLessThan(error, 1.5, "frame \(index)")
        }
        XCTAssertThrowsError(
            try GIFEncoder(
                path: folder.file("bad.gif"), width: 8, height: 8,
                options: EncoderOptions(gif: GIFOptions(clipPaletteDiskLimit: -1))))
    }

    func testACancelledTwoPassEncoderLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let encoder = try GIFEncoder(path: folder.file("c.gif"), width: 120, height: 80)
        for index in 0..<3 { try encoder.append(try Self.slidingBar(index), duration: 0.1) }
        XCTAssertEqual(folder.contents().count, 1, "the output's temporary file only")
        encoder.cancel()
        XCTAssertEqual(folder.contents(), [])
    }

    /// A frame with width × height different colours.
    private static func manyColours(width: Int, height: Int, shift: Int) throws -> RGBAFrame {
        var frame = try RGBAFrame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                frame[x, y] = RGBA8(
                    red: UInt8(truncatingIfNeeded: x * 2 + shift), green: UInt8(truncatingIfNeeded: y * 3),
                    blue: UInt8(truncatingIfNeeded: (x / 16) * 32 + y / 10 * 2), alpha: 255)
            }
        }
        return frame
    }
}
