/// A font request: a family list with fallbacks, a weight, a size and OpenType features, resolved by a renderer.
public struct Font: Sendable, Hashable {
    /// Families in order of preference; a renderer falls back along the list per character (e.g. Latin from the
    /// first, Japanese from "Noto Sans CJK JP"). Default ["Inter", "Noto Sans CJK JP"].
    public var families: [String]
    /// The weight on the OpenType scale 100…900 (400 regular, 700 bold). Default 400.
    public var weight: Int
    /// The size in points, > 0. Default 17 (iOS body text).
    public var size: Double
    /// Asks for tabular (fixed-width) digits, OpenType `tnum`, so changing numbers do not wobble. Default false.
    public var tabularDigits: Bool
    /// Italic style. Default false.
    public var italic: Bool

    /// The families used when none are named: Inter (it has tabular digits) with Noto Sans CJK JP for Japanese.
    public static let defaultFamilies = ["Inter", "Noto Sans CJK JP"]

    public init(
        families: [String] = Font.defaultFamilies, weight: Int = 400, size: Double = 17, tabularDigits: Bool = false,
        italic: Bool = false
    ) {
        self.families = families
        self.weight = weight
        self.size = size
        self.tabularDigits = tabularDigits
        self.italic = italic
    }

    /// The same font at another size.
    public func withSize(_ size: Double) -> Font {
        var font = self
        font.size = size
        return font
    }

    /// The same font with tabular digits on or off.
    public func withTabularDigits(_ on: Bool = true) -> Font {
        var font = self
        font.tabularDigits = on
        return font
    }
}
