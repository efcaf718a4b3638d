import KineticCore

/// The shimmer in character cells: a band of brighter colour crossing a line of text, one colour per character.
///
/// Each cell's colour mixes `baseColor` and `highlightColor` by the band's intensity at the cell's centre: 1 at
/// the band's centre, falling linearly to 0 at `bandWidth / 2` cells from it — the triangle that Facebook
/// Shimmer's three-stop gradient makes. `position` 0…1 moves the band's centre from half a band before the first
/// cell to half a band after the last, so the band enters and leaves completely. `TerminalShimmer` drives it from
/// KineticEffects' `Shimmer` timing.
public struct ShimmerSweep: Hashable, Sendable {
    /// The text's colour outside the band. Default a mid grey (#8C8C8C).
    public var baseColor: Color
    /// The colour at the band's centre. Default white.
    public var highlightColor: Color
    /// The band's full width in cells, > 0. Default 8.
    public var bandWidth: Double
    /// Bold text. Default false.
    public var isBold: Bool

    /// A sweep; see the properties for the defaults.
    public init(
        baseColor: Color = Color(white: 0.55), highlightColor: Color = .white, bandWidth: Double = 8,
        isBold: Bool = false
    ) {
        self.baseColor = baseColor
        self.highlightColor = highlightColor
        self.bandWidth = bandWidth
        self.isBold = isBold
    }

    /// Checks the band width.
    ///
    /// - Throws: `TerminalError.invalidOption` when `bandWidth` is not finite and > 0.
    public func validate() throws(TerminalError) {
        guard bandWidth.isFinite, bandWidth > 0 else {
            throw .invalidOption(
                name: "shimmer band width", value: "\(bandWidth)",
                reason: "it must be a number of cells > 0; the default is 8")
        }
    }

    /// The band's centre, in cells from the line's left edge, at `position` 0…1 over a line `width` cells wide:
    /// −bandWidth/2 at 0, width + bandWidth/2 at 1 (linear; positions outside 0…1 extrapolate).
    public func bandCenter(atPosition position: Double, width: Int) -> Double {
        -bandWidth / 2 + position * (Double(width) + bandWidth)
    }

    /// The band's intensity, 0…1, at `x` cells from the left edge with the band centred at `center`.
    public func intensity(at x: Double, bandCenter center: Double) -> Double {
        max(0, 1 - abs(x - center) / (bandWidth / 2))
    }

    /// `text` with each character coloured by the band centred at `center` cells.
    public func line(_ text: String, bandCenter center: Double) -> StyledLine {
        var line = StyledLine()
        var x = 0
        for scalar in text.unicodeScalars {
            let width = CharacterWidth.columns(of: scalar)
            let mix = intensity(at: Double(x) + Double(max(width, 1)) / 2, bandCenter: center)
            let color = TerminalColor(Color.mix(baseColor, highlightColor, fraction: mix))
            line.append(String(scalar), style: CellStyle(foreground: color, isBold: isBold))
            x += width
        }
        return line
    }

    /// `text` with the band at `position` 0…1 of its sweep.
    public func line(_ text: String, position: Double) -> StyledLine {
        line(text, bandCenter: bandCenter(atPosition: position, width: CharacterWidth.columns(of: text)))
    }
}
