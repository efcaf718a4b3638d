import KineticCore
import KineticEffects
import KineticLayers
import XCTest

@testable import KineticTerminal

/// The terminal plays any effect the way a renderer writes it: the text effects in styled cells, anything else in
/// pixels, through one call.
final class EffectPlaybackTests: XCTestCase {
    private func play(_ effect: some Effect, pixels: Bool = false) async throws -> (
        summary: TerminalPlayer.Summary, screen: ANSIScreen
    ) {
        let size = TerminalSize(columns: 40, rows: 8)
        let device = RecordingTerminal(size: size)
        let session = try TerminalSession(device: device, environment: TerminalEnvironment())
        let summary = try await TerminalPlayer(session: session, framesPerSecond: 30).play(
            effect, pixels: pixels, clock: ManualClock())
        var screen = try ANSIScreen(size: size)
        screen.apply(device.output)
        XCTAssertEqual(screen.unsupported, [])
        return (summary, screen)
    }

    func testTheCountPlaysAsDigitsAndEndsOnItsValue() async throws {
        let count = CountUp(to: 1_234)
        let (summary, screen) = try await play(count)
        XCTAssertEqual(summary.ending, .finished)
        XCTAssertEqual(summary.time, count.endTime + 0.5, accuracy: 1 / 30.0 + 1e-9)
        XCTAssertEqual(screen.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "1,234")
        // Mid-count the frame is the count's text at that time, centred on the screen's middle row.
        let playback = try TerminalPlayback.of(count, style: TerminalPlaybackStyle(hint: "q quits"))
        let middle = try playback.frame(0.3, TerminalSize(columns: 40, rows: 8))
        XCTAssertEqual(middle.text(ofRow: 3).trimmingCharacters(in: .whitespaces), count.text(at: 0.3))
        XCTAssertEqual(middle.text(ofRow: 5).trimmingCharacters(in: .whitespaces), "q quits")
        XCTAssertNil(playback.picture)
    }

    func testTheElevatorRollsInCellsAndTheShimmerSweepsAsText() async throws {
        let (_, screen) = try await play(ElevatorNumber(values: [7, 42, 1999], interval: 0.5))
        XCTAssertEqual(screen.screen.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "1,999")
        let shimmer = ShimmerScene(content: .text(ShimmerText(string: "slide to unlock")), style: .default(Shimmer()))
        let playback = try TerminalPlayback.of(shimmer, style: TerminalPlaybackStyle(isInline: true))
        XCTAssertEqual(playback.duration, try shimmer.clipDuration())
        let line = try playback.frame(0.5, TerminalSize(columns: 40, rows: 1))
        XCTAssertEqual(line.text(ofRow: 0).trimmingCharacters(in: .whitespaces), "slide to unlock")
        XCTAssertNil(playback.picture)
    }

    func testEffectsWithoutATextFormPlayInPixels() throws {
        let showcase = try TerminalPlayback.of(Showcase(), style: TerminalPlaybackStyle())
        XCTAssertNotNil(showcase.picture)
        XCTAssertEqual(showcase.duration, try Showcase().makeClip(measuring: CellTextMeasurer()).duration)
        let frame = try showcase.frame(1, TerminalSize(columns: 40, rows: 10))
        XCTAssertTrue(
            (0..<frame.rows).contains { frame.text(ofRow: $0).contains("▀") || frame.text(ofRow: $0).contains("▄") })
        // A text effect asked for pixels draws its clip and still ends on its value.
        let count = try TerminalPlayback.of(CountUp(to: 99), style: TerminalPlaybackStyle(), pixels: true)
        XCTAssertNotNil(count.picture)
        XCTAssertEqual(count.finalLines(count.duration, TerminalSize(columns: 40, rows: 8)).map(\.description), ["99"])
    }
}
