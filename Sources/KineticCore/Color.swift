/// A colour in the sRGB colour space with straight (not premultiplied) alpha; every component in 0…1.
///
/// Components outside 0…1 are kept as given (extrapolating interpolations produce them); renderers clamp.
public struct Color: Hashable, Sendable, Codable {
    /// Red, gamma-encoded sRGB, 0…1.
    public var red: Double
    /// Green, gamma-encoded sRGB, 0…1.
    public var green: Double
    /// Blue, gamma-encoded sRGB, 0…1.
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour from gamma-encoded sRGB components and a straight alpha, each 0…1. Alpha defaults to 1.
    @inlinable public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey of the given gamma-encoded level, 0 (black) … 1 (white).
    @inlinable public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)

    /// The same colour with another alpha.
    @inlinable public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The components multiplied by alpha, as Cairo and Core Graphics store pixels: (r·a, g·a, b·a, a).
    @inlinable public var premultiplied: (red: Double, green: Double, blue: Double, alpha: Double) {
        (red * alpha, green * alpha, blue * alpha, alpha)
    }

    /// The colour whose premultiplied components are given. A zero alpha gives transparent black.
    @inlinable public init(premultipliedRed r: Double, green g: Double, blue b: Double, alpha a: Double) {
        if a == 0 {
            self.init(red: 0, green: 0, blue: 0, alpha: 0)
        } else {
            self.init(red: r / a, green: g / a, blue: b / a, alpha: a)
        }
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, hex digits in either case).
    ///
    /// - Throws: `ColorParseError` naming what was wrong, e.g. a length other than 6 or 8 digits.
    public init(hex text: String) throws(ColorParseError) {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8 else {
            throw ColorParseError(input: text, reason: "expected #RRGGBB or #RRGGBBAA (6 or 8 hex digits)")
        }
        // Only 0-9, a-f and A-F: `UInt8(_:radix:)` alone would also take a sign ("+f").
        if let bad = digits.first(where: { !($0.isASCII && $0.isHexDigit) }) {
            throw ColorParseError(input: text, reason: "'\(bad)' is not a hex digit (0-9, A-F)")
        }
        var bytes: [Double] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else {
                throw ColorParseError(input: text, reason: "'\(digits[index..<next])' is not a hex byte")
            }
            bytes.append(Double(byte) / 255)
            index = next
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    /// The colour as `#RRGGBB`, or `#RRGGBBAA` when it is not opaque (components clamped to 0…1 and rounded).
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let b = v.isNaN ? 0 : Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha >= 1 ? "" : byte(alpha))
    }

    /// How colours are mixed.
    public enum MixingSpace: Sendable, Hashable {
        /// Gamma-encoded sRGB with premultiplied alpha, as CSS Color 4 interpolates: the midpoint of black and white
        /// is #808080, and fading to `.clear` keeps the hue. (Gradients are drawn by the renderer the way Core
        /// Animation and Cairo draw them, mixing straight components, which gives iOS's grey band towards clear.)
        case sRGB
        /// Linear light (sRGB decoded to linear, mixed, encoded again), premultiplied: physically correct
        /// blending. The midpoint of black and white is #BCBCBC.
        case linearLight
    }

    /// Mixes two colours: `fraction` 0 gives `a`, 1 gives `b`; values outside 0…1 extrapolate.
    ///
    /// Both spaces mix premultiplied components, so mixing with `.clear` fades without a dark fringe.
    public static func mix(_ a: Color, _ b: Color, fraction t: Double, in space: MixingSpace = .sRGB) -> Color {
        let pa = space == .sRGB ? a : a.linearized
        let pb = space == .sRGB ? b : b.linearized
        let alpha = pa.alpha + (pb.alpha - pa.alpha) * t
        let r = pa.red * pa.alpha + (pb.red * pb.alpha - pa.red * pa.alpha) * t
        let g = pa.green * pa.alpha + (pb.green * pb.alpha - pa.green * pa.alpha) * t
        let bl = pa.blue * pa.alpha + (pb.blue * pb.alpha - pa.blue * pa.alpha) * t
        let mixed = Color(premultipliedRed: r, green: g, blue: bl, alpha: alpha)
        return space == .sRGB ? mixed : mixed.delinearized
    }

    /// The colour with each channel decoded from the sRGB transfer curve to linear light.
    public var linearized: Color {
        Color(
            red: Color.decode(red), green: Color.decode(green), blue: Color.decode(blue), alpha: alpha)
    }

    /// The colour with each channel encoded from linear light with the sRGB transfer curve.
    public var delinearized: Color {
        Color(
            red: Color.encode(red), green: Color.encode(green), blue: Color.encode(blue), alpha: alpha)
    }

    static func decode(_ v: Double) -> Double {
        v <= 0.040_45 ? v / 12.92 : power((v + 0.055) / 1.055, 2.4)
    }

    static func encode(_ v: Double) -> Double {
        v <= 0.003_130_8 ? v * 12.92 : 1.055 * power(v, 1 / 2.4) - 0.055
    }
}

/// A colour string that could not be parsed, and why.
public struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that was given.
    public var input: String
    /// What was wrong with it.
    public var reason: String
    public var description: String { "invalid colour '\(input)': \(reason)" }
}

extension Color: CustomStringConvertible {
    public var description: String { hexString }
}
