import KineticCore
import KineticEffects

extension ShimmerScene: TerminalPlayable {
    /// The text (or a skeleton's bars) on one line with the band sweeping across it: Facebook Shimmer's timing
    /// (``TerminalShimmer``) or the article's 2-s loop; as long as the scene's clip. The plain text stays.
    public func terminalPlayback(style: TerminalPlaybackStyle) throws -> TerminalPlayback {
        let text: String
        switch content {
        case .text(let content): text = String(content.string.map { $0 == "\n" ? " " : $0 })
        case .skeleton: text = "▆▆▆▆▆▆▆ ▆▆▆▆▆▆▆▆▆▆▆▆ ▆▆▆▆▆▆▆▆"
        }
        let line: (MediaTime) throws -> StyledLine
        switch self.style {
        case .default(let shimmer):
            let terminalShimmer = TerminalShimmer(
                text: text, shimmer: shimmer, baseColor: shimmer.baseColor ?? Color(white: 0.55),
                highlightColor: shimmer.highlightColor ?? .white)
            line = { time in try terminalShimmer.line(at: time) }
        case .seed(let seed):
            // The article's loop: the highlight crosses the text in 2 s, a quarter of its length wide.
            let width = CharacterWidth.columns(of: text)
            let sweep = ShimmerSweep(
                baseColor: seed.baseColor, highlightColor: seed.highlightColor, bandWidth: max(2, Double(width) / 4))
            line = { time in
                sweep.line(
                    text, position: time.truncatingRemainder(dividingBy: ShimmerSeed.duration) / ShimmerSeed.duration)
            }
        }
        return TerminalPlayback(
            duration: try clipDuration(),
            frame: { time, size in try style.screen(try line(time), size: size) },
            finalLines: { _, _ in [StyledLine(text)] })
    }
}
