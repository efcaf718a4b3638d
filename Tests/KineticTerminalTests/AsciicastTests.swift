import Foundation
import KineticCore
import KineticFiles
import XCTest

@testable import KineticTerminal

final class AsciicastTests: XCTestCase {
    private func counter(_ time: MediaTime, _ size: TerminalSize) throws -> TerminalScreen {
        var screen = try TerminalScreen(size: size)
        let value = Int((time * 100).rounded())
        screen.put("n=\(value) é漢", column: 1, row: 1, style: CellStyle(foreground: .rgb(UInt8(value % 256), 90, 200)))
        return screen
    }

    func testJSONStrings() {
        XCTAssertEqual(Asciicast.jsonString("plain"), "\"plain\"")
        XCTAssertEqual(Asciicast.jsonString("a\"b\\c"), "\"a\\\"b\\\\c\"")
        XCTAssertEqual(
            Asciicast.jsonString("\u{1B}[0m\r\n\t\u{0}\u{7F}"), "\"\\u001b[0m\\u000d\\u000a\\u0009\\u0000\\u007f\"")
        XCTAssertEqual(Asciicast.jsonString("é漢▀🙂"), "\"é漢▀🙂\"", "other characters as UTF-8")
        // Foundation's parser reads every one back.
        for text in ["a\"b\\c", "\u{1B}[0m\r\n\t\u{0}\u{7F}\u{1F}", "é漢▀🙂", ""] {
            let data = Data(("[" + Asciicast.jsonString(text) + "]").utf8)
            XCTAssertEqual((try? JSONSerialization.jsonObject(with: data)) as? [String], [text])
        }
    }

    func testTimesAndHeader() {
        XCTAssertEqual(Asciicast.timeText(0), "0.000000")
        XCTAssertEqual(Asciicast.timeText(1.5), "1.500000")
        XCTAssertEqual(Asciicast.timeText(1.0 / 60), "0.016667")
        XCTAssertEqual(Asciicast.timeText(123.0000004), "123.000000")
        XCTAssertEqual(Asciicast.timeText(-1), "0.000000")
        XCTAssertEqual(Asciicast.timeText(.nan), "0.000000")
        XCTAssertEqual(Asciicast.timeText(.infinity), "0.000000")
        XCTAssertEqual(Asciicast.timeText(1e300), "31622400.000000", "clamped to a year")
        let cast = Asciicast(
            size: TerminalSize(columns: 80, rows: 24), events: [.init(time: 0.25, data: "hi\n")], title: "a \"t\"")
        XCTAssertEqual(
            String(decoding: cast.fileBytes, as: UTF8.self),
            "{\"version\": 2, \"width\": 80, \"height\": 24, \"title\": \"a \\\"t\\\"\", \"env\": {\"TERM\": "
                + "\"xterm-256color\"}}\n[0.250000, \"o\", \"hi\\u000a\"]\n")
        XCTAssertEqual(
            Asciicast(size: TerminalSize(columns: 3, rows: 2), term: nil).headerLine,
            "{\"version\": 2, \"width\": 3, \"height\": 2}")
    }

    func testARecorderNeverSplitsACharacter() throws {
        let clock = ManualClock()
        let recorder = AsciicastRecorder(size: TerminalSize(columns: 10, rows: 2), clock: clock)
        let bytes = Array("a漢🙂é".utf8)  // 1 + 3 + 4 + 2 bytes
        // Every way of cutting the bytes into two writes at different times.
        for cut in 0...bytes.count {
            let clock = ManualClock()
            let recorder = AsciicastRecorder(size: TerminalSize(columns: 10, rows: 2), clock: clock)
            try recorder.write(Array(bytes[..<cut]))
            clock.advance(by: 0.5)
            try recorder.write(Array(bytes[cut...]))
            let events = recorder.recording.events
            XCTAssertEqual(events.map(\.data).joined(), "a漢🙂é", "cut at \(cut)")
            XCTAssertFalse(events.contains { $0.data.contains("\u{FFFD}") }, "cut at \(cut)")
        }
        XCTAssertEqual(AsciicastRecorder.completeLength([0x61, 0xE6, 0xBC]), 1)
        XCTAssertEqual(AsciicastRecorder.completeLength([0x61, 0xE6, 0xBC, 0xA2]), 4)
        XCTAssertEqual(AsciicastRecorder.completeLength([0xF0, 0x9F, 0x99]), 0)
        XCTAssertEqual(AsciicastRecorder.completeLength([0x80, 0x80, 0x80, 0x80]), 4, "invalid bytes are not held")
        // Writes at one time are one event.
        try recorder.write(Array("ab".utf8))
        try recorder.write(Array("cd".utf8))
        clock.advance(by: 1)
        try recorder.write(Array("e".utf8))
        XCTAssertEqual(recorder.recording.events, [.init(time: 0, data: "abcd"), .init(time: 1, data: "e")])
    }

    /// The recording is the live play's escape stream, timed on the frame grid: replayed into the emulator it
    /// gives the same final screen.
    func testARecordedPlayReplaysToTheLiveFinalScreen() async throws {
        let size = TerminalSize(columns: 24, rows: 4)
        let recording = try await TerminalPlayer.record(
            size: size, framesPerSecond: 30, title: "counter", duration: 0.5, frame: counter
        ) { _ in [StyledLine("done ✓", style: CellStyle(foreground: .rgb(0, 200, 0)))] }

        let device = RecordingTerminal(size: size)
        let session = try TerminalSession(device: device, environment: .recording(), readsKeys: false)
        let live = try await TerminalPlayer(session: session, framesPerSecond: 30).play(
            duration: 0.5, clock: ManualClock(), frame: counter
        ) { _ in [StyledLine("done ✓", style: CellStyle(foreground: .rgb(0, 200, 0)))] }
        XCTAssertEqual(recording.summary, live)
        XCTAssertEqual(live.frameCount, 16, "t = 0 and 15 ticks")

        // Parse the file as any player would.
        let lines = String(decoding: recording.asciicast.fileBytes, as: UTF8.self).split(separator: "\n")
        let header = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, 24)
        XCTAssertEqual(header["height"] as? Int, 4)
        XCTAssertEqual(header["title"] as? String, "counter")
        var replayed = ""
        var times: [Double] = []
        for line in lines.dropFirst() {
            let event = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            XCTAssertEqual(event.count, 3)
            XCTAssertEqual(event[1] as? String, "o")
            times.append(try XCTUnwrap(event[0] as? Double))
            replayed += try XCTUnwrap(event[2] as? String)
        }
        XCTAssertEqual(Array(replayed.utf8), device.output, "the same bytes as the live play")
        XCTAssertEqual(times, times.sorted())
        XCTAssertEqual(times.first, 0)
        XCTAssertEqual(times.last ?? 0, 0.5, accuracy: 1e-6)
        for time in times { XCTAssertEqual((time * 30).rounded(), time * 30, accuracy: 1e-4, "on the 30 fps grid") }

        var fromCast = try ANSIScreen(size: size)
        fromCast.apply(replayed)
        var fromLive = try ANSIScreen(size: size)
        fromLive.apply(device.output)
        XCTAssertEqual(fromCast.screen, fromLive.screen)
        XCTAssertEqual(fromCast.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "done ✓")
        XCTAssertEqual(fromCast.unsupported, [])
        XCTAssertFalse(fromCast.isAlternateScreen)
    }

    func testRecordingIsDeterministicAndFasterThanRealTime() async throws {
        let started = Date()
        let first = try await TerminalPlayer.record(duration: 20, frame: counter)
        let elapsed = Date().timeIntervalSince(started)
        let second = try await TerminalPlayer.record(duration: 20, frame: counter)
        XCTAssertEqual(first.asciicast.fileBytes, second.asciicast.fileBytes)
        XCTAssertEqual(first.summary.frameCount, 1201, "20 s at 60 fps, and t = 0")
        XCTAssertLessThan(elapsed, 10, "20 s of play recorded in \(elapsed) s")
        XCTAssertEqual(first.asciicast.duration, 20, accuracy: 1e-9)
    }

    func testRecordingsAreCheckedAndWrittenSafely() async throws {
        do {
            _ = try await TerminalPlayer.record(size: TerminalSize(columns: 0, rows: 3), duration: 1, frame: counter)
            XCTFail("a zero-width terminal")
        } catch let error as TerminalError {
            XCTAssertTrue(error.description.contains("at least 1 column"), error.description)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cast-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = Asciicast(size: TerminalSize(columns: 4, rows: 1), events: [.init(time: 0, data: "é")])
        let path = folder.appendingPathComponent("a.cast").path
        try cast.write(to: path)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), cast.fileBytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["a.cast"], "no temporary")
        XCTAssertThrowsError(try cast.write(to: folder.appendingPathComponent("missing/a.cast").path)) { error in
            guard case FileError.cannotCreate(_, let reason)? = error as? FileError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(reason.contains("does not exist"), reason)
        }
    }
}
