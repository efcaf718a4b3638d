import KineticCore
import KineticLayers
import KineticRaster

extension TerminalPlayback {
    /// Any effect in a terminal, the way a renderer writes it: its text form when it has one
    /// (``TerminalPlayable``: the count-up, the elevator number, the shimmer) unless `pixels` is true, else its
    /// clip drawn in half-block pixels for the clip's duration. A pixel playback of a text effect ends on its
    /// text form's final lines (the value, readable in the scrollback).
    ///
    /// ```swift
    /// let playback = try TerminalPlayback.of(CountUp(to: 1_000), style: TerminalPlaybackStyle())
    /// ```
    public static func of(_ effect: some Effect, style: TerminalPlaybackStyle, pixels: Bool = false) throws
        -> TerminalPlayback
    {
        let text = try (effect as? any TerminalPlayable)?.terminalPlayback(style: style)
        if let text, !pixels { return text }
        let clip = try effect.makeClip(measuring: PangoTextMeasurer())
        return try Self.pixels(of: clip, colorSupport: style.colorSupport, finalText: text.map { $0.finalLines })
    }

    /// A clip drawn in half-block pixels for its duration; its last frame stays (one row shorter than the
    /// terminal, so the prompt that follows fits), or `finalText`'s lines when given.
    public static func pixels(
        of clip: Clip, colorSupport: ColorSupport, finalText: ((MediaTime, TerminalSize) -> [StyledLine])? = nil
    ) throws -> TerminalPlayback {
        let picture = try LayerPicture(clip: clip, colorSupport: colorSupport)
        return TerminalPlayback(
            duration: clip.duration,
            frame: { time, size in try picture.screen(at: time, size: size) },
            finalLines: { time, size in
                if let finalText { return finalText(time, size) }
                let fitted = TerminalSize(columns: size.columns, rows: max(1, size.rows - 1))
                guard let screen = try? picture.screen(at: time, size: fitted) else { return [] }
                return (0..<screen.rows).map { screen.line(ofRow: $0) }
            }, picture: picture)
    }
}

extension TerminalPlayer {
    /// Plays any effect in the session, the way a renderer writes it (see
    /// ``TerminalPlayback/of(_:style:pixels:)``), at the player's frame rate; the effect's final lines stay.
    ///
    /// ```swift
    /// let player = TerminalPlayer(session: try TerminalSession())
    /// try await player.play(ElevatorNumber(values: [7, 42, 1999], interval: 0.8))
    /// ```
    @discardableResult
    public func play(_ effect: some Effect, pixels: Bool = false, clock: any MediaClock = SystemClock()) async throws
        -> Summary
    {
        let style = TerminalPlaybackStyle(
            framesPerSecond: framesPerSecond, isInline: session.presentation != .fullScreen,
            reservesStatisticsRow: showsStatistics, colorSupport: session.colorSupport)
        return try await play(try TerminalPlayback.of(effect, style: style, pixels: pixels), clock: clock)
    }

    /// Plays a playback in the session; its final lines stay.
    @discardableResult
    public func play(_ playback: TerminalPlayback, clock: any MediaClock = SystemClock()) async throws -> Summary {
        try await play(duration: playback.duration, clock: clock, frame: playback.frame) { time in
            playback.finalLines(time, session.size)
        }
    }
}
