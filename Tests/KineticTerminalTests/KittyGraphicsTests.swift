import Foundation
import KineticCore
import KineticLayers
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

        // The OK alone (DA1 not yet read) waits for DA1 until the timeout, and is still supported.
        let slow = RecordingTerminal()
        slow.pendingInput = Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)
        let slowClock = ManualClock()
        let slowSupported = try await KittyGraphics.probe(slow, clock: slowClock, timeout: 0.1)
        XCTAssertTrue(slowSupported)
        XCTAssertEqual(slowClock.now, 0.1, accuracy: 1e-9)
        XCTAssertTrue(KittyGraphics.hasDeviceAttributesReply(Array("x\u{1B}[?62;22c".utf8)))
        XCTAssertFalse(KittyGraphics.hasDeviceAttributesReply(Array("\u{1B}[?62;22".utf8)))

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
            "\u{1B}[1;1H\u{1B}_Ga=T,f=24,s=2,v=1,i=2,c=10,r=3,C=1,q=2,m=0;/wAAAAD/\u{1B}\\"
                + "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\")
        let first = KittyGraphics.imageBytes(
            frame, imageID: 1, previousImageID: nil, columns: 0, rows: -5, column: 4, row: 2)
        XCTAssertTrue(String(decoding: first, as: UTF8.self).hasPrefix("\u{1B}[3;5H"), "placed at (4, 2)")
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
        let chunks = text.dropFirst(6).components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
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

    /// A 40 × 20-point red layer played as images on a 20 × 5-cell terminal (160 × 80 assumed pixels): each frame
    /// is one image of 160 × 80 pixels over all 20 × 5 cells, ids 1 and 2 in turn, each deleting the other.
    func testAPlayOfImages() async throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        root.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let kitty = KittyPicture(picture: try LayerPicture(root: root, background: .blue))
        let device = RecordingTerminal(size: TerminalSize(columns: 20, rows: 5))
        let session = try TerminalSession(device: device, environment: TerminalEnvironment(), readsKeys: false)
        let summary = try await TerminalPlayer(session: session, framesPerSecond: 30).play(
            duration: 0.1, clock: ManualClock(),
            frameBytes: { time, size in try kitty.frameBytes(at: time, size: size) }
        ) { _ in ["done"] }
        XCTAssertEqual(summary.frameCount, 4, "t = 0 and 3 ticks")
        let text = device.text
        let images = text.components(separatedBy: "\u{1B}_Ga=T,").dropFirst()
        XCTAssertEqual(images.count, 4)
        for (index, image) in images.enumerated() {
            let id = index % 2 == 0 ? 1 : 2
            XCTAssertTrue(image.hasPrefix("f=24,s=160,v=80,i=\(id),c=20,r=5,C=1,q=2,"), String(image.prefix(60)))
            if index > 0 { XCTAssertTrue(image.contains("a=d,d=I,i=\(3 - id),q=2"), "deletes the other image") }
        }
        XCTAssertTrue(text.contains("\u{1B}[1;1H\u{1B}_Ga=T"), "placed at the top-left: the picture fills the box")
        XCTAssertTrue(text.hasSuffix("\u{1B}[?1049ldone\n"))
        // A 40 × 20-cell terminal (320 × 320 pixels, scaled to 270 × 270 to fit 480 × 270): the 2:1 picture is
        // 270 × 135 pixels over 40 × 10 cells, rows 5…14.
        let wide = try kitty.frameBytes(at: 0, size: TerminalSize(columns: 40, rows: 20))
        XCTAssertTrue(
            String(decoding: wide, as: UTF8.self).hasPrefix("\u{1B}[6;1H\u{1B}_Ga=T,f=24,s=270,v=135,i=1,c=40,r=10,"),
            String(decoding: wide.prefix(60), as: UTF8.self))
        // A huge terminal is capped at 480 × 270 pixels.
        let huge = try kitty.frameBytes(at: 0, size: TerminalSize(columns: 400, rows: 100))
        XCTAssertTrue(String(decoding: huge.prefix(80), as: UTF8.self).contains("s=480,v=240,"))
    }
}
