import KineticAnimation
import KineticCore

/// Plays an animation in a `TerminalSession`: one frame per tick of a `FrameTicker` (a `SystemClock` live, a
/// `ManualClock` in tests), `q`/Escape/Ctrl-D to quit (Ctrl-C raises SIGINT, which the session's handler
/// restores from), resize handled by the session, and the final value printed after the session ends.
///
/// ```swift
/// let session = try TerminalSession()
/// let summary = try await TerminalPlayer(session: session).play(duration: 3) { time, size in
///     try picture.screen(at: time, size: size)
/// } finalLines: { _ in ["done"] }
/// ```
///
/// When the session does not draw frames (output is a pipe, a file, `TERM=dumb` or a `CI` run), nothing is
/// animated: the final lines at the end of the animation are printed at once, as plain text.
///
/// `record(size:colorSupport:presentation:framesPerSecond:title:duration:frame:finalLines:)` plays into an
/// asciicast file instead of a terminal, in virtual time.
public final class TerminalPlayer {
    /// How a play ended.
    public enum Ending: Hashable, Sendable {
        /// The animation reached its end (never for a loop).
        case finished
        /// A key asked to quit.
        case quit
        /// Frames were not drawn (not a terminal, `TERM=dumb` or `CI`): the final lines were printed at once.
        case skipped
    }

    /// What a play did.
    public struct Summary: Hashable, Sendable {
        /// How it ended.
        public var ending: Ending
        /// The animation time of the last frame, in seconds.
        public var time: MediaTime
        /// Frames drawn.
        public var frameCount: Int
        /// Frames the ticker dropped (the machine was too slow for the rate).
        public var droppedFrameCount: Int
        /// Bytes written, escape sequences included.
        public var byteCount: Int
        /// Mean bytes per frame drawn.
        public var meanBytesPerFrame: Double { frameCount == 0 ? 0 : Double(byteCount) / Double(frameCount) }
    }

    /// The session frames are drawn in.
    public let session: TerminalSession
    /// Frames per second: 30, 60 or 120. Default 60.
    public var framesPerSecond: Int
    /// Start again at 0 after `duration`, until a key quits. Default false.
    public var loops: Bool
    /// Show the previous frame's byte count, cells written and dropped frames on the bottom row (a debug aid).
    /// Default false.
    public var showsStatistics: Bool

    /// A player on `session`; see the properties for the defaults.
    public init(session: TerminalSession, framesPerSecond: Int = 60, loops: Bool = false, showsStatistics: Bool = false)
    {
        self.session = session
        self.framesPerSecond = framesPerSecond
        self.loops = loops
        self.showsStatistics = showsStatistics
    }

    /// Plays `frame(time, size)` for `duration` seconds (for ever, or until a key quits, when looping), then ends
    /// the session, printing `finalLines(time)` (on the normal screen, or as plain text without a terminal).
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and > 0.
    ///   - clock: Where time comes from. Default a `SystemClock`.
    ///   - frame: The screen at an animation time for a size (the session's size; build a screen of that size).
    ///   - finalLines: What to print when the play is over, given the last animation time.
    /// - Throws: `TerminalError` for a bad duration or rate or a failed write, whatever `frame` throws, and
    ///   `CancellationError`. The session is ended (the terminal restored) in every case.
    public func play(
        duration: MediaTime, clock: any MediaClock = SystemClock(),
        frame: (MediaTime, TerminalSize) throws -> TerminalScreen,
        finalLines: (MediaTime) -> [StyledLine] = { _ in [] }
    ) async throws -> Summary {
        try await run(duration: duration, clock: clock, finalLines: finalLines) { time, size in
            try session.draw(try decorated(frame(time, size)))
        }
    }

    /// Plays frames that are bytes of their own rather than cells — images of a graphics protocol
    /// (`KittyPicture`) — exactly as `play(duration:clock:frame:finalLines:)` plays screens (the statistics row
    /// is not drawn).
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and > 0.
    ///   - clock: Where time comes from. Default a `SystemClock`.
    ///   - frameBytes: What to write for the frame at an animation time, for the session's size.
    ///   - finalLines: What to print when the play is over, given the last animation time.
    /// - Throws: As `play(duration:clock:frame:finalLines:)`.
    public func play(
        duration: MediaTime, clock: any MediaClock = SystemClock(),
        frameBytes: (MediaTime, TerminalSize) throws -> [UInt8],
        finalLines: (MediaTime) -> [StyledLine] = { _ in [] }
    ) async throws -> Summary {
        try await run(duration: duration, clock: clock, finalLines: finalLines) { time, size in
            try session.draw(frameBytes: try frameBytes(time, size))
        }
    }

    private func run(
        duration: MediaTime, clock: any MediaClock, finalLines: (MediaTime) -> [StyledLine],
        draw: (MediaTime, TerminalSize) throws -> Void
    ) async throws -> Summary {
        guard duration.isFinite, duration > 0 else {
            throw TerminalError.invalidOption(
                name: "duration", value: "\(duration)", reason: "a play lasts a finite number of seconds > 0")
        }
        let ticker: FrameTicker
        do {
            ticker = try FrameTicker(clock: clock, framesPerSecond: framesPerSecond)
        } catch {
            throw TerminalError.invalidOption(
                name: "frames per second", value: "\(framesPerSecond)", reason: "\(error)")
        }
        guard session.drawsFrames else {
            try session.start()
            try session.end(finalLines: finalLines(duration))
            return Summary(ending: .skipped, time: duration, frameCount: 0, droppedFrameCount: 0, byteCount: 0)
        }
        try session.start()
        var ending = Ending.finished
        var time: MediaTime = 0
        do {
            try draw(0, session.beginFrame())
            let start = clock.now
            try await ticker.run { tick in
                if session.readKeys().contains(where: \.requestsQuit) {
                    ending = .quit
                    ticker.stop()
                    return
                }
                let elapsed = tick.timestamp - start
                if loops {
                    time = elapsed.truncatingRemainder(dividingBy: duration)
                } else {
                    time = min(elapsed, duration)
                }
                try draw(time, session.beginFrame())
                if !loops, elapsed >= duration { ticker.stop() }
            }
        } catch {
            try? session.end()
            throw error
        }
        let summary = Summary(
            ending: ending, time: time, frameCount: session.frameCount, droppedFrameCount: ticker.droppedFrameCount,
            byteCount: session.byteCount)
        try session.end(finalLines: ending == .finished ? finalLines(time) : [])
        return summary
    }

    /// The screen with the statistics row when `showsStatistics`.
    private func decorated(_ screen: TerminalScreen) -> TerminalScreen {
        guard showsStatistics else { return screen }
        var screen = screen
        let last = session.lastFrame
        let text =
            " \(last.byteCount) B/frame · \(last.cellsWritten) cells · \(last.cursorMoves) moves"
            + (last.isFullRedraw ? " · full" : "") + " "
        screen.put(
            String(repeating: " ", count: screen.columns), column: 0, row: screen.rows - 1,
            style: CellStyle(foreground: .rgb(0, 0, 0), background: .rgb(255, 224, 102)))
        screen.put(
            text, column: 0, row: screen.rows - 1,
            style: CellStyle(foreground: .rgb(0, 0, 0), background: .rgb(255, 224, 102)))
        return screen
    }
}
