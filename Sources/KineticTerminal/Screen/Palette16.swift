/// The 16 ANSI colours and the nearest-entry search used when a terminal has only those.
///
/// Terminals let users redefine these colours, so no RGB value is exact; the search uses xterm's defaults
/// (`rgb(ofIndex:)`), the closest thing to a common reference. Entries 0–7 are written as SGR 30–37 (foreground) and
/// 40–47 (background), entries 8–15 (the bright colours) as 90–97 and 100–107.
public enum Palette16 {
    /// xterm's default RGB values of entries 0…15: black, red, green, yellow, blue, magenta, cyan, white, then
    /// their bright forms.
    public static let defaultColors: [(red: UInt8, green: UInt8, blue: UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
    ]

    /// xterm's default RGB value of entry `index` (0…15); nil for any other index.
    public static func rgb(ofIndex index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        index < 16 ? defaultColors[Int(index)] : nil
    }

    /// The entry among 0…15 nearest to (`red`, `green`, `blue`) by squared RGB distance, the rule
    /// `Palette256.nearestIndex` uses (the lower index wins ties).
    public static func nearestIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, color) in defaultColors.enumerated() {
            let dr = Int(red) - Int(color.red)
            let dg = Int(green) - Int(color.green)
            let db = Int(blue) - Int(color.blue)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return UInt8(best)
    }
}
