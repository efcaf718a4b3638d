import FuzzSupport
import KineticCore
import KineticEffects
import KineticLayers

/// Locales worth fuzzing: Latin, Arabic-Indic and Devanagari digits, right-to-left text, currencies after the
/// number, hyphenated and malformed identifiers.
private let locales = [
    "en_US", "ja_JP", "de_DE", "fr_FR", "ar_EG", "ar_SA", "fa_IR", "hi_IN", "bn_BD", "my_MM", "he_IL", "de_CH",
    "en_IN", "es_ES", "en-US", "xx_YY", "", "en_US_POSIX",
]
private let currencies = ["JPY", "USD", "EUR", "BHD", "CLF", "usd", "XXX", "XAU", "ABC", "US", "€€€"]

/// A `NumberFormat` (style, locale, decimals, grouping, prefix, suffix) and two values (any Double bit pattern)
/// from the input: validate, then format, split into parts and drive a `DigitColumnManager` from one value to the
/// other, as the elevator and count effects do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let style: NumberFormat.Style
    switch input.byte() % 4 {
    case 0: style = .decimal
    case 1: style = .percent
    case 2: style = .currency(code: input.pick(currencies))
    default: style = .currency(code: input.string(limit: 5))
    }
    let locale = input.pick(locales)
    let digitsByte = input.byte()
    let fractionDigits: Int? = digitsByte == 0xFF ? nil : Int(Int8(bitPattern: digitsByte))
    let grouping = input.bool()
    let direction = input.pick(RollDirection.allCases)
    let first = input.doubleBits()
    let second = input.doubleBits()
    let prefix = input.string(limit: 8)
    let suffix = input.string(limit: 8)
    let format = NumberFormat(
        style: style, localeIdentifier: locale, fractionDigits: fractionDigits, usesGrouping: grouping, prefix: prefix,
        suffix: suffix)
    do { try format.validate() } catch { return 0 }

    let quantum = format.quantum
    guard quantum > 0, quantum <= 1 else { fuzzFailure("quantum \(quantum) of \(format)") }
    for value in [first, second] {
        let text = format.string(for: value)
        let parts = format.parts(for: value)
        guard String(parts.map(\.character)) == text else {
            fuzzFailure("parts of \(value) spell '\(String(parts.map(\.character)))', not '\(text)' (\(format))")
        }
        for part in parts where part.digit.map({ !(0...9).contains($0) }) ?? false {
            fuzzFailure("part \(part) of '\(text)' has a digit outside 0…9")
        }
    }

    // The columns behind the elevator and count effects, for values a number effect accepts (their init also
    // checks the locale's ten digits). ICU formatting dominates the run time, so the loop formats a few times.
    let measurer = FixedAdvanceMeasurer()
    guard
        var manager = try? DigitColumnManager(
            format: format, font: Font(size: 20), measurer: measurer, boxWidth: 200, direction: direction)
    else { return 0 }
    for (value, time) in [(first, 0.0), (second, 0.5), (first, 0.7)]
    where value.isFinite && abs(value) <= NumberFormat.maximumMagnitude {
        manager.setValue(value, at: time)
    }
    _ = manager.width(of: second)
    for time in [0.0, 0.3, 0.6, 1.0, manager.endTime] {
        for column in manager.columns {
            _ = column.visibleCells(at: time)
            _ = column.character(at: time)
        }
    }
    _ = manager.text
    return 0
}
