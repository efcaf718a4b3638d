import KineticEffects

/// The glyph of a rolling digit cell in one text row, so the roll reads as up or down.
///
/// A cell cannot show parts of two digits, so the passage from one digit to the next is drawn with the lower
/// one-eighth blocks ▁▂▃▄▅▆▇ (U+2581…U+2587), which every terminal font has: a bar standing for the incoming
/// digit's share of the cell, rising from the bottom. Think of a strip of digits moving behind the cell, the next
/// digit below the current one: when the lower digit has risen a fraction g of the cell (0…1), the cell shows the
/// upper digit for g < 1/16, a bar of round(8g) eighths up to g < 15/16, then the lower digit.
///
/// - Rolling **up** (the new digit enters from below): g = f, so a → ▁ → ▂ → … → ▇ → b; the bar grows upwards.
/// - Rolling **down** (the new digit enters from above): g = 1 − f, so a → ▇ → ▆ → … → ▁ → b; the bar sinks.
///
/// The glyph depends only on the strip's place, so a roll that changes direction half way never jumps.
public enum RollingDigitGlyph {
    /// Which way the digits move.
    public enum Direction: Hashable, Sendable {
        /// The strip moves up: the new digit comes from below.
        case up
        /// The strip moves down: the new digit comes from above.
        case down
    }

    /// The bars for 1/8 … 7/8 of a cell, U+2581 … U+2587.
    public static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇"]

    /// What the cell shows while `lower` has risen `risen` (0…1, clamped) into it and `upper` is leaving at the top.
    public static func glyph(upper: Character, lower: Character, risen: Double) -> Character {
        let eighth = Int((min(max(risen.isNaN ? 0 : risen, 0), 1) * 8).rounded())
        switch eighth {
        case 0: return upper
        case 8: return lower
        default: return eighths[eighth - 1]
        }
    }

    /// The glyph `fraction` (0…1) of the way through a roll from `old` to `new` in `direction`.
    public static func glyph(from old: Character, to new: Character, fraction: Double, direction: Direction)
        -> Character
    {
        switch direction {
        case .up: return glyph(upper: old, lower: new, risen: fraction)
        case .down: return glyph(upper: new, lower: old, risen: 1 - fraction)
        }
    }

    /// The glyph of a KineticEffects digit column from its visible cells (`DigitColumn.visibleCells(at:)`): the
    /// one cell at rest, or the two cells of a roll (the lower one has risen 1 − its offset).
    public static func glyph(for cells: [DigitColumn.Cell]) -> Character {
        guard let first = cells.first else { return " " }
        guard cells.count > 1, let last = cells.last else { return first.character }
        return glyph(upper: first.character, lower: last.character, risen: 1 - last.offset)
    }
}
