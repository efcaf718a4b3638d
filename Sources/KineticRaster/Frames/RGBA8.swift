import KineticCore

/// One pixel: four 8-bit components in byte order red, green, blue, alpha.
///
/// In an `RGBAFrame` the colour components are premultiplied by alpha (each ≤ `alpha`), as Cairo and Core
/// Graphics store them. `straight` and `init(straight:)` convert to and from straight (unassociated) alpha, which
/// is what PNG, GIF and ffmpeg's `rgba` expect.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// Creates a pixel from its four bytes (no conversion).
    @inlinable public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The premultiplied pixel of a colour: components clamped to 0…1, multiplied by alpha, rounded to 0…255.
    public init(premultiplying color: Color) {
        let alpha = Self.clamp(color.alpha)
        self.init(
            red: Self.byte(Self.clamp(color.red) * alpha), green: Self.byte(Self.clamp(color.green) * alpha),
            blue: Self.byte(Self.clamp(color.blue) * alpha), alpha: Self.byte(alpha))
    }

    /// Fully transparent black.
    public static let transparent = RGBA8(red: 0, green: 0, blue: 0, alpha: 0)

    /// This premultiplied pixel with straight alpha: each colour component × 255 / alpha, rounded; transparent
    /// black when alpha is 0. `RGBA8(straight:)` inverts it exactly.
    @inlinable public var straight: RGBA8 {
        switch alpha {
        case 255: return self
        case 0: return .transparent
        default:
            let a = UInt32(alpha)
            @inline(__always) func scale(_ c: UInt8) -> UInt8 { UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
            return RGBA8(red: scale(red), green: scale(green), blue: scale(blue), alpha: alpha)
        }
    }

    /// The premultiplied pixel of a straight-alpha pixel: each colour component × alpha / 255, rounded.
    @inlinable public init(straight pixel: RGBA8) {
        let a = UInt32(pixel.alpha)
        @inline(__always) func scale(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * a + 127) / 255) }
        self.init(red: scale(pixel.red), green: scale(pixel.green), blue: scale(pixel.blue), alpha: pixel.alpha)
    }

    /// This premultiplied pixel drawn over an opaque premultiplied background: `self + background × (1 − alpha)`.
    @inlinable public func composited(over background: RGBA8) -> RGBA8 {
        let inverse = 255 - UInt32(alpha)
        @inline(__always) func mix(_ c: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(min(255, UInt32(c) + (UInt32(b) * inverse + 127) / 255))
        }
        return RGBA8(
            red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue),
            alpha: mix(alpha, background.alpha))
    }

    public var description: String { "RGBA(\(red), \(green), \(blue), \(alpha))" }

    /// The opaque colour of a GIF encoder word (red in the low byte, then green and blue; the top byte ignored).
    init(opaqueWord word: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: word), green: UInt8(truncatingIfNeeded: word >> 8),
            blue: UInt8(truncatingIfNeeded: word >> 16), alpha: 255)
    }

    private static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
    private static func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
}
