import Foundation
import KineticCore
import KineticRaster

/// The GIF encoder on arbitrary clips: the input's first bytes pick the frame size (1…24 × 1…24), the frame count
/// (1…16), the options (background or transparency, matte, alpha threshold, colour count, dithering, the disk
/// limit of the kept frames) and how many colours the clip may use; the rest are the pixels and each frame's
/// duration (1 ms … 10 s). The clip is encoded with two passes and streaming, into a fresh folder.
///
/// Checks: neither traps or fails; both files are GIFs (header, trailer); nothing else is left in the folder; and
/// when the clip has at most 255 colours, opaque on a background, both encoders write the same bytes (the second
/// pass replays the streaming encoder's choices with the clip's exact colours).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 8 else { return 0 }
    var reader = ByteReader(bytes: bytes)
    let width = Int(reader.next() % 24) + 1
    let height = Int(reader.next() % 24) + 1
    let frameCount = Int(reader.next() % 16) + 1
    let flags = reader.next()
    let palette = colours(count: Int(reader.next()) + 1, seed: reader.next())
    var gif = GIFOptions()
    gif.dithering = Double(reader.next() % 5) / 4
    gif.maximumColors = flags & 0x10 != 0 ? Int(reader.next() % 255) + 2 : 256
    gif.alphaThreshold = Int(reader.next()) | 1
    if flags & 0x20 != 0 { gif.matte = Color(red: 0.2, green: 0.4, blue: 0.6) }
    gif.clipPaletteDiskLimit = flags & 0x40 != 0 ? Int(reader.next()) * 64 : 1 << 30
    let opaque = flags & 0x01 != 0
    var options = EncoderOptions(loopCount: Int(flags >> 7))
    if opaque { options.background = .white }
    var frames: [RGBAFrame] = []
    var durations: [Double] = []
    for _ in 0..<frameCount {
        guard var frame = try? RGBAFrame(width: width, height: height) else { return 0 }
        for y in 0..<height {
            for x in 0..<width {
                let pick = reader.next()
                var colour = palette[Int(pick) % palette.count]
                if !opaque && pick & 0x80 != 0 { colour = RGBA8(red: 0, green: 0, blue: 0, alpha: pick & 0x7F) }
                frame[x, y] = colour
            }
        }
        frames.append(frame)
        durations.append(0.001 * pow(10_000, Double(reader.next()) / 255))
    }
    let folder = NSTemporaryDirectory() + "kinetic-fuzz-gif-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var outputs: [[UInt8]] = []
    for clipPalette in [true, false] {
        var chosen = options
        chosen.gif = gif
        chosen.gif.clipPalette = clipPalette
        let path = folder + (clipPalette ? "/two.gif" : "/stream.gif")
        do {
            let encoder = try GIFEncoder(path: path, width: width, height: height, options: chosen)
            for (frame, duration) in zip(frames, durations) { try encoder.append(frame, duration: duration) }
            try encoder.finish()
        } catch {
            fatalError("the GIF encoder failed on a valid clip (clip palette \(clipPalette)): \(error)")
        }
        guard let file = FileManager.default.contents(atPath: path) else { fatalError("no file at \(path)") }
        let written = [UInt8](file)
        guard written.starts(with: Array("GIF89a".utf8)), written.last == 0x3B else {
            fatalError("not a GIF (clip palette \(clipPalette)): \(written.count) bytes")
        }
        outputs.append(written)
    }
    let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    guard left.sorted() == ["stream.gif", "two.gif"] else { fatalError("left in the folder: \(left)") }
    if opaque && gif.matte == nil && palette.count <= 255 && gif.maximumColors == 256 && outputs[0] != outputs[1] {
        fatalError("a clip of \(palette.count) colours: two passes and streaming wrote different bytes")
    }
    return 0
}

/// Bytes of the input in turn, then zeros.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    mutating func next() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }
}

/// `count` opaque colours from a seed (a small LCG), all different.
func colours(count: Int, seed: UInt8) -> [RGBA8] {
    var state = UInt32(seed) &* 2_654_435_761 &+ 1
    var seen = Set<UInt32>()
    var result: [RGBA8] = []
    while result.count < count {
        state = state &* 1_664_525 &+ 1_013_904_223
        let word = state >> 8
        guard seen.insert(word).inserted else { continue }
        result.append(
            RGBA8(
                red: UInt8(truncatingIfNeeded: word), green: UInt8(truncatingIfNeeded: word >> 8),
                blue: UInt8(truncatingIfNeeded: word >> 16), alpha: 255))
    }
    return result
}
