import KineticLayers

/// The characters a column rolls through, in order, wrapping round from the last to the first (Ticker's character
/// list): "0"…"9" for numbers.
///
/// A column's place on its strip is a *position*, a real number of cells: position 3 shows the cell of index 3,
/// position 3.5 shows half of 3 leaving and half of 4 entering, and position 13 shows index 3 again (one turn
/// further). Positions grow as the strip moves up, so rolling "up" means increasing the position.
public struct DigitStrip: Sendable, Hashable {
    /// The cells, at least two, all different.
    public let characters: [Character]

    /// "0" to "9".
    public static let decimal = DigitStrip(validated: Array("0123456789"))

    /// A strip of `characters` (at least two, all different), e.g. a locale's digits.
    ///
    /// - Throws: `EffectSpecError` when there are fewer than two cells or a character repeats.
    public init(_ characters: [Character]) throws(EffectSpecError) {
        guard characters.count >= 2, Set(characters).count == characters.count else {
            throw EffectSpecError(
                "a digit strip needs at least two different characters (got \(String(characters).debugDescription))")
        }
        self.characters = characters
    }

    private init(validated characters: [Character]) {
        self.characters = characters
    }

    /// The number of cells.
    public var count: Int { characters.count }

    /// The cell index of `character`, or nil when it is not on the strip.
    public func index(of character: Character) -> Int? {
        characters.firstIndex(of: character)
    }

    /// The character of the cell nearest to `position`.
    public func character(at position: Double) -> Character {
        characters[wrappedIndex(Int((position).rounded(.toNearestOrAwayFromZero)))]
    }

    /// `index` wrapped into 0 ..< count.
    public func wrappedIndex(_ index: Int) -> Int {
        let remainder = index % count
        return remainder < 0 ? remainder + count : remainder
    }

    /// Where cell `index` is seen from `position`, in cells below the window's centre, wrapped into
    /// −count/2 ..< count/2: 0 when it is the cell shown, −1 when it is the one just above (it left going up),
    /// 0.25 when it is a quarter of a cell below the centre (entering).
    public func offset(ofCell index: Int, from position: Double) -> Double {
        let n = Double(count)
        var offset = (Double(index) - position).truncatingRemainder(dividingBy: n)
        if offset < -n / 2 { offset += n }
        if offset >= n / 2 { offset -= n }
        return offset
    }

    /// The position to roll to from `position` so that cell `index` shows, going `direction`:
    /// - `.up`: the nearest position at or above `position` that shows `index` (3 → 1 goes to 11: 4, 5, … 0, 1);
    /// - `.down`: the nearest at or below;
    /// - `.shortest`: the nearer of the two (a tie goes up when `preferringUp`).
    /// A position within 10⁻⁶ cell of a cell counts as that cell, so a column at rest does not spin a full turn.
    public func target(from position: Double, toCell index: Int, direction: ResolvedRollDirection) -> Double {
        guard position.isFinite, abs(position) < 1e15 else { return Double(wrappedIndex(index)) }
        let above = (position - 1e-6).rounded(.up)
        let below = (position + 1e-6).rounded(.down)
        let up = above + Double(wrappedIndex(index - Int(above)))
        let down = below - Double(wrappedIndex(Int(below) - index))
        switch direction {
        case .up: return up
        case .down: return down
        case .shortest(let preferringUp):
            let upward = up - position
            let downward = position - down
            if abs(upward - downward) < 1e-9 { return preferringUp ? up : down }
            return upward < downward ? up : down
        }
    }
}
