/// A font request as a value: family list (first available wins, per character fallback), size, weight, style
/// and whether digits should be tabular (OpenType `tnum`).
public struct FontDescriptor: Hashable, Sendable {
    /// Family names in order of preference, e.g. ["Inter", "Noto Sans CJK JP"]. Name families explicitly:
    /// fontconfig's fallback for Japanese may pick a font without bold.
    public var families: [String]
    /// Size in points (user-space units, not affected by the screen's DPI). Must be > 0. Defaults to 17, the iOS
    /// body size.
    public var size: Double
    /// Weight on the CSS scale 100 (thin) … 900 (black); 400 regular, 700 bold. Defaults to 400.
    public var weight: Int
    /// Italic. Defaults to false.
    public var isItalic: Bool
    /// Tabular (fixed-width) digits with the OpenType feature `tnum`, so counting numbers do not wobble. Fonts
    /// without the feature keep their own digits. Defaults to false.
    public var tabularDigits: Bool

    /// Creates a font request; see the properties for units and defaults.
    public init(
        families: [String] = ["Inter", "Noto Sans CJK JP", "sans-serif"], size: Double = 17, weight: Int = 400,
        isItalic: Bool = false, tabularDigits: Bool = false
    ) {
        self.families = families
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
        self.tabularDigits = tabularDigits
    }

    /// The family list as Pango and fontconfig read it: names joined with commas.
    var familyList: String { families.joined(separator: ",") }
}
