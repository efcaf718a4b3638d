import KineticCore
import KineticEffects

extension ElevatorNumber: TerminalPlayable {
    /// The number rolling digit by digit in character cells (``RollingNumberText``), until the last change has
    /// settled plus half a second; the last value stays.
    public func terminalPlayback(style: TerminalPlaybackStyle) throws -> TerminalPlayback {
        let manager = try makeManager(measuring: CellTextMeasurer())
        let texts = changes.map { format.string(for: $0.value) }
        let width = max(1, texts.map { CharacterWidth.columns(of: $0) }.max() ?? 1) + 1
        let number = try RollingNumberText(manager: manager, width: width)
        let final = texts.last ?? ""
        return TerminalPlayback(
            duration: max(manager.endTime, changes.last?.time ?? 0) + 0.5,
            frame: { time, size in try style.screen(number.line(at: time, style: CellStyle(isBold: true)), size: size)
            },
            finalLines: { _, _ in [StyledLine(final, style: CellStyle(isBold: true))] })
    }
}
