// Decoders for the images Kinetic writes, written independently of its encoders (giflib for GIF, zlib and
// the PNG chunk layout for PNG and APNG), so that tests check files as a viewer reads them.
import CGif
import CZlib
import Foundation
import KineticRaster

/// A decoded animation frame: the full canvas as a viewer shows it, and how long it is shown.
package struct DecodedFrame {
    package var image: RGBAFrame
    /// Seconds (APNG: delay_num / delay_den; GIF: centiseconds / 100).
    package var duration: Double
    /// APNG: (numerator, denominator); GIF: (centiseconds, 100).
    package var delay: (numerator: Int, denominator: Int)
    /// The rectangle the frame stored (x, y, width, height).
    package var region: [Int] = []
    /// GIF: whether the image carries a colour table of its own (else it uses the global one).
    package var hasLocalColorTable = false
}

package struct DecodedAnimation {
    package var width: Int
    package var height: Int
    package var frames: [DecodedFrame]
    /// APNG num_plays / GIF plays (NETSCAPE repeat + 1; 0 = forever; 1 when there is no loop extension).
    package var plays: Int
    /// PNG colour type (APNG only).
    package var colorType: Int = 6
    /// The default image (IDAT) for APNG.
    package var defaultImage: RGBAFrame?
}

package enum TestDecodingError: Error, CustomStringConvertible {
    case malformed(String)
    package var description: String {
        switch self {
        case .malformed(let text): return text
        }
    }
}

/// A small PNG / APNG decoder written for the tests: checks every CRC, inflates with zlib, undoes the five
/// filters, composes APNG frames (dispose NONE/BACKGROUND/PREVIOUS, blend SOURCE/OVER). 8-bit RGB and RGBA only.
package enum PNGTestDecoder {
    package static func decode(path: String) throws -> DecodedAnimation {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard data.count > 8, Array(data[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw TestDecodingError.malformed("not a PNG signature")
        }
        var offset = 8
        var width = 0
        var height = 0
        var colorType = 0
        var plays = 1
        var declaredFrames: Int?
        var frameControls: [(w: Int, h: Int, x: Int, y: Int, num: Int, den: Int, dispose: Int, blend: Int)] = []
        var streams: [[UInt8]] = []  // one compressed stream per frame (index matches frameControls)
        var defaultStream: [UInt8] = []
        var idatIsFrame = false
        var expectedSequence = 0
        while offset + 12 <= data.count {
            let length = Int(be32(data, offset))
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(data[(offset + 8)..<(offset + 8 + length)])
            let crc = be32(data, offset + 8 + length)
            let computed = Array(data[(offset + 4)..<(offset + 8 + length)]).withUnsafeBufferPointer {
                UInt32(crc32(0, $0.baseAddress, UInt32($0.count)))
            }
            guard crc == computed else { throw TestDecodingError.malformed("bad CRC in \(type)") }
            offset += 12 + length
            switch type {
            case "IHDR":
                width = Int(be32(body, 0))
                height = Int(be32(body, 4))
                colorType = Int(body[9])
                guard body[8] == 8, colorType == 6 || colorType == 2, body[12] == 0 else {
                    throw TestDecodingError.malformed("unsupported IHDR \(body)")
                }
            case "acTL":
                declaredFrames = Int(be32(body, 0))
                plays = Int(be32(body, 4))
            case "fcTL":
                guard Int(be32(body, 0)) == expectedSequence else { throw TestDecodingError.malformed("sequence") }
                expectedSequence += 1
                frameControls.append(
                    (
                        Int(be32(body, 4)), Int(be32(body, 8)), Int(be32(body, 12)), Int(be32(body, 16)),
                        Int(body[20]) << 8 | Int(body[21]), Int(body[22]) << 8 | Int(body[23]), Int(body[24]),
                        Int(body[25])
                    ))
                streams.append([])
            case "IDAT":
                defaultStream += body
                if !frameControls.isEmpty && streams.count == 1 {
                    idatIsFrame = true
                    streams[0] += body
                }
            case "fdAT":
                guard Int(be32(body, 0)) == expectedSequence else { throw TestDecodingError.malformed("sequence") }
                expectedSequence += 1
                streams[streams.count - 1] += body[4...]
            case "IEND":
                offset = data.count
            default:
                break
            }
        }
        let channels = colorType == 6 ? 4 : 3
        let defaultImage = try image(
            inflate(defaultStream), width: width, height: height, channels: channels)
        var animation = DecodedAnimation(
            width: width, height: height, frames: [], plays: plays, colorType: colorType, defaultImage: defaultImage)
        guard let declaredFrames else {
            animation.frames = [DecodedFrame(image: defaultImage, duration: 0, delay: (0, 1))]
            return animation
        }
        guard declaredFrames == frameControls.count else {
            throw TestDecodingError.malformed("acTL says \(declaredFrames) frames, found \(frameControls.count)")
        }
        _ = idatIsFrame
        var canvas = try RGBAFrame(width: width, height: height)
        for (index, control) in frameControls.enumerated() {
            let sub = try image(inflate(streams[index]), width: control.w, height: control.h, channels: channels)
            let saved = canvas
            for y in 0..<control.h {
                for x in 0..<control.w {
                    let source = sub[x, y]
                    if control.blend == 0 {
                        canvas[control.x + x, control.y + y] = source
                    } else {
                        canvas[control.x + x, control.y + y] = over(source, canvas[control.x + x, control.y + y])
                    }
                }
            }
            let den = control.den == 0 ? 100 : control.den
            animation.frames.append(
                DecodedFrame(
                    image: canvas, duration: Double(control.num) / Double(den), delay: (control.num, den),
                    region: [control.x, control.y, control.w, control.h]))
            if control.dispose == 1 {
                for y in 0..<control.h {
                    for x in 0..<control.w { canvas[control.x + x, control.y + y] = .transparent }
                }
            } else if control.dispose == 2 {
                canvas = saved
            }
        }
        return animation
    }

    private static func over(_ s: RGBA8, _ d: RGBA8) -> RGBA8 {
        let inverse = 255 - Int(s.alpha)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(min(255, Int(a) + (Int(b) * inverse + 127) / 255)) }
        return RGBA8(
            red: mix(s.red, d.red), green: mix(s.green, d.green), blue: mix(s.blue, d.blue),
            alpha: mix(s.alpha, d.alpha))
    }

    /// Unfilters raw scanlines and returns a premultiplied frame.
    private static func image(_ raw: [UInt8], width: Int, height: Int, channels: Int) throws -> RGBAFrame {
        let stride = width * channels
        guard raw.count == (stride + 1) * height else {
            throw TestDecodingError.malformed("image data is \(raw.count) bytes, expected \((stride + 1) * height)")
        }
        var previous = [UInt8](repeating: 0, count: stride)
        var frame = try RGBAFrame(width: width, height: height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            var row = Array(raw[(y * (stride + 1) + 1)..<((y + 1) * (stride + 1))])
            for i in 0..<stride {
                let a = i >= channels ? Int(row[i - channels]) : 0
                let b = Int(previous[i])
                let c = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw TestDecodingError.malformed("filter \(filter)")
                }
                row[i] = UInt8((Int(row[i]) + predictor) & 0xFF)
            }
            for x in 0..<width {
                let p = x * channels
                let straight = RGBA8(
                    red: row[p], green: row[p + 1], blue: row[p + 2], alpha: channels == 4 ? row[p + 3] : 255)
                frame[x, y] = RGBA8(straight: straight)
            }
            previous = row
        }
        return frame
    }

    package static func inflate(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard kinetic_inflate_init(&stream) == Z_OK else { throw TestDecodingError.malformed("inflateInit") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var status: Int32 = Z_OK
        var copy = input
        try copy.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                output += chunk[0..<produced]
                guard status == Z_OK || status == Z_STREAM_END else {
                    throw TestDecodingError.malformed("inflate status \(status)")
                }
            } while status != Z_STREAM_END
        }
        return output
    }

    private static func be32(_ d: [UInt8], _ o: Int) -> UInt32 {
        UInt32(d[o]) << 24 | UInt32(d[o + 1]) << 16 | UInt32(d[o + 2]) << 8 | UInt32(d[o + 3])
    }
}

/// Decodes a GIF with giflib's DGif API and composes the frames as a browser does (disposal 2 clears the
/// frame's rectangle to transparent).
package enum GIFTestDecoder {
    package static func decode(path: String) throws -> DecodedAnimation {
        var code: Int32 = 0
        guard let gif = DGifOpenFileName(path, &code) else {
            throw TestDecodingError.malformed("DGifOpenFileName: \(code)")
        }
        defer { DGifCloseFile(gif, &code) }
        guard DGifSlurp(gif) == GIF_OK else { throw TestDecodingError.malformed("DGifSlurp: \(gif.pointee.Error)") }
        let width = Int(gif.pointee.SWidth)
        let height = Int(gif.pointee.SHeight)
        var animation = DecodedAnimation(width: width, height: height, frames: [], plays: 1)
        var canvas = try RGBAFrame(width: width, height: height)
        for index in 0..<Int(gif.pointee.ImageCount) {
            let saved = gif.pointee.SavedImages[index]
            // The loop extension is stored with the first image's extension blocks.
            for e in 0..<Int(saved.ExtensionBlockCount) {
                let block = saved.ExtensionBlocks[e]
                if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
                    String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self)
                        == "NETSCAPE2.0",
                    e + 1 < Int(saved.ExtensionBlockCount)
                {
                    let sub = saved.ExtensionBlocks[e + 1]
                    let repeats = Int(sub.Bytes[1]) | Int(sub.Bytes[2]) << 8
                    animation.plays = repeats == 0 ? 0 : repeats + 1
                }
            }
            var control = GraphicsControlBlock()
            DGifSavedExtensionToGCB(gif, Int32(index), &control)
            let desc = saved.ImageDesc
            guard let map = desc.ColorMap ?? gif.pointee.SColorMap else { throw TestDecodingError.malformed("no map") }
            let left = Int(desc.Left)
            let top = Int(desc.Top)
            for y in 0..<Int(desc.Height) {
                for x in 0..<Int(desc.Width) {
                    let pixelIndex = Int(saved.RasterBits[y * Int(desc.Width) + x])
                    if pixelIndex == Int(control.TransparentColor) { continue }
                    guard pixelIndex < Int(map.pointee.ColorCount) else { throw TestDecodingError.malformed("index") }
                    let c = map.pointee.Colors[pixelIndex]
                    canvas[left + x, top + y] = RGBA8(red: c.Red, green: c.Green, blue: c.Blue, alpha: 255)
                }
            }
            let delay = Int(control.DelayTime)
            animation.frames.append(
                DecodedFrame(
                    image: canvas, duration: Double(delay) / 100, delay: (delay, 100),
                    region: [left, top, Int(desc.Width), Int(desc.Height)], hasLocalColorTable: desc.ColorMap != nil))
            if control.DisposalMode == DISPOSE_BACKGROUND {
                for y in 0..<Int(desc.Height) {
                    for x in 0..<Int(desc.Width) { canvas[left + x, top + y] = .transparent }
                }
            }
        }
        return animation
    }
}
