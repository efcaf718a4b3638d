import KineticAnimation
import KineticCore

/// A progress bar in a `LiveLine` whose fill follows its fraction on a spring, as bubbles' progress bar does
/// with harmonica: a new fraction starts the spring from where the fill is (keeping its speed), so the bar glides
/// instead of jumping, and the percentage beside it follows the same value.
///
/// The bar is `width` cells: whole cells of █ and one partial cell in eighths (▏▎▍▌▋▊▉), so it moves in steps of
/// 1/(8 × `width`), then ░ for the rest; with `showsPercentage`, a space and the percentage in four cells
/// (" 42%", rounded down, so 100% shows only when the bar is full).
///
/// ```swift
/// region.update([LiveLine(.progress(LiveProgress(fraction: 0.4, width: 30)))])
/// ```
public struct LiveProgress: Sendable, Hashable {
    /// bubbles' spring: angular frequency 18 rad/s, damping ratio 1 (mass 1, stiffness 324, damping 36): critically
    /// damped, settled within 1/1000 in about 0.5 s.
    public static let defaultSpring = (try? Spring(mass: 1, stiffness: 324, damping: 36)) ?? .smooth

    /// How much is done, 0…1 (values outside are drawn as 0 or 1). Finite.
    public var fraction: Double
    /// The bar's width in cells, 1…`TerminalSize.maximumSide`. Default 30.
    public var width: Int
    /// The spring the fill moves on. Default `defaultSpring`.
    public var spring: Spring
    /// The filled cells' style. Default teal (#5EEAD4).
    public var filledStyle: CellStyle
    /// The empty cells' style. Default dark grey (#585858).
    public var emptyStyle: CellStyle
    /// Whether the percentage follows the bar. Default true.
    public var showsPercentage: Bool

    /// A bar at `fraction`; see the properties for the defaults.
    public init(
        fraction: Double, width: Int = 30, spring: Spring = LiveProgress.defaultSpring,
        filledStyle: CellStyle = CellStyle(foreground: .rgb(94, 234, 212)),
        emptyStyle: CellStyle = CellStyle(foreground: .rgb(88, 88, 88)), showsPercentage: Bool = true
    ) {
        self.fraction = fraction
        self.width = width
        self.spring = spring
        self.filledStyle = filledStyle
        self.emptyStyle = emptyStyle
        self.showsPercentage = showsPercentage
    }

    /// The eighth blocks, from one eighth to seven.
    static let partialBlocks = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// The fraction as the bar shows it: within 0…1.
    var clampedFraction: Double { min(max(fraction, 0), 1) }

    /// Checks the fraction, the width and the spring.
    ///
    /// - Throws: `TerminalError.invalidOption` naming the first bad value.
    func validate() throws(TerminalError) {
        guard fraction.isFinite else {
            throw .invalidOption(
                name: "live progress fraction", value: "\(fraction)", reason: "it must be a finite number in 0…1")
        }
        try LiveChecks.field(width, name: "live progress width", minimum: 1)
        try LiveChecks.transition(.spring(spring), name: "live progress spring")
    }

    /// The bar (and percentage) showing `shown` (clamped to 0…1).
    func line(showing shown: Double) -> StyledLine {
        let value = shown.isFinite ? min(max(shown, 0), 1) : 0
        // Eighths of a cell, rounded down; 8 × width ≤ 32,768, so the conversion is safe.
        let eighths = Int((value * Double(width * 8) + 1e-9).rounded(.down))
        let full = min(eighths / 8, width)
        let partial = full < width ? eighths % 8 : 0
        var line = StyledLine(String(repeating: "█", count: full), style: filledStyle)
        if partial > 0 { line.append(Self.partialBlocks[partial - 1], style: filledStyle) }
        line.append(String(repeating: "░", count: width - full - (partial > 0 ? 1 : 0)), style: emptyStyle)
        if showsPercentage {
            let percent = Int((value * 100 + 1e-9).rounded(.down))
            let text = "\(percent)%"
            line.append(String(repeating: " ", count: 5 - text.count) + text)
        }
        return line
    }
}
