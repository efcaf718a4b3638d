import Foundation
import KineticLayers

/// How a number effect writes its value: Foundation's locale-aware number formatting (grouping, a fixed number of
/// decimals, currency, percent) with an optional prefix and suffix.
///
/// Values are rounded to the last shown decimal *before* they are formatted, half away from zero (as countUp.js's
/// `toFixed` does), so a counting value never flickers between two roundings and −0.4 shows as "0", not "-0".
///
/// ```swift
/// let yen = NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP")
/// yen.string(for: 10_000)  // "¥10,000"
/// ```
public struct NumberFormat: Sendable, Hashable {
    /// What kind of number it is.
    public enum Style: Sendable, Hashable {
        /// A plain number: "1,234.5".
        case decimal
        /// An amount of money in the ISO 4217 currency `code` (e.g. "JPY", "USD"), with the locale's symbol and
        /// placement: "¥10,000", "-$1,234.50", "1.234,50 €".
        case currency(code: String)
        /// Foundation's percent: the value is a fraction, so 0.256 shows as "26%" (or "25.6%" with one decimal).
        case percent
    }

    /// The kind of number. Default `.decimal`.
    public var style: Style
    /// The locale that picks separators, digits and the currency symbol's place, e.g. "en_US", "ja_JP", "de_DE".
    /// Default "en_US" (never the machine's locale, so output does not depend on where it runs).
    public var localeIdentifier: String
    /// Digits after the decimal separator, 0…10, always shown (trailing zeros included) so the width never jumps;
    /// nil (default) for 0 with `.decimal` and `.percent` and the currency's own (JPY 0, USD 2) with `.currency`.
    public var fractionDigits: Int?
    /// Whether thousands are grouped ("10,000" rather than "10000"). Default true.
    public var usesGrouping: Bool
    /// Text before the number (after nothing), e.g. "Total: ". Default empty; at most
    /// ``maximumAffixCharacters`` (100) characters.
    public var prefix: String
    /// Text after the number, e.g. " pts". Default empty; at most ``maximumAffixCharacters`` (100) characters.
    public var suffix: String

    /// The longest prefix or suffix, in characters: 100. A number's label is short, and the number effects draw
    /// the affixes in every frame of the count (a vector export of a 5,000-character prefix took 31 s and 1 GB).
    public static let maximumAffixCharacters = 100

    /// The largest magnitude a number effect accepts: 10¹⁵ (beyond it a Double cannot hold every integer step).
    public static let maximumMagnitude = 1e15

    /// A format; every parameter has the default documented on its property.
    public init(
        style: Style = .decimal, localeIdentifier: String = "en_US", fractionDigits: Int? = nil,
        usesGrouping: Bool = true, prefix: String = "", suffix: String = ""
    ) {
        self.style = style
        self.localeIdentifier = localeIdentifier
        self.fractionDigits = fractionDigits
        self.usesGrouping = usesGrouping
        self.prefix = prefix
        self.suffix = suffix
    }

    /// Whole numbers without grouping, as Swift's `"\(value)"` writes an `Int`: the seeds' format.
    public static let plain = NumberFormat(usesGrouping: false)

    /// Checks the locale, the currency code, the number of decimals and the lengths of the prefix and suffix.
    ///
    /// - Throws: `EffectSpecError` naming the bad value and what a good one looks like.
    public func validate() throws(EffectSpecError) {
        try TextLengthLimit.validate(prefix, name: "the prefix")
        try TextLengthLimit.validate(suffix, name: "the suffix")
        for (name, text) in [("prefix", prefix), ("suffix", suffix)] where text.count > Self.maximumAffixCharacters {
            throw EffectSpecError(
                "the \(name) is \(TextLengthLimit.grouped(text.count)) characters long; a number's \(name) has at most "
                    + "\(Self.maximumAffixCharacters)")
        }
        let identifier = localeIdentifier.replacingOccurrences(of: "-", with: "_")
        guard knownLocaleIdentifiers.contains(identifier) else {
            throw EffectSpecError(
                "unknown locale '\(localeIdentifier)'; use an identifier such as en_US, ja_JP, de_DE or fr_FR")
        }
        if case .currency(let code) = style {
            let upper = code.uppercased()
            guard upper.count == 3, upper.allSatisfy({ $0.isASCII && $0.isLetter }),
                Locale.Currency.isoCurrencies.contains(Locale.Currency(upper))
            else {
                throw EffectSpecError("unknown currency code '\(code)'; use an ISO 4217 code such as USD, EUR or JPY")
            }
        }
        if let fractionDigits, !(0...10).contains(fractionDigits) {
            throw EffectSpecError("the number of decimals must be 0…10 (got \(fractionDigits))")
        }
    }

    private var locale: Locale { Locale(identifier: localeIdentifier.replacingOccurrences(of: "-", with: "_")) }

    /// The digits after the decimal separator actually shown: `fractionDigits`, or the style's default.
    public var resolvedFractionDigits: Int {
        if let fractionDigits { return min(max(fractionDigits, 0), 10) }
        guard case .currency(let code) = style else { return 0 }
        // The currency's own number of decimals: format 1/3 with the currency's default precision and count the
        // threes ("¥0" → 0, "$0.33" → 2, "BHD 0.333" → 3). Foundation has no public query for it.
        let third = (1.0 / 3).formatted(.currency(code: code.uppercased()).locale(locale))
        return third.filter { $0.wholeNumberValue == 3 }.count
    }

    /// The smallest step the format shows, in value units: 10^−decimals (for percent, 10^−(decimals + 2)).
    public var quantum: Double {
        let places = resolvedFractionDigits + (style == .percent ? 2 : 0)
        var step = 1.0
        for _ in 0..<places { step /= 10 }
        return step
    }

    /// `value` rounded to `quantum`, half away from zero; a result of zero is +0.
    public func rounded(_ value: Double) -> Double {
        let step = quantum
        let result = (value / step).rounded(.toNearestOrAwayFromZero) * step
        return result == 0 ? 0 : result
    }

    /// The text for `value`: prefix, the rounded value formatted, suffix.
    public func string(for value: Double) -> String {
        prefix + String(formatted(rounded(value)).characters) + suffix
    }

    /// The locale's ten digits, 0 to 9 ("0"…"9" for en_US and ja_JP, "٠"…"٩" for ar_EG).
    public var digitCharacters: [Character] {
        let style = FloatingPointFormatStyle<Double>(locale: locale).grouping(.never).precision(.fractionLength(0))
        return (0...9).map { Double($0).formatted(style).first ?? Character(String($0)) }
    }

    /// The formatted number as an attributed string, whose runs say which characters are integer or fraction
    /// digits and which are separators or symbols.
    func formatted(_ value: Double) -> AttributedString {
        let digits = resolvedFractionDigits
        let grouping: NumberFormatStyleConfiguration.Grouping = usesGrouping ? .automatic : .never
        switch style {
        case .decimal:
            return value.formatted(
                FloatingPointFormatStyle<Double>(locale: locale).precision(.fractionLength(digits)).grouping(grouping)
                    .attributed)
        case .currency(let code):
            return value.formatted(
                FloatingPointFormatStyle<Double>.Currency(code: code.uppercased(), locale: locale)
                    .precision(.fractionLength(digits)).grouping(grouping).attributed)
        case .percent:
            return value.formatted(
                FloatingPointFormatStyle<Double>.Percent(locale: locale).precision(.fractionLength(digits))
                    .grouping(grouping).attributed)
        }
    }
}

/// The identifiers Foundation has locale data for, read once per process (building the list from ICU takes longer
/// than formatting a number, and `validate()` runs for every format).
private let knownLocaleIdentifiers = Set(Locale.availableIdentifiers)
