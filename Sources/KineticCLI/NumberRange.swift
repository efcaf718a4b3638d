import Foundation
import KineticOutput

/// The numbers an option accepts: a finite interval with its unit, checked where the text enters and quoted in
/// the error (`--fps must be from 1 to 120 (got '1e19')`).
///
/// Every numeric option of every command reads through a range (``ParsedArguments/double(_:in:)`` and friends
/// take one), so no number a user types reaches the library unchecked: not huge, not tiny, not inf or nan.
struct NumberRange: Sendable, Hashable {
    /// The smallest value, or the bound values stay above when `excludesLower`.
    var lower: Double
    /// The largest value, or the bound values stay below when `excludesUpper`.
    var upper: Double
    var excludesLower = false
    var excludesUpper = false
    /// The unit in words for messages, e.g. "seconds" (empty for none).
    var unit = ""

    /// lower…upper, both included.
    static func from(_ lower: Double, to upper: Double, _ unit: String = "") -> NumberRange {
        NumberRange(lower: lower, upper: upper, unit: unit)
    }

    /// More than `lower`, at most `upper`.
    static func above(_ lower: Double, upTo upper: Double, _ unit: String = "") -> NumberRange {
        NumberRange(lower: lower, upper: upper, excludesLower: true, unit: unit)
    }

    /// −limit…limit.
    static func within(_ limit: Double, _ unit: String = "") -> NumberRange {
        NumberRange(lower: -limit, upper: limit, unit: unit)
    }

    func contains(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        let aboveLower = excludesLower ? value > lower : value >= lower
        let belowUpper = excludesUpper ? value < upper : value <= upper
        return aboveLower && belowUpper
    }

    /// "from 1 to 120", "greater than 0 and at most 600 seconds".
    var text: String {
        let low = excludesLower ? "greater than \(lower.humanText)" : nil
        let high = excludesUpper ? "less than \(upper.humanText)" : nil
        let suffix = unit.isEmpty ? "" : " \(unit)"
        switch (low, high) {
        case (nil, nil): return "from \(lower.humanText) to \(upper.humanText)\(suffix)"
        case (let low?, nil): return "\(low) and at most \(upper.humanText)\(suffix)"
        case (nil, let high?): return "at least \(lower.humanText) and \(high)\(suffix)"
        case (let low?, let high?): return "\(low) and \(high)\(suffix)"
        }
    }

    /// The same range with another unit.
    func unit(_ unit: String) -> NumberRange {
        var copy = self
        copy.unit = unit
        return copy
    }
}

extension Double {
    /// A time for people: seconds to the hundredth (`2.48`, `0.5`, `12`), or in full below a hundredth.
    var secondsText: String {
        guard isFinite, abs(self) >= 0.01 else { return humanText }
        return ((self * 100).rounded() / 100).humanText
    }

    /// The number as a person writes it: `240`, `0.5`, `1e19`, `-0.001` (never `240.0` or `1e+19`), as the
    /// library's messages write it.
    var humanText: String { shortText }
}
