import KineticCore
import XCTest

@testable import KineticTerminal

final class FrameDiffRendererTests: XCTestCase {
    /// Applies a sequence of random frames through the renderer and the emulator, checking every frame exactly.
    private func checkRandomFrames(
        seed: UInt64, trials: Int, framesPerTrial: Int, configure: (inout FrameDiffRenderer) -> Void = { _ in }
    ) throws {
        var rng = SeededRandom(seed: seed)
        for trial in 0..<trials {
            let size = TerminalSize(
                columns: Int.random(in: 1...30, using: &rng), rows: Int.random(in: 1...8, using: &rng))
            var renderer = FrameDiffRenderer()
            configure(&renderer)
            // The terminal starts with unknown content.
            var terminal = ANSIScreen(showing: try RandomScreens.screen(&rng, size: size, strokes: 20))
            var screen = try RandomScreens.screen(&rng, size: size, strokes: 10)
            for frame in 0..<framesPerTrial {
                if frame > 0 {
                    if Int.random(in: 0..<10, using: &rng) == 0 {
                        screen = try RandomScreens.screen(&rng, size: size, strokes: 15)
                    } else {
                        RandomScreens.mutate(&screen, &rng, strokes: Int.random(in: 0...4, using: &rng))
                    }
                }
                let presented = terminal.synchronizedFrameCount
                terminal.apply(renderer.render(screen))
                let expected = screen.adaptingColors(to: renderer.colorSupport)
                guard terminal.screen == expected else {
                    XCTFail(
                        "seed \(seed) trial \(trial) frame \(frame) \(size): got\n\(terminal.screen.text)\nexpected\n"
                            + expected.text)
                    return
                }
                XCTAssertEqual(terminal.unsupported, [], "trial \(trial) frame \(frame)")
                XCTAssertEqual(
                    terminal.synchronizedFrameCount - presented, renderer.lastFrame.byteCount > 0 ? 1 : 0,
                    "a frame that writes is presented once")
                XCTAssertFalse(terminal.isSynchronizedOutput, "every frame ends synchronized output")
            }
        }
    }

    func testRandomFramesReproduceExactlyWithAbsoluteAddressing() throws {
        try checkRandomFrames(seed: 1, trials: 300, framesPerTrial: 12)
    }

    func testRandomFramesReproduceExactlyWithRelativeAddressing() throws {
        var rng = SeededRandom(seed: 2)
        for trial in 0..<200 {
            let size = TerminalSize(
                columns: Int.random(in: 1...30, using: &rng), rows: Int.random(in: 1...5, using: &rng))
            var renderer = FrameDiffRenderer(addressing: .relative, synchronizedOutput: false)
            // Inline drawing: the area holds what was there before, and the cursor is at its top-left.
            var terminal = ANSIScreen(showing: try RandomScreens.screen(&rng, size: size, strokes: 10))
            var screen = try RandomScreens.screen(&rng, size: size, strokes: 8)
            for frame in 0..<10 {
                RandomScreens.mutate(&screen, &rng, strokes: frame == 0 ? 0 : Int.random(in: 0...3, using: &rng))
                let bytes = renderer.render(screen)
                XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("H"), "no absolute moves")
                terminal.apply(bytes)
                XCTAssertEqual(terminal.screen, screen, "trial \(trial) frame \(frame)")
                XCTAssertEqual(terminal.unsupported, [])
            }
        }
    }

    func testRandomFramesReproduceExactlyIn256Colours() throws {
        try checkRandomFrames(seed: 3, trials: 100, framesPerTrial: 8) { $0.colorSupport = .palette256 }
    }

    func testRandomFramesReproduceExactlyWithFullRedraws() throws {
        try checkRandomFrames(seed: 4, trials: 100, framesPerTrial: 6) { $0.strategy = .fullRedraw }
    }

    func testRandomFramesReproduceExactlyAfterInvalidation() throws {
        var rng = SeededRandom(seed: 5)
        let size = TerminalSize(columns: 17, rows: 6)
        var renderer = FrameDiffRenderer()
        var terminal = try ANSIScreen(size: size)
        for frame in 0..<100 {
            let screen = try RandomScreens.screen(&rng, size: size, strokes: 12)
            if frame % 7 == 3 {
                // Something else scribbled on the terminal: the renderer is told to forget.
                terminal.apply("\u{1B}[3;4H\u{1B}[38;5;9mgarbage 日本")
                renderer.invalidate()
            }
            terminal.apply(renderer.render(screen))
            XCTAssertEqual(terminal.screen, screen, "frame \(frame)")
        }
    }

    func testUnchangedFrameWritesNothing() throws {
        var rng = SeededRandom(seed: 6)
        let screen = try RandomScreens.screen(&rng, size: TerminalSize(columns: 120, rows: 40), strokes: 200)
        var renderer = FrameDiffRenderer()
        XCTAssertGreaterThan(renderer.render(screen).count, 1000)
        XCTAssertTrue(renderer.lastFrame.isFullRedraw)
        XCTAssertEqual(renderer.render(screen), [])
        XCTAssertEqual(renderer.lastFrame, .empty)
    }

    func testOneChangedCellWritesAMoveAndTheCell() throws {
        var screen = try TerminalScreen(columns: 20, rows: 5)
        var renderer = FrameDiffRenderer(synchronizedOutput: false)
        _ = renderer.render(screen)
        screen.put("x", column: 9, row: 2)
        XCTAssertEqual(String(decoding: renderer.render(screen), as: UTF8.self), "\u{1B}[3;10Hx")
        XCTAssertEqual(renderer.lastFrame.cellsWritten, 1)
        XCTAssertEqual(renderer.lastFrame.cursorMoves, 1)
        // Two cells to the right of the cursor (column 10): rewriting the two blanks (2 bytes) beats ESC[2C (4).
        screen.put("y", column: 12, row: 2, style: CellStyle(foreground: .rgb(1, 2, 3)))
        XCTAssertEqual(String(decoding: renderer.render(screen), as: UTF8.self), "  \u{1B}[38;2;1;2;3my")
        // Four cells away the move is cheaper.
        screen.put("w", column: 17, row: 2, style: CellStyle(foreground: .rgb(1, 2, 3)))
        XCTAssertEqual(String(decoding: renderer.render(screen), as: UTF8.self), "\u{1B}[4Cw")
        // Back to the plain pen: ESC[0m (4 bytes) is shorter than ESC[39m (5).
        screen.put("z", column: 18, row: 2)
        XCTAssertEqual(String(decoding: renderer.render(screen), as: UTF8.self), "\u{1B}[0mz")
    }

    func testShortGapsAreRewrittenInsteadOfMovedOver() throws {
        var screen = try TerminalScreen(columns: 20, rows: 1)
        screen.put("abcdefgh", column: 0, row: 0)
        var renderer = FrameDiffRenderer(synchronizedOutput: false)
        _ = renderer.render(screen)
        screen.put("A", column: 0, row: 0)
        screen.put("D", column: 3, row: 0)
        // A carriage return to column 0, then rewriting "bc" (2 bytes) is cheaper than ESC[2C (4 bytes).
        XCTAssertEqual(String(decoding: renderer.render(screen), as: UTF8.self), "\rAbcD")
    }

    func testClearedTailUsesEraseInLine() throws {
        var screen = try TerminalScreen(columns: 30, rows: 2)
        screen.put("Loading the scene, please wait", column: 0, row: 1)
        var renderer = FrameDiffRenderer(synchronizedOutput: false)
        _ = renderer.render(screen)
        screen.put("Done" + String(repeating: " ", count: 26), column: 0, row: 1)
        // The cursor is somewhere on row 1 after the first frame: a carriage return is the shortest move.
        XCTAssertEqual(String(decoding: renderer.render(screen), as: UTF8.self), "\rDone\u{1B}[K")
    }

    func testWideCharacterReplacedByNarrowOnesIsRewrittenWhole() throws {
        var screen = try TerminalScreen(columns: 6, rows: 1)
        screen.put("a日b", column: 0, row: 0)
        var renderer = FrameDiffRenderer(synchronizedOutput: false)
        var terminal = try ANSIScreen(size: screen.size)
        terminal.apply(renderer.render(screen))
        // Writing over the right half of 日 blanks its left half; both cells must be written (cursor at column 4).
        screen.put("x", column: 2, row: 0)
        XCTAssertEqual(screen.text, "a xb  ")
        let bytes = String(decoding: renderer.render(screen), as: UTF8.self)
        XCTAssertEqual(bytes, "\u{1B}[3D x")
        terminal.apply(bytes)
        XCTAssertEqual(terminal.screen, screen)
    }

    func testSynchronizedOutputWrapsEachFrame() throws {
        var screen = try TerminalScreen(columns: 4, rows: 1)
        var renderer = FrameDiffRenderer()
        _ = renderer.render(screen)
        screen.put("hi", column: 0, row: 0)
        XCTAssertEqual(
            String(decoding: renderer.render(screen), as: UTF8.self), "\u{1B}[?2026h\u{1B}[Hhi\u{1B}[?2026l")
    }

    func testNoColorFramesContainNoColourSequences() throws {
        var rng = SeededRandom(seed: 7)
        var renderer = FrameDiffRenderer(colorSupport: .none)
        var output: [UInt8] = []
        for _ in 0..<20 {
            let screen = try RandomScreens.screen(&rng, size: TerminalSize(columns: 40, rows: 10), strokes: 30)
            renderer.render(screen, into: &output)
        }
        let text = String(decoding: output, as: UTF8.self)
        for colour in ["38;", "48;", "[39", "[49", ";39", ";49"] {
            XCTAssertFalse(text.contains(colour), "NO_COLOR output contains \(colour)")
        }
        XCTAssertTrue(text.contains("\u{1B}[1m") || text.contains(";1m"), "bold is still allowed")
    }

    func testSizeChangeRedrawsEverything() throws {
        var renderer = FrameDiffRenderer()
        var terminal = try ANSIScreen(size: TerminalSize(columns: 10, rows: 3))
        var small = try TerminalScreen(columns: 10, rows: 3)
        small.put("small", column: 0, row: 0)
        terminal.apply(renderer.render(small))
        var large = try TerminalScreen(columns: 12, rows: 4)
        large.put("large", column: 1, row: 3)
        var resized = try ANSIScreen(size: large.size)
        resized.apply(renderer.render(large))
        XCTAssertTrue(renderer.lastFrame.isFullRedraw)
        XCTAssertEqual(resized.screen, large)
    }
}
