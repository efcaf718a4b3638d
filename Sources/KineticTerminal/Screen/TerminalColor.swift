import KineticCore

/// A colour as a terminal understands it: the terminal's default, one of the 256 palette entries, or 24-bit RGB.
///
/// `FrameDiffRenderer` writes these as SGR parameters: `39`/`49` (default), `38;5;n`/`48;5;n` (palette) and
/// `38;2;r;g;b`/`48;2;r;g;b` (24-bit). A renderer limited to 256 colours maps `.rgb` to the nearest palette entry
/// (`Palette256.nearestIndex`); with no colour at all (`NO_COLOR`) every colour becomes `.default`.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own foreground or background colour.
    case `default`
    /// An entry of the xterm 256-colour palette, 0…255 (0–15 the terminal's ANSI colours, 16–231 the 6×6×6 cube,
    /// 232–255 the grey ramp).
    case indexed(UInt8)
    /// A 24-bit colour, each component 0…255 (gamma-encoded sRGB).
    case rgb(UInt8, UInt8, UInt8)

    /// The 24-bit colour nearest to an sRGB `Color` (components clamped to 0…1 and rounded; alpha ignored).
    public init(_ color: Color) {
        self = .rgb(Self.byte(color.red), Self.byte(color.green), Self.byte(color.blue))
    }

    /// The colour with `.rgb` replaced by its nearest palette entry (others unchanged).
    public var palette256: TerminalColor {
        if case .rgb(let r, let g, let b) = self { return .indexed(Palette256.nearestIndex(red: r, green: g, blue: b)) }
        return self
    }

    /// The colour as the renderer will write it under `support`.
    @inlinable public func adapted(to support: ColorSupport) -> TerminalColor {
        switch support {
        case .trueColor: return self
        case .palette256: return palette256
        case .none: return .default
        }
    }

    private static func byte(_ value: Double) -> UInt8 {
        value.isNaN ? 0 : UInt8((min(max(value, 0), 1) * 255).rounded())
    }
}

/// How many colours the output may use.
public enum ColorSupport: Hashable, Sendable, CaseIterable {
    /// No colour SGR at all (`NO_COLOR`): characters and bold only.
    case none
    /// The xterm 256-colour palette (`38;5;n`).
    case palette256
    /// 24-bit colour (`38;2;r;g;b`).
    case trueColor
}
