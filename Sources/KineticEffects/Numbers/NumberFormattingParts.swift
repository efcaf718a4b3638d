import Foundation

/// One character of a formatted number and the key of the column that shows it.
///
/// Keys follow the number's structure, not the character's index, so that when the text changes a column keeps
/// showing the same thing (as number-flow's parts do): integer digits are keyed by place value from the
/// right (units stay units when 99 becomes 100), fraction digits by place from the decimal separator, group
/// separators by the integer place on their left, and every other character (sign, currency symbol, percent
/// sign, prefix, suffix) by itself and its occurrence counted outwards from the number.
public struct NumberPart: Sendable, Hashable {
    /// Which column a character belongs to.
    public enum Key: Sendable, Hashable, CustomStringConvertible {
        /// A character before the number (prefix, sign, leading currency symbol): the character and how many
        /// equal characters sit between it and the number.
        case leading(Character, occurrence: Int)
        /// An integer digit: place 0 is the units, 1 the tens, …
        case integer(place: Int)
        /// The group separator just right of integer place `place` (the "," of "1,000" has place 3).
        case groupSeparator(place: Int)
        /// The decimal separator.
        case decimalSeparator
        /// A fraction digit: place 0 is the tenths, 1 the hundredths, …
        case fraction(place: Int)
        /// A character after the number (percent sign, trailing currency symbol, suffix): the character and how
        /// many equal characters sit between it and the number.
        case trailing(Character, occurrence: Int)

        public var description: String {
            switch self {
            case .leading(let character, let occurrence):
                "leading-\(character.unicodeScalars.first?.value ?? 0)-\(occurrence)"
            case .integer(let place): "integer-\(place)"
            case .groupSeparator(let place): "group-\(place)"
            case .decimalSeparator: "decimal"
            case .fraction(let place): "fraction-\(place)"
            case .trailing(let character, let occurrence):
                "trailing-\(character.unicodeScalars.first?.value ?? 0)-\(occurrence)"
            }
        }
    }

    /// The column's key.
    public var key: Key
    /// The character shown.
    public var character: Character
    /// The digit's value 0…9 for integer and fraction digits (which roll); nil for every other character.
    public var digit: Int?
    /// Left-to-right order among the parts of any text in the same format: (section, position in section).
    /// Parts of two different values of one format can be merged by it.
    public var order: Order

    /// A sortable place: sections left to right (leading, integer, decimal, fraction, trailing), then the
    /// position inside the section.
    public struct Order: Sendable, Hashable, Comparable {
        public var section: Int
        public var position: Int

        public static func < (a: Order, b: Order) -> Bool {
            (a.section, a.position) < (b.section, b.position)
        }
    }

    /// Creates a part.
    public init(key: Key, character: Character, digit: Int?, order: Order) {
        self.key = key
        self.character = character
        self.digit = digit
        self.order = order
    }
}

extension NumberFormat {
    /// The characters of `string(for: value)`, left to right, each with its column key.
    public func parts(for value: Double) -> [NumberPart] {
        enum Kind { case integerDigit, fractionDigit, group, decimal, other }
        var classified: [(Character, Kind)] = prefix.map { ($0, .other) }
        let text = formatted(rounded(value))
        for run in text.runs {
            let characters = text[run.range].characters
            for character in characters {
                let kind: Kind
                switch (run.numberSymbol, run.numberPart) {
                case (.groupingSeparator?, _): kind = .group
                case (.decimalSeparator?, _): kind = .decimal
                case (nil, .integer?) where character.wholeNumberValue != nil: kind = .integerDigit
                case (nil, .fraction?) where character.wholeNumberValue != nil: kind = .fractionDigit
                default: kind = .other
                }
                classified.append((character, kind))
            }
        }
        classified += suffix.map { ($0, .other) }

        let integerCount = classified.filter { $0.1 == .integerDigit }.count
        let firstNumber = classified.firstIndex { $0.1 != .other } ?? classified.count
        let lastNumber = classified.lastIndex { $0.1 != .other } ?? (classified.count - 1)
        // How many equal characters sit between each prefix or suffix character and the number, counted outwards
        // from the number in one pass each way (linear in the text, however long the prefix and suffix).
        var occurrences = Array(repeating: 0, count: classified.count)
        var seen: [Character: Int] = [:]
        for index in stride(from: firstNumber - 1, through: 0, by: -1) {
            occurrences[index] = seen[classified[index].0, default: 0]
            seen[classified[index].0, default: 0] += 1
        }
        seen = [:]
        for index in (lastNumber + 1)..<classified.count {
            occurrences[index] = seen[classified[index].0, default: 0]
            seen[classified[index].0, default: 0] += 1
        }
        var parts: [NumberPart] = []
        var integerSeen = 0
        var fractionSeen = 0
        for (index, (character, kind)) in classified.enumerated() {
            switch kind {
            case .integerDigit:
                let place = integerCount - 1 - integerSeen
                integerSeen += 1
                parts.append(
                    NumberPart(
                        key: .integer(place: place), character: character, digit: character.wholeNumberValue,
                        order: .init(section: 1, position: -2 * place)))
            case .group:
                // The digit on its left has place integerCount − integerSeen.
                let place = integerCount - integerSeen
                parts.append(
                    NumberPart(
                        key: .groupSeparator(place: place), character: character, digit: nil,
                        order: .init(section: 1, position: -2 * place + 1)))
            case .decimal:
                parts.append(
                    NumberPart(
                        key: .decimalSeparator, character: character, digit: nil,
                        order: .init(section: 2, position: 0)))
            case .fractionDigit:
                parts.append(
                    NumberPart(
                        key: .fraction(place: fractionSeen), character: character, digit: character.wholeNumberValue,
                        order: .init(section: 3, position: fractionSeen)))
                fractionSeen += 1
            case .other:
                let leading = index < firstNumber
                // Distance from the number and occurrences of the same character in between (none for a character
                // inside the number, which Foundation's formats do not produce).
                let occurrence = occurrences[index]
                let distance = leading ? firstNumber - index - 1 : max(0, index - lastNumber - 1)
                parts.append(
                    NumberPart(
                        key: leading
                            ? .leading(character, occurrence: occurrence)
                            : .trailing(character, occurrence: occurrence),
                        character: character, digit: nil,
                        order: .init(section: leading ? 0 : 4, position: leading ? -distance : distance)))
            }
        }
        return parts
    }
}
