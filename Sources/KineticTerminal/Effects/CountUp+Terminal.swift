import KineticCore
import KineticEffects

extension CountUp: TerminalPlayable {
    /// The count as bold digits that keep their width (``LiveDigits``), until the count ends plus half a second;
    /// the final value stays.
    public func terminalPlayback(style: TerminalPlaybackStyle) throws -> TerminalPlayback {
        let end = endTime
        let step = 1 / Double(max(1, style.framesPerSecond))
        let width = stride(from: 0, through: end, by: step).map { CharacterWidth.columns(of: text(at: $0)) }.max() ?? 1
        let digits = LiveDigits(minimumWidth: width)
        return TerminalPlayback(
            duration: end + 0.5,
            frame: { time, size in
                let previous = time < step ? nil : text(at: time - step)
                return try style.screen(digits.line(text(at: time), previous: previous), size: size)
            },
            finalLines: { _, _ in [StyledLine(text(at: end), style: CellStyle(isBold: true))] })
    }
}
