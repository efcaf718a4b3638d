import KineticCore
import KineticLayers

/// Turns a sequence of values into rolling columns (Ticker's column manager): formats each value, matches its
/// characters to columns by key (integer digits from the right, so units stay units), inserts and removes columns
/// with their width animating, and retargets every column from wherever it is when a value arrives mid-roll.
///
/// Font metrics come from a `TextMeasuring` (a renderer's, or a fake with fixed advances in tests): a digit
/// column is as wide as the widest digit of the strip, a symbol as wide as its advance, and every column as tall
/// as the font's line (ascent + descent).
///
/// ```swift
/// var manager = try DigitColumnManager(format: NumberFormat(), font: font, measurer: measurer, boxWidth: 200)
/// manager.setValue(99, at: 0)    // at rest: "99"
/// manager.setValue(100, at: 1)   // the hundreds column grows in, units and tens roll 9 → 0 upwards
/// let cells = manager.columns.map { $0.visibleCells(at: 1.2) }
/// ```
public struct DigitColumnManager: Sendable {
    /// How values are written.
    public let format: NumberFormat
    /// The digits a digit column rolls through (the format's locale's digits).
    public let strip: DigitStrip
    /// The font the columns are measured in.
    public let font: Font
    /// The width the number is aligned in, in points.
    public let boxWidth: Double
    /// Where the number sits in `boxWidth`: `.left`, `.center` or `.right` (`.natural` and `.justified` mean left).
    public let alignment: TextAlignment
    /// Which way digits roll.
    public var direction: RollDirection
    /// How columns travel (rolls, widths, positions, fades).
    public var transition: RollTransition
    /// Extra delay of each column's roll and fade, in seconds per column counted from the right (units first),
    /// ≥ 0. Default 0.
    public var stagger: MediaTime
    /// The width of a digit column: the widest digit's advance, in points.
    public let cellWidth: Double
    /// The height of every column: the font's ascent + descent, in points.
    public let cellHeight: Double
    /// The font's ascent, in points.
    public let ascent: Double

    /// The columns, left to right (absent ones included, at zero width).
    public private(set) var columns: [DigitColumn] = []
    /// The latest value, or nil before the first.
    public private(set) var value: Double?

    private let measurer: any TextMeasuring
    private var symbolWidths: [Character: Double] = [:]

    /// A manager with no value yet.
    ///
    /// - Parameters:
    ///   - format: How values are written. Default `NumberFormat()` (en_US, grouped, no decimals).
    ///   - font: The font, e.g. with `tabularDigits`. Its size must be > 0.
    ///   - measurer: Measures the font as the renderer will draw it.
    ///   - boxWidth: The width to align the number in, in points, ≥ 0.
    ///   - alignment: Where the number sits in the box. Default `.center`.
    ///   - direction: Which way digits roll. Default `.sign`.
    ///   - transition: How columns move. Default `RollTransition.default`.
    ///   - stagger: Delay per column from the right, in seconds, ≥ 0. Default 0.
    /// - Throws: `EffectSpecError` for a bad format, font size, box width, transition or stagger.
    public init(
        format: NumberFormat = NumberFormat(), font: Font, measurer: any TextMeasuring, boxWidth: Double,
        alignment: TextAlignment = .center, direction: RollDirection = .sign,
        transition: RollTransition = .default, stagger: MediaTime = 0
    ) throws(EffectSpecError) {
        try format.validate()
        try transition.validate()
        try NumberEffectChecks.positive(font.size, "font size", unit: "points")
        try NumberEffectChecks.nonNegative(boxWidth, "box width", unit: "points")
        try NumberEffectChecks.nonNegative(stagger, "stagger", unit: "seconds")
        self.format = format
        strip = try DigitStrip(format.digitCharacters)
        self.font = font
        self.measurer = measurer
        self.boxWidth = boxWidth
        self.alignment = alignment
        self.direction = direction
        self.transition = transition
        self.stagger = stagger
        cellWidth = strip.characters.map { measurer.advance(of: String($0), font: font) }.max() ?? 0
        let metrics = measurer.lineMetrics(for: font)
        ascent = metrics.ascent
        cellHeight = metrics.ascent + metrics.descent
    }

    /// The width of `value`'s text laid out in columns, in points: digits at `cellWidth`, symbols at their
    /// advance. The width a label needs to show it without clipping.
    public func width(of value: Double) -> Double {
        // Each distinct symbol is measured once (a long prefix or suffix repeats its characters).
        var widths = symbolWidths
        return format.parts(for: value).reduce(0) { total, part in
            guard part.digit == nil else { return total + cellWidth }
            if let width = widths[part.character] { return total + width }
            let width = measurer.advance(of: String(part.character), font: font)
            widths[part.character] = width
            return total + width
        }
    }

    /// When the last column stops moving (0 before any change).
    public var endTime: MediaTime {
        columns.map(\.endTime).max() ?? 0
    }

    /// The text of the latest value.
    public var text: String {
        columns.filter(\.isPresent).map { String($0.character(at: .infinity)) }.joined()
    }

    /// Shows `value` from `time` on. The first value appears at rest; each later one moves every column from
    /// where it is at `time`: digits roll to their new digit (`direction`), new columns grow in from zero width
    /// while their digit rolls in from 0, and columns the new text lacks roll to 0, fade out and shrink away.
    /// A value whose text is the current text changes nothing. Times must not decrease from call to call; a
    /// value at an earlier time than the previous one replaces what was planned after it.
    ///
    /// Non-finite values are ignored.
    public mutating func setValue(_ newValue: Double, at time: MediaTime) {
        guard newValue.isFinite, time.isFinite else { return }
        let parts = format.parts(for: newValue)
        guard let oldValue = value else {
            value = newValue
            placeAtRest(parts)
            return
        }
        if parts.map(\.character) == columns.filter(\.isPresent).map({ $0.character(at: .infinity) }) {
            value = newValue
            return
        }
        value = newValue
        let direction = direction.resolved(from: oldValue, to: newValue)
        let presentKeys = Set(parts.map(\.key))
        let rank = Dictionary(
            parts.reversed().enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { first, _ in first })
        // Where each key's column is (the first column with it), so matching is linear in the number of parts.
        var columnIndex = Dictionary(
            columns.indices.map { (columns[$0].key, $0) }, uniquingKeysWith: { first, _ in first })

        for part in parts {
            let delay = Double(rank[part.key] ?? 0) * stagger
            if let index = columnIndex[part.key] {
                columns[index].order = part.order
                if !columns[index].isPresent {
                    columns[index].isPresent = true
                    columns[index].opacity.move(to: 1, at: time + delay, transition: transition)
                }
                if let digit = part.digit {
                    roll(column: index, toCell: digit, at: time + delay, direction: direction)
                }
            } else {
                columns.append(makeColumn(for: part, at: time))
                let index = columns.count - 1
                columnIndex[part.key] = index
                columns[index].opacity.move(to: 1, at: time + delay, transition: transition)
                if let digit = part.digit {
                    roll(column: index, toCell: digit, at: time + delay, direction: direction)
                }
            }
        }
        for index in columns.indices where columns[index].isPresent && !presentKeys.contains(columns[index].key) {
            columns[index].isPresent = false
            columns[index].opacity.move(to: 0, at: time, transition: transition)
            if case .digits = columns[index].content {
                roll(column: index, toCell: 0, at: time, direction: direction)
            }
        }
        layOut(at: time)
    }

    /// The first value: columns at rest, fully shown.
    private mutating func placeAtRest(_ parts: [NumberPart]) {
        columns = parts.map { part in
            let width = part.digit == nil ? symbolWidth(part.character) : cellWidth
            return DigitColumn(
                key: part.key, content: part.digit == nil ? .symbol(part.character) : .digits(strip),
                order: part.order, isPresent: true,
                roll: RetargetingMotion(value: Double(part.digit ?? 0), settleThreshold: 0.002),
                left: RetargetingMotion(value: 0, settleThreshold: 0.05),
                width: RetargetingMotion(value: width, settleThreshold: 0.05),
                opacity: RetargetingMotion(value: 1, settleThreshold: 0.002))
        }
        let lefts = targetLefts()
        for index in columns.indices {
            columns[index].left = RetargetingMotion(value: lefts[index], settleThreshold: 0.05)
        }
    }

    /// A column for a part that no column showed before: invisible, zero wide, showing 0, at the place it will
    /// grow from (the left edge of the first column after it, or the right edge of the number).
    private mutating func makeColumn(for part: NumberPart, at time: MediaTime) -> DigitColumn {
        let following = columns.filter { $0.order > part.order }.min { $0.order < $1.order }
        let origin: Double
        if let following {
            origin = following.left.value(at: time)
        } else {
            origin = columns.map { $0.left.value(at: time) + $0.width.value(at: time) }.max() ?? boxWidth / 2
        }
        return DigitColumn(
            key: part.key, content: part.digit == nil ? .symbol(part.character) : .digits(strip), order: part.order,
            isPresent: true, roll: RetargetingMotion(value: 0, settleThreshold: 0.002),
            left: RetargetingMotion(value: origin, settleThreshold: 0.05),
            width: RetargetingMotion(value: 0, settleThreshold: 0.05),
            opacity: RetargetingMotion(value: 0, settleThreshold: 0.002))
    }

    /// Rolls column `index` to `digit`. A mutating method on the column in place: a non-mutating one called as
    /// `roll(&columns[index])` needs a copy of `self`, which shares the columns with it, so every roll copied the
    /// column's whole history (O(n²) for n values).
    private mutating func roll(
        column index: Int, toCell digit: Int, at time: MediaTime, direction: ResolvedRollDirection
    ) {
        let strip = strip
        let transition = transition
        // Read what is needed, not a copy of the motion: a copy alive during the move would share its segments.
        let heading = columns[index].roll.target
        let position = columns[index].roll.value(at: time)
        let settled = abs(heading - heading.rounded()) < 1e-9
        if settled && strip.wrappedIndex(Int(heading.rounded())) == strip.wrappedIndex(digit) { return }
        let target = strip.target(from: position, toCell: digit, direction: direction)
        columns[index].roll.move(to: target, at: time, transition: transition)
    }

    /// Sorts the columns and moves every left edge and width to the new layout.
    private mutating func layOut(at time: MediaTime) {
        columns.sort { a, b in
            if a.order != b.order { return a.order < b.order }
            if a.isPresent != b.isPresent { return !a.isPresent }
            return a.key.description < b.key.description
        }
        let lefts = targetLefts()
        for index in columns.indices {
            let width = columns[index].isPresent ? presentWidth(of: columns[index]) : 0
            columns[index].width.move(to: width, at: time, transition: transition)
            columns[index].left.move(to: lefts[index], at: time, transition: transition)
        }
    }

    /// The left edges of the columns once the layout has settled: present columns side by side, aligned in the
    /// box; an absent column where it would sit (at zero width).
    private mutating func targetLefts() -> [Double] {
        let widths = columns.map { $0.isPresent ? presentWidth(of: $0) : 0 }
        let total = widths.reduce(0, +)
        var x: Double
        switch alignment {
        case .center: x = (boxWidth - total) / 2
        case .right: x = boxWidth - total
        case .natural, .left, .justified: x = 0
        }
        var lefts: [Double] = []
        for width in widths {
            lefts.append(x)
            x += width
        }
        return lefts
    }

    private mutating func presentWidth(of column: DigitColumn) -> Double {
        switch column.content {
        case .digits: return cellWidth
        case .symbol(let character): return symbolWidth(character)
        }
    }

    private mutating func symbolWidth(_ character: Character) -> Double {
        if let width = symbolWidths[character] { return width }
        let width = measurer.advance(of: String(character), font: font)
        symbolWidths[character] = width
        return width
    }
}
