import KineticCore

extension TerminalPlayer {
    /// What `record` made: the recording and what the play did.
    public struct Recording: Sendable {
        /// The asciicast; `recording.write(to:)` saves it.
        public var asciicast: Asciicast
        /// The play's summary (frames drawn, bytes written).
        public var summary: Summary
    }

    /// Plays `frame(time, size)` for `duration` seconds into an asciicast instead of a terminal, in virtual time:
    /// frames fall at k / `framesPerSecond` exactly as in a live play, but nothing waits, so a recording is
    /// deterministic (same arguments, same bytes) and made as fast as the frames can be built.
    ///
    /// The recorded session is the one a live play would have on an xterm of `size` with `colorSupport`: the same
    /// escape stream, the final lines included.
    ///
    /// - Parameters:
    ///   - size: The recorded terminal, in cells. Default 80 × 24.
    ///   - colorSupport: The colours used. Default `.trueColor`.
    ///   - presentation: `.fullScreen` (the default) or `.inline(rows:)`, as for `TerminalSession`.
    ///   - framesPerSecond: 30, 60 or 120. Default 60.
    ///   - title: The recording's title, or nil. Default nil.
    ///   - duration: Seconds, finite and > 0.
    ///   - frame: The screen at an animation time for a size.
    ///   - finalLines: What to print when the play is over, given the last animation time.
    /// - Throws: `TerminalError` for a bad size, duration or rate, and whatever `frame` throws.
    public static func record(
        size: TerminalSize = .fallback, colorSupport: ColorSupport = .trueColor,
        presentation: TerminalSession.Presentation = .fullScreen, framesPerSecond: Int = 60, title: String? = nil,
        duration: MediaTime, frame: (MediaTime, TerminalSize) throws -> TerminalScreen,
        finalLines: (MediaTime) -> [StyledLine] = { _ in [] }
    ) async throws -> Recording {
        try size.validate()
        let clock = ManualClock()
        let recorder = AsciicastRecorder(size: size, clock: clock, title: title)
        let session = try TerminalSession(
            device: recorder, environment: .recording(colorSupport: colorSupport), presentation: presentation,
            readsKeys: false)
        let player = TerminalPlayer(session: session, framesPerSecond: framesPerSecond)
        let summary = try await player.play(duration: duration, clock: clock, frame: frame, finalLines: finalLines)
        return Recording(asciicast: recorder.recording, summary: summary)
    }
}
