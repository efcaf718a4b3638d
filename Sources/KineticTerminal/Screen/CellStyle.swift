/// How a cell is drawn: its foreground (glyph) and background colours and its weight.
public struct CellStyle: Hashable, Sendable {
    /// The glyph's colour. Default `.default` (the terminal's foreground).
    public var foreground: TerminalColor
    /// The cell's background. Default `.default` (the terminal's background).
    public var background: TerminalColor
    /// Bold (SGR 1). Default false.
    public var isBold: Bool

    /// A style; every part defaults to the terminal's plain text.
    @inlinable public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default, isBold: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
    }

    /// The terminal's plain text: default colours, not bold (what SGR 0 selects).
    public static let plain = CellStyle()

    /// The style with its colours adapted to `support` (see `TerminalColor.adapted(to:)`).
    @inlinable public func adapted(to support: ColorSupport) -> CellStyle {
        support == .trueColor
            ? self
            : CellStyle(
                foreground: foreground.adapted(to: support), background: background.adapted(to: support),
                isBold: isBold)
    }
}
