import KineticCore

/// A colour as a terminal understands it: the terminal's default, one of the 256 palette entries, or 24-bit RGB.
///
/// `FrameDiffRenderer` writes these as SGR parameters: `39`/`49` (default), `30`–`37`/`40`–`47` and
/// `90`–`97`/`100`–`107` (palette entries 0–15, the ANSI colours), `38;5;n`/`48;5;n` (palette entries 16–255) and
/// `38;2;r;g;b`/`48;2;r;g;b` (24-bit). A renderer limited to 256 colours maps `.rgb` to the nearest palette entry
/// (`Palette256.nearestIndex`); one limited to 16 maps `.rgb` and entries 16–255 to the nearest ANSI colour
/// (`Palette16.nearestIndex`, the same rule); with no colour at all (`NO_COLOR`) every colour becomes `.default`.
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

    /// The colour with `.rgb` and palette entries 16–255 replaced by the nearest of the 16 ANSI colours (entries
    /// 0–15 and `.default` unchanged).
    public var palette16: TerminalColor {
        switch self {
        case .default: return self
        case .indexed(let index):
            guard let rgb = Palette256.rgb(ofIndex: index) else { return self }
            return .indexed(Palette16.nearestIndex(red: rgb.red, green: rgb.green, blue: rgb.blue))
        case .rgb(let r, let g, let b): return .indexed(Palette16.nearestIndex(red: r, green: g, blue: b))
        }
    }

    /// The colour as the renderer will write it under `support`.
    @inlinable public func adapted(to support: ColorSupport) -> TerminalColor {
        switch support {
        case .trueColor: return self
        case .palette256: return palette256
        case .palette16: return palette16
        case .none: return .default
        }
    }

    private static func byte(_ value: Double) -> UInt8 {
        value.isNaN ? 0 : UInt8((min(max(value, 0), 1) * 255).rounded())
    }
}

/// How many colours the output may use, ordered from none to 24-bit.
public enum ColorSupport: Hashable, Sendable, CaseIterable, Comparable {
    /// No colour SGR at all (`NO_COLOR`): characters and bold only.
    case none
    /// The 16 ANSI colours (`30`–`37`, `90`–`97`): plain `xterm`, `screen`, the Linux console.
    case palette16
    /// The xterm 256-colour palette (`38;5;n`).
    case palette256
    /// 24-bit colour (`38;2;r;g;b`).
    case trueColor
}
