import KineticCore

/// One character place of a rolling number (Ticker's column): a digit that rolls through a `DigitStrip`, or a
/// symbol (separator, sign, currency symbol) that only fades and slides.
///
/// Everything about a column is a `RetargetingMotion` of time: its place on the strip, its left edge, its width
/// and its opacity, so a renderer (or a test) can ask what it shows at any moment. A `DigitColumnManager` creates
/// and moves the columns; a column is never deleted, only faded out to zero width, so a place that comes back
/// (1,000 → 999 → 1,000) reuses its column.
public struct DigitColumn: Sendable {
    /// What a column shows.
    public enum Content: Sendable, Hashable {
        /// A digit rolling through the strip.
        case digits(DigitStrip)
        /// A character that does not roll.
        case symbol(Character)
    }

    /// One cell in the column's window.
    public struct Cell: Sendable, Hashable {
        /// The character drawn.
        public var character: Character
        /// How far below the window's centre the cell is, in cell heights: 0 centred, −0.25 a quarter of a cell
        /// above (leaving upwards), 1 or more outside the window.
        public var offset: Double

        /// A cell showing `character` `offset` cell heights below the window's centre.
        public init(character: Character, offset: Double) {
            self.character = character
            self.offset = offset
        }
    }

    /// The column's key in the formatted number.
    public let key: NumberPart.Key
    /// What it shows.
    public let content: Content
    /// Its place among the columns, from the latest text that contained it.
    public internal(set) var order: NumberPart.Order
    /// True while the latest value's text contains this column.
    public internal(set) var isPresent: Bool
    /// Its position on the strip, in cells (see `DigitStrip`); always 0 for a symbol.
    public internal(set) var roll: RetargetingMotion
    /// Its left edge, in points from the left of the box the number is laid out in.
    public internal(set) var left: RetargetingMotion
    /// Its width in points: the cell width while present, 0 when absent.
    public internal(set) var width: RetargetingMotion
    /// Its opacity, 0…1: 1 while present, 0 when absent.
    public internal(set) var opacity: RetargetingMotion

    /// The cells at least partly inside the window at `time` (offset strictly between −1 and 1), top first: one
    /// cell at rest, two while rolling.
    public func visibleCells(at time: MediaTime) -> [Cell] {
        switch content {
        case .symbol(let character):
            return [Cell(character: character, offset: 0)]
        case .digits(let strip):
            let position = roll.value(at: time)
            return strip.characters.indices.compactMap { index in
                let offset = strip.offset(ofCell: index, from: position)
                return abs(offset) < 1 ? Cell(character: strip.characters[index], offset: offset) : nil
            }
            .sorted { $0.offset < $1.offset }
        }
    }

    /// The character nearest the window's centre at `time`.
    public func character(at time: MediaTime) -> Character {
        switch content {
        case .symbol(let character): return character
        case .digits(let strip): return strip.character(at: roll.value(at: time))
        }
    }

    /// When the column stops moving.
    public var endTime: MediaTime {
        max(roll.endTime, left.endTime, width.endTime, opacity.endTime)
    }
}
