import KineticCore
import KineticLayers

/// What a terminal shows of an effect: a frame for any terminal size at any time, how long it plays, and the lines
/// left on the terminal when it ends. ``TerminalPlayer`` plays one; ``TerminalPlayback/of(_:style:pixels:)`` makes
/// one for any effect.
public struct TerminalPlayback {
    /// How long it plays, in seconds, > 0.
    public var duration: MediaTime
    /// The screen at a time (seconds from the start) for a terminal size.
    public var frame: (MediaTime, TerminalSize) throws -> TerminalScreen
    /// What stays on the terminal after the play, at the time it ended, for its size.
    public var finalLines: (MediaTime, TerminalSize) -> [StyledLine]
    /// The picture of a pixel playback (a kitty-graphics terminal can show it as an image); nil in text mode.
    public var picture: LayerPicture?

    public init(
        duration: MediaTime, frame: @escaping (MediaTime, TerminalSize) throws -> TerminalScreen,
        finalLines: @escaping (MediaTime, TerminalSize) -> [StyledLine], picture: LayerPicture? = nil
    ) {
        self.duration = duration
        self.frame = frame
        self.finalLines = finalLines
        self.picture = picture
    }
}

/// How a text playback is laid out on the screen.
public struct TerminalPlaybackStyle: Sendable, Hashable {
    /// Frames per second the player will show (text effects pick the previous frame's value with it), > 0.
    /// Default 60.
    public var framesPerSecond: Int
    /// True for one line in the terminal's flow (the line at the left); false (default) for the full screen
    /// (the line centred).
    public var isInline: Bool
    /// A grey line two rows under a full-screen text effect ("kinetic play count · q to quit"); nil (default)
    /// for none.
    public var hint: String?
    /// Whether the bottom row is kept for the player's statistics. Default false.
    public var reservesStatisticsRow: Bool
    /// The colours the terminal shows, for pixel playback. Default `.trueColor`.
    public var colorSupport: ColorSupport

    public init(
        framesPerSecond: Int = 60, isInline: Bool = false, hint: String? = nil, reservesStatisticsRow: Bool = false,
        colorSupport: ColorSupport = .trueColor
    ) {
        self.framesPerSecond = framesPerSecond
        self.isInline = isInline
        self.hint = hint
        self.reservesStatisticsRow = reservesStatisticsRow
        self.colorSupport = colorSupport
    }

    /// A screen with `line` laid out as the style says: at the left of an inline row, or centred with the hint two
    /// rows below.
    public func screen(_ line: StyledLine, size: TerminalSize) throws(TerminalError) -> TerminalScreen {
        var screen = try TerminalScreen(size: size)
        if isInline {
            screen.put(line, column: 0, row: 0)
            return screen
        }
        let row = max(0, size.rows / 2 - 1)
        screen.put(line, column: max(0, (size.columns - line.width) / 2), row: row)
        if let hint, row + 2 < size.rows - (reservesStatisticsRow ? 1 : 0) {
            screen.put(
                hint, column: max(0, (size.columns - hint.count) / 2), row: row + 2,
                style: CellStyle(foreground: .rgb(128, 128, 128)))
        }
        return screen
    }
}

/// An effect that reads as text and has a form of its own in a terminal's cells — the count-up's steady digits,
/// the elevator's rolling columns, the shimmer's sweep — rather than pixels.
public protocol TerminalPlayable: Effect {
    /// The effect as styled text in a terminal.
    func terminalPlayback(style: TerminalPlaybackStyle) throws -> TerminalPlayback
}
