/// The xterm 256-colour palette's fixed part and the nearest-entry search used as the 24-bit fallback.
///
/// Entries 16–231 are the 6×6×6 cube with levels 0, 95, 135, 175, 215, 255 per channel (index 16 + 36 r + 6 g + b);
/// entries 232–255 are greys 8, 18, …, 238. Entries 0–15 are never chosen: terminals let users redefine them.
public enum Palette256 {
    /// The six channel levels of the colour cube.
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of palette entry `index`, for 16…255; nil for 0…15 (user-defined in most terminals).
    public static func rgb(ofIndex index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        switch index {
        case 0..<16: return nil
        case 16..<232:
            let i = Int(index) - 16
            return (cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6])
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return (level, level, level)
        }
    }

    /// The entry among 16…255 nearest to (`red`, `green`, `blue`) by squared RGB distance: the nearest cube colour
    /// (each channel rounded to its nearest level) or the nearest grey, whichever is closer (the cube wins ties).
    public static func nearestIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = nearestLevel(red)
        let g = nearestLevel(green)
        let b = nearestLevel(blue)
        let cubeIndex = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance(
            (red, green, blue), (cubeLevels[r], cubeLevels[g], cubeLevels[b]))
        // Grey ramp: levels 8 + 10k, k = 0…23; the average channel picks k.
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let k = min(23, max(0, (average - 8 + 5) / 10))
        let grey = UInt8(8 + 10 * k)
        let greyDistance = distance((red, green, blue), (grey, grey, grey))
        return greyDistance < cubeDistance ? UInt8(232 + k) : UInt8(cubeIndex)
    }

    /// The index (0…5) of the cube level nearest to `value` (thresholds halfway between levels).
    static func nearestLevel(_ value: UInt8) -> Int {
        switch value {
        case 0..<48: return 0
        case 48..<115: return 1
        default: return (Int(value) - 35) / 40
        }
    }

    private static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0)
        let dg = Int(a.1) - Int(b.1)
        let db = Int(a.2) - Int(b.2)
        return dr * dr + dg * dg + db * db
    }
}
