import KineticCore
import KineticRaster

/// The kitty terminal graphics protocol (https://sw.kovidgoyal.net/kitty/graphics-protocol/): detecting it, and
/// the bytes that show a frame as an image in place of half blocks.
///
/// **Detection** (`probe`): the terminal is sent a query for a 1 × 1 image (`a=q`: it answers but keeps nothing)
/// followed by a DA1 request (`CSI c`), which every terminal answers. A terminal with the protocol answers the query
/// first (`ESC _ G i=31;OK ESC \`); one without it answers only DA1. So the DA1 reply ends the wait, and a short
/// timeout covers terminals that answer nothing at all. tmux does not pass the protocol through by default: do
/// not probe inside tmux (`TerminalEnvironment.isTmux`).
///
/// **Frames** (`imageBytes`): the frame is composited over a background (an image cell cannot be transparent),
/// sent as 24-bit RGB (`f=24`), base64 in chunks of 4096 characters (`m=1` on all but the last), and placed at
/// the top-left cell scaled to `columns` × `rows` cells (`c=`, `r=`), with the cursor left where it was (`C=1`)
/// and replies suppressed (`q=2`). Frames alternate between two image ids, and each new image deletes the other
/// one after it is shown (`a=d,d=I`), so the picture never flickers through an empty screen: the portable way to
/// animate, since only kitty itself implements the protocol's own animation.
///
/// This cannot be tried against a real kitty where Kinetic is tested; the byte stream and the reply parser are
/// tested with canned replies.
public enum KittyGraphics {
    /// The image id of the detection query.
    public static let queryImageID = 31

    /// The probe: the `a=q` query for a 1 × 1 RGB image (`AAAA` is three zero bytes in base64), then DA1.
    public static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// What the bytes read after `query` say.
    public enum Reply: Hashable, Sendable {
        /// The query was answered `OK`: the terminal has the protocol.
        case supported
        /// DA1 was answered without an `OK` before it (or the query got an error): no protocol.
        case unsupported
        /// Neither reply is complete yet: read more (or give up after the timeout).
        case incomplete
    }

    /// Reads the replies in `bytes` (anything else — keys typed meanwhile — is skipped): `.supported` once the
    /// graphics reply for `queryImageID` says `OK`, `.unsupported` once it reports an error or a DA1 reply
    /// (`CSI ? … c`) comes first, `.incomplete` otherwise.
    public static func parseReply(_ bytes: [UInt8]) -> Reply {
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == 0x1B else {
                index += 1
                continue
            }
            if bytes[index + 1] == 0x5F {
                // APC … ST (ESC \).
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == 0x5C) { end += 1 }
                guard end + 1 < bytes.count else { return .incomplete }
                let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                if body.hasPrefix("G") {
                    let parts = body.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                    let keys = parts.first.map { $0.split(separator: ",") } ?? []
                    if keys.contains("i=\(queryImageID)") {
                        return parts.count > 1 && parts[1] == "OK" ? .supported : .unsupported
                    }
                }
                index = end + 2
            } else if bytes[index + 1] == 0x5B {
                // CSI: parameters and intermediates, then a final byte 0x40…0x7E.
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return .incomplete }
                if bytes[end] == 0x63, index + 2 < end, bytes[index + 2] == 0x3F { return .unsupported }
                index = end + 1
            } else {
                index += 2
            }
        }
        return .incomplete
    }

    /// Sends `query` to `device` and reads the replies until they decide (after an `OK`, until the DA1 reply too,
    /// so it is not read later as keys), or `timeout` seconds of `clock` pass (then: supported only if the `OK`
    /// came). The device should be in raw mode (`TerminalSession.start()` does that), or the
    /// replies wait for a newline. The bytes read are consumed.
    ///
    /// - Parameters:
    ///   - device: The terminal.
    ///   - clock: Times the wait; polls every 10 ms.
    ///   - timeout: Seconds, ≥ 0 (a negative or non-finite value counts as 0). Default 0.2.
    /// - Returns: Whether the terminal has the graphics protocol.
    /// - Throws: `TerminalError` when the query cannot be written, and `CancellationError`.
    public static func probe(
        _ device: any TerminalDevice, clock: any MediaClock, timeout: MediaTime = 0.2
    ) async throws -> Bool {
        try device.write(query)
        let deadline = clock.now + (timeout.isFinite ? max(0, timeout) : 0)
        var received: [UInt8] = []
        while true {
            received += device.readInput()
            let reply = parseReply(received)
            // After the OK, wait for the DA1 reply as well, so it is not read later as keys.
            if reply == .supported, hasDeviceAttributesReply(received) { return true }
            if reply == .unsupported { return false }
            if clock.now >= deadline || received.count > 4096 { return reply == .supported }
            try await clock.sleep(until: min(deadline, clock.now + 0.01))
        }
    }

    /// Whether `bytes` hold a complete DA1 reply (`CSI ? … c`).
    static func hasDeviceAttributesReply(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == 0x5B, bytes[index + 2] == 0x3F {
                var end = index + 3
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == 0x63 { return true }
                index = end
            } else {
                index += 1
            }
        }
        return false
    }

    /// The bytes that show `frame` (over `background`) from cell (`column`, `row`), scaled to `columns` × `rows` cells,
    /// as image `imageID`, then delete image `previousImageID` (nil: nothing to delete).
    ///
    /// - Parameters:
    ///   - frame: The picture, any size.
    ///   - background: The colour under transparent pixels. Default black.
    ///   - imageID: The image's id, 1…4294967295 (ids outside are clamped).
    ///   - previousImageID: The image to delete once this one is shown, or nil.
    ///   - columns: The width of the placement, in cells, ≥ 1 (smaller values count as 1).
    ///   - rows: The height of the placement, in cells, ≥ 1 (smaller values count as 1).
    ///   - column: The placement's left cell, from 0. Default 0.
    ///   - row: The placement's top cell, from 0. Default 0.
    public static func imageBytes(
        _ frame: RGBAFrame, background: Color = .black, imageID: Int, previousImageID: Int?, columns: Int, rows: Int,
        column: Int = 0, row: Int = 0
    ) -> [UInt8] {
        let opaque = frame.composited(over: background)
        var rgb: [UInt8] = []
        rgb.reserveCapacity(frame.pixelCount * 3)
        opaque.withUnsafeBytes { raw in
            for pixel in 0..<frame.pixelCount {
                rgb.append(raw[pixel * 4])
                rgb.append(raw[pixel * 4 + 1])
                rgb.append(raw[pixel * 4 + 2])
            }
        }
        let payload = base64(rgb)
        let id = min(max(imageID, 1), 4_294_967_295)
        var out = Array("\u{1B}[\(min(max(row, 0), 65_535) + 1);\(min(max(column, 0), 65_535) + 1)H".utf8)
        let control =
            "a=T,f=24,s=\(frame.width),v=\(frame.height),i=\(id),c=\(max(1, columns)),r=\(max(1, rows)),C=1,q=2"
        let chunk = 4096
        var start = 0
        repeat {
            let end = min(payload.count, start + chunk)
            let more = end < payload.count ? 1 : 0
            out += Array("\u{1B}_G".utf8)
            out += Array((start == 0 ? control + ",m=\(more)" : "m=\(more)").utf8)
            out.append(0x3B)
            out += payload[start..<end]
            out += [0x1B, 0x5C]
            start = end
        } while start < payload.count
        if let previousImageID {
            out += Array("\u{1B}_Ga=d,d=I,i=\(min(max(previousImageID, 1), 4_294_967_295)),q=2\u{1B}\\".utf8)
        }
        return out
    }

    /// The bytes that delete every image (`a=d,d=A`), for the end of a play.
    public static let deleteAllImages: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// Standard base64 (RFC 4648) with padding.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < bytes.count {
            let n = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
            out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], alphabet[(n >> 6) & 63], alphabet[n & 63]]
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let n = Int(bytes[index]) << 16
            out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], 0x3D, 0x3D]
        } else if rest == 2 {
            let n = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8
            out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], alphabet[(n >> 6) & 63], 0x3D]
        }
        return out
    }
}
