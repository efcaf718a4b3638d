import Foundation
import KineticCore
import KineticRaster
import XCTest

@testable import KineticTerminal

/// The kitty graphics protocol with canned replies (no kitty runs here): detection, and the image byte stream.
final class KittyGraphicsTests: XCTestCase {
    private func reply(_ text: String) -> KittyGraphics.Reply { KittyGraphics.parseReply(Array(text.utf8)) }

    func testQueryBytes() {
        XCTAssertEqual(
            String(decoding: KittyGraphics.query, as: UTF8.self),
            "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c")
    }

    func testReplies() {
        // kitty (and ghostty, WezTerm): the query's OK, then DA1.
        XCTAssertEqual(reply("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c"), .supported)
        XCTAssertEqual(reply("\u{1B}_Gi=31;OK\u{1B}\\"), .supported, "decided before DA1 arrives")
        // xterm, tmux, the Linux console: DA1 only.
        XCTAssertEqual(reply("\u{1B}[?64;1;2;6;9;15;18;21;22c"), .unsupported)
        XCTAssertEqual(reply("\u{1B}[?6c"), .unsupported)
        // An error for the query means no usable protocol.
        XCTAssertEqual(reply("\u{1B}_Gi=31;EINVAL:bad data\u{1B}\\\u{1B}[?62c"), .unsupported)
        // Other images' replies and keys typed meanwhile are skipped.
        XCTAssertEqual(reply("q\u{1B}[A\u{1B}_Gi=7;OK\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\"), .supported)
        XCTAssertEqual(reply("xy\u{1B}[B\u{1B}[?1;2c"), .unsupported)
        // Not complete yet.
        XCTAssertEqual(reply(""), .incomplete)
        XCTAssertEqual(reply("\u{1B}_Gi=31;O"), .incomplete)
        XCTAssertEqual(reply("\u{1B}[?62;"), .incomplete)
        XCTAssertEqual(reply("\u{1B}"), .incomplete)
        XCTAssertEqual(reply("\u{1B}[5n"), .incomplete, "a CSI reply that is not DA1")
    }

    func testProbeWithCannedTerminals() async throws {
        let kitty = RecordingTerminal()
        kitty.pendingInput = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c".utf8)
        let clock = ManualClock()
        let supported = try await KittyGraphics.probe(kitty, clock: clock)
        XCTAssertTrue(supported)
        XCTAssertEqual(kitty.output, KittyGraphics.query)
        XCTAssertEqual(clock.now, 0, "answered at once: no wait")

        let xterm = RecordingTerminal()
        xterm.pendingInput = Array("\u{1B}[?64;1;2;6;22c".utf8)
        let xtermSupported = try await KittyGraphics.probe(xterm, clock: ManualClock())
        XCTAssertFalse(xtermSupported)

        let silent = RecordingTerminal()
        let silentClock = ManualClock()
        let silentSupported = try await KittyGraphics.probe(silent, clock: silentClock, timeout: 0.2)
        XCTAssertFalse(silentSupported)
        XCTAssertEqual(silentClock.now, 0.2, accuracy: 1e-9, "gave up after the timeout")
        let nanClock = ManualClock()
        let nanSupported = try await KittyGraphics.probe(RecordingTerminal(), clock: nanClock, timeout: .nan)
        XCTAssertFalse(nanSupported)
        XCTAssertEqual(nanClock.now, 0)
    }

    func testBase64() {
        for length in 0..<10 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 97 + 13) }
            XCTAssertEqual(
                String(decoding: KittyGraphics.base64(bytes), as: UTF8.self), Data(bytes).base64EncodedString())
        }
        XCTAssertEqual(String(decoding: KittyGraphics.base64([0, 0, 0]), as: UTF8.self), "AAAA")
    }

    func testASmallImage() throws {
        var frame = try RGBAFrame(width: 2, height: 1)
        frame[0, 0] = RGBA8(red: 255, green: 0, blue: 0, alpha: 255)
        frame[1, 0] = .transparent
        let bytes = KittyGraphics.imageBytes(
            frame, background: Color(red: 0, green: 0, blue: 1), imageID: 2, previousImageID: 1, columns: 10, rows: 3)
        // RGB ff0000 0000ff → base64 "/wAAAAD/".
        XCTAssertEqual(
            String(decoding: bytes, as: UTF8.self),
            "\u{1B}[H\u{1B}_Ga=T,f=24,s=2,v=1,i=2,c=10,r=3,C=1,q=2,m=0;/wAAAAD/\u{1B}\\"
                + "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\")
        let first = KittyGraphics.imageBytes(frame, imageID: 1, previousImageID: nil, columns: 0, rows: -5)
        XCTAssertTrue(String(decoding: first, as: UTF8.self).contains("c=1,r=1,"), "at least one cell")
        XCTAssertFalse(String(decoding: first, as: UTF8.self).contains("a=d"))
    }

    /// A frame larger than one chunk: 4096 base64 characters per chunk, `m=1` on all but the last, the control
    /// keys on the first only, and the payloads join to the whole picture.
    func testChunks() throws {
        var frame = try RGBAFrame(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { frame[x, y] = RGBA8(red: UInt8(x * 4), green: UInt8(y * 4), blue: 7, alpha: 255) }
        }
        let text = String(
            decoding: KittyGraphics.imageBytes(frame, imageID: 5, previousImageID: nil, columns: 8, rows: 4),
            as: UTF8.self)
        let chunks = text.dropFirst(3).components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        XCTAssertEqual(chunks.count, 4, "64 × 64 × 3 bytes = 16384 base64 characters")
        var payload = ""
        for (index, chunk) in chunks.enumerated() {
            XCTAssertTrue(chunk.hasPrefix("\u{1B}_G"))
            let parts = chunk.dropFirst(3).split(separator: ";", maxSplits: 1)
            let keys = parts[0].split(separator: ",").map(String.init)
            XCTAssertEqual(keys.last, index == 3 ? "m=0" : "m=1")
            XCTAssertEqual(keys.contains("a=T"), index == 0)
            XCTAssertLessThanOrEqual(parts[1].count, 4096)
            payload += parts[1]
        }
        let decoded = try XCTUnwrap(Data(base64Encoded: payload))
        XCTAssertEqual(decoded.count, 64 * 64 * 3)
        XCTAssertEqual(Array(decoded.prefix(6)), [0, 0, 7, 4, 0, 7])
    }
}
