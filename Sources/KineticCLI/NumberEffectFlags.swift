import Foundation
import KineticAnimation
import KineticCore
import KineticEffects
import KineticLayers

/// The flags `render elevator` and `render count` share: how the number is written, the font and colour, and the
/// curve or spring it moves with. Each reader starts from the style's defaults and changes only what was given.
enum NumberEffectFlags {
    static let formatOptions: [OptionSpec] = [
        .value("format", "KIND", "decimal, currency or percent (default decimal; percent shows 0.25 as 25%)."),
        .value(
            "currency", "CODE", "ISO 4217 code such as USD or JPY; implies --format currency (default: the locale's)."),
        .value("locale", "ID", "Locale for separators, digits and symbols, e.g. en_US, ja_JP, de_DE (default en_US)."),
        .value(
            "decimals", "N", "Digits after the decimal separator, 0…10 (default 0; the currency's own for currency)."),
        .flag("no-grouping", "Write 10000 rather than 10,000 (the original style's default unless --format is given)."),
        .value("prefix", "TEXT", "Text before the number (default none)."),
        .value("suffix", "TEXT", "Text after the number (default none)."),
    ]

    static func textOptions(defaultFont: String) -> [OptionSpec] {
        [
            .value("font", "FAMILIES", "Comma-separated font families (default Inter, Noto Sans CJK JP)."),
            .value("font-size", "PT", "Font size in points, 0 < PT ≤ 1000 (default \(defaultFont))."),
            .value("font-weight", "N", "Font weight, 100…900 (see --font-size for the default)."),
            .flag(
                "proportional-digits",
                "Proportional digits (no OpenType tnum); tabular is the default except for the elevator's original style."
            ),
            .value(
                "text-color", "COLOR",
                "#RRGGBB[AA] or a CSS name: text colour (default #000000 original, #1C1C1E otherwise)."),
            .value("color", "COLOR", "The same as --text-color (the name every effect shares)."),
            .value("align", "ALIGN", "left, center or right in the box (default center)."),
        ]
    }

    static func motionOptions(easingDefault: String, springDefault: String) -> [OptionSpec] {
        [
            .value(
                "easing", "CURVE",
                "linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(a,b,c,d), steps(n) or expo "
                    + "(countUp.js easeOutExpo) (default \(easingDefault))."),
            .value(
                "spring", "SPEC",
                "smooth, snappy, bouncy, ca (mass 1, stiffness 100, damping 10) or key=value pairs from one family: "
                    + "duration=0.6,bounce=0.2 | response=0.5,damping-fraction=0.8 | mass=1,stiffness=100,damping=10 "
                    + "(default \(springDefault))."),
        ]
    }

    /// `base` changed by the format flags.
    static func format(_ arguments: ParsedArguments, base: NumberFormat) throws(CLIError) -> NumberFormat {
        var format = base
        if let locale = arguments.string("locale") { format.localeIdentifier = locale }
        let kind = arguments.string("format") ?? (arguments.string("currency") != nil ? "currency" : nil)
        switch kind?.lowercased() {
        case nil: break
        case "decimal": format.style = .decimal
        case "percent": format.style = .percent
        case "currency":
            let localeCurrency = Locale(identifier: format.localeIdentifier).currency?.identifier
            format.style = .currency(code: arguments.string("currency") ?? localeCurrency ?? "USD")
        case let other?:
            throw .usage("--format must be decimal, currency or percent (got '\(other)')")
        }
        if arguments.string("currency") != nil, kind?.lowercased() != "currency" {
            throw .usage("--currency needs --format currency (or no --format)")
        }
        if let decimals = try arguments.int("decimals", in: 0...10) { format.fractionDigits = decimals }
        if arguments.flag("no-grouping") { format.usesGrouping = false }
        if kind != nil, base == .plain, !arguments.flag("no-grouping") { format.usesGrouping = true }
        if let prefix = arguments.string("prefix") { format.prefix = prefix }
        if let suffix = arguments.string("suffix") { format.suffix = suffix }
        do {
            try TextLengthLimit.validate(format.prefix, name: "--prefix")
            try TextLengthLimit.validate(format.suffix, name: "--suffix")
            try format.validate()
        } catch {
            throw .usage(error.message)
        }
        return format
    }

    /// `base` changed by the font flags.
    static func font(_ arguments: ParsedArguments, base: Font) throws(CLIError) -> Font {
        var font = base
        if let families = arguments.string("font") {
            let names = families.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw .usage("--font expects family names like 'Inter, Noto Sans CJK JP'") }
            font.families = names
        }
        font.size = try arguments.double("font-size", in: Limits.fontSize, default: font.size)
        if let weight = try arguments.int("font-weight", in: 100...900) { font.weight = weight }
        if arguments.flag("proportional-digits") { font.tabularDigits = false }
        return font
    }

    /// The colour in flag `name`, or nil when it is not given. "none" is nil too when `allowsNone`.
    static func color(_ arguments: ParsedArguments, _ name: String, allowsNone: Bool = false) throws(CLIError) -> Color?
    {
        guard let text = arguments.string(name) else { return nil }
        if allowsNone, text.lowercased() == "none" { return nil }
        do {
            return try Color(css: text)
        } catch {
            throw .usage("--\(name): \(error.description)" + (allowsNone ? "; or use 'none'" : ""))
        }
    }

    /// The text colour in `--text-color` (or its older name `--color`), or nil when neither is given.
    static func textColor(_ arguments: ParsedArguments) throws(CLIError) -> Color? {
        if arguments.string("text-color") != nil, arguments.string("color") != nil {
            throw .usage("--color is another name for --text-color: give one of them")
        }
        return try color(arguments, arguments.string("text-color") != nil ? "text-color" : "color")
    }

    /// The alignment in `--align`, or `base`.
    static func alignment(_ arguments: ParsedArguments, base: TextAlignment) throws(CLIError) -> TextAlignment {
        guard let text = arguments.string("align") else { return base }
        switch text.lowercased() {
        case "left": return .left
        case "center", "centre": return .center
        case "right": return .right
        default: throw .usage("--align must be left, center or right (got '\(text)')")
        }
    }

    /// The curve in `--easing`: a CSS timing function, or "expo" for countUp.js's easeOutExpo (nil).
    enum Curve {
        case expo
        case timing(TimingFunction)
    }

    static func curve(_ arguments: ParsedArguments) throws(CLIError) -> Curve? {
        guard let text = arguments.string("easing") else { return nil }
        if ["expo", "easeoutexpo", "ease-out-expo"].contains(text.lowercased()) { return .expo }
        do {
            return .timing(try TimingFunction(parsing: text))
        } catch {
            throw .usage("--easing: \(error); or use expo")
        }
    }

    /// The spring in `--spring`, or nil when it is not given.
    static func spring(_ arguments: ParsedArguments) throws(CLIError) -> Spring? {
        guard let text = arguments.string("spring")?.trimmingWhitespace.lowercased() else { return nil }
        switch text {
        case "smooth": return .smooth
        case "snappy": return .snappy
        case "bouncy": return .bouncy
        case "ca", "default": return .default
        default: break
        }
        var values: [String: Double] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace }
            guard parts.count == 2, let value = Double(parts[1]), Self.springRanges[parts[0]]?.contains(value) ?? true
            else {
                if parts.count == 2, let range = Self.springRanges[parts[0]] {
                    throw .usage("--spring: \(parts[0]) must be \(range.text) (got '\(parts[1])')")
                }
                throw .usage(
                    "--spring expects smooth, snappy, bouncy, ca or key=value pairs like duration=0.6,bounce=0.2 "
                        + "(got '\(pair)')")
            }
            values[parts[0]] = value
        }
        let keys = Set(values.keys)
        do {
            if keys.isSubset(of: ["duration", "bounce"]), let duration = values["duration"] {
                return try Spring(duration: duration, bounce: values["bounce"] ?? 0)
            }
            if keys.isSubset(of: ["response", "damping-fraction"]), let response = values["response"] {
                return try Spring(response: response, dampingFraction: values["damping-fraction"] ?? 0.825)
            }
            if keys.isSubset(of: ["mass", "stiffness", "damping"]) {
                return try Spring(
                    mass: values["mass"] ?? 1, stiffness: values["stiffness"] ?? 100, damping: values["damping"] ?? 10)
            }
        } catch {
            throw .usage("--spring: \(error)")
        }
        throw .usage(
            "--spring: use one family of keys: duration[,bounce], response[,damping-fraction] or "
                + "mass,stiffness,damping (got \(keys.sorted().joined(separator: ", ")))")
    }

    /// The range of each `--spring` key (the same as `kinetic sample spring`'s options).
    static let springRanges: [String: NumberRange] = SampleCommands.springRanges

    /// A comma-separated list of numbers in flag `name`, or nil.
    static func numbers(_ arguments: ParsedArguments, _ name: String) throws(CLIError) -> [Double]? {
        guard let list = try arguments.doubleList(name, in: Limits.number, maximumCount: Limits.listCount) else {
            return nil
        }
        guard !list.isEmpty else { throw .usage("--\(name) needs at least one number") }
        return list
    }
}
