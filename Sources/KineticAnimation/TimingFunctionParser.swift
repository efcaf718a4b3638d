extension TimingFunction {
    /// Reads a timing function written in CSS or as an iOS name, ASCII case-insensitively, with any whitespace
    /// around names, parentheses, numbers and commas:
    ///
    /// - keywords: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`, `step-start`, `step-end`;
    /// - iOS names: `default`, `easeIn`, `easeOut`, `easeInEaseOut`;
    /// - `cubic-bezier(x1, y1, x2, y2)`: four CSS numbers (`0.25`, `-.5`, `1e-3`), x1 and x2 in 0…1;
    /// - `steps(n)` or `steps(n, position)`: a whole n ≥ 1 (≥ 2 for jump-none) and one of `jump-start`,
    ///   `jump-end`, `jump-none`, `jump-both`, `start`, `end` (default `jump-end`).
    ///
    /// - Throws: `TimingFunctionError` quoting the bad part and saying how to write it, e.g. for an unknown name,
    ///   a malformed or non-finite number, x outside 0…1, a wrong argument count or a too-small step count.
    public init(parsing spec: String) throws(TimingFunctionError) {
        self = try TimingFunctionParser.parse(spec)
    }
}

/// The parser behind `TimingFunction(parsing:)`.
enum TimingFunctionParser {
    /// Every keyword and iOS name, lowercased, with its function.
    static let keywords: [(name: String, function: TimingFunction)] = [
        ("linear", .linear),
        ("ease", .ease),
        ("ease-in", .easeIn),
        ("ease-out", .easeOut),
        ("ease-in-out", .easeInEaseOut),
        ("step-start", .stepStart),
        ("step-end", .stepEnd),
        ("default", .default),
        ("easein", .easeIn),
        ("easeout", .easeOut),
        ("easeineaseout", .easeInEaseOut),
    ]

    static let formsHint =
        "use linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, an iOS name (default, easeIn, "
        + "easeOut, easeInEaseOut), cubic-bezier(x1, y1, x2, y2) or steps(n, jump-end)"

    static func parse(_ spec: String) throws(TimingFunctionError) -> TimingFunction {
        let text = trimmed(Substring(spec))
        guard !text.isEmpty else {
            throw TimingFunctionError(message: "the timing function spec is empty: " + formsHint)
        }
        guard let open = text.firstIndex(of: "(") else {
            return try keyword(text)
        }
        let name = trimmed(text[..<open]).lowercased()
        guard text.last == ")" else {
            throw TimingFunctionError(
                message: "'\(text)' has no closing parenthesis: end it with ')', e.g. \(example(for: name))")
        }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard !inside.contains("("), !inside.contains(")") else {
            throw TimingFunctionError(
                message: "'\(text)' has nested or extra parentheses: write one list of arguments, "
                    + "e.g. \(example(for: name))")
        }
        let arguments =
            trimmed(inside).isEmpty
            ? [] : inside.split(separator: ",", omittingEmptySubsequences: false).map { trimmed($0) }
        switch name {
        case "cubic-bezier":
            return try cubicBezier(arguments, text: text)
        case "steps":
            return try steps(arguments, text: text)
        default:
            throw TimingFunctionError(
                message: "unknown timing function '\(trimmed(text[..<open]))(…)': "
                    + "the functions are cubic-bezier(x1, y1, x2, y2) and steps(n, position)")
        }
    }

    private static func keyword(_ text: Substring) throws(TimingFunctionError) -> TimingFunction {
        let lowered = text.lowercased()
        if let match = keywords.first(where: { $0.name == lowered }) {
            return match.function
        }
        // A near miss (ease_in, EaseInOut, "ease in out") gets a suggestion.
        let squeezed = squeeze(lowered)
        if let near = keywords.first(where: { squeeze($0.name) == squeezed }) {
            throw TimingFunctionError(
                message: "unknown timing function name '\(text)': did you mean '\(near.function.cssText)'? "
                    + formsHint)
        }
        throw TimingFunctionError(message: "unknown timing function name '\(text)': " + formsHint)
    }

    private static func cubicBezier(
        _ arguments: [Substring], text: Substring
    ) throws(TimingFunctionError) -> TimingFunction {
        guard arguments.count == 4 else {
            throw TimingFunctionError(
                message: "'\(text)' has \(count(arguments)): cubic-bezier needs exactly 4 numbers, "
                    + "e.g. cubic-bezier(0.25, 0.1, 0.25, 1)")
        }
        let names = ["x1", "y1", "x2", "y2"]
        var values: [Double] = []
        for (name, argument) in zip(names, arguments) {
            values.append(try number(argument, named: "cubic-bezier \(name)"))
        }
        return .cubicBezier(try CubicBezier(values[0], values[1], values[2], values[3]))
    }

    private static func steps(_ arguments: [Substring], text: Substring) throws(TimingFunctionError) -> TimingFunction {
        guard arguments.count == 1 || arguments.count == 2 else {
            throw TimingFunctionError(
                message: "'\(text)' has \(count(arguments)): steps takes a step count and an optional position, "
                    + "e.g. steps(4) or steps(4, jump-start)")
        }
        let countText = arguments[0]
        guard isInteger(countText) else {
            throw TimingFunctionError(
                message: "steps count '\(countText)' is not a whole number: write a whole number ≥ 1, e.g. steps(4)")
        }
        guard let count = Int(countText) else {
            throw TimingFunctionError(
                message: "steps count '\(countText)' is too large: use at most \(Int.max) steps")
        }
        var position = StepPosition.jumpEnd
        if arguments.count == 2 {
            guard let parsed = StepPosition(cssKeyword: arguments[1]) else {
                throw TimingFunctionError(
                    message: "unknown step position '\(arguments[1])': "
                        + "use jump-start, jump-end, jump-none, jump-both, start or end")
            }
            position = parsed
        }
        return try TimingFunction.steps(count, position)
    }

    /// A CSS <number>: optional sign, digits with an optional fraction (or a fraction alone), optional exponent.
    private static func number(_ text: Substring, named name: String) throws(TimingFunctionError) -> Double {
        guard !text.isEmpty else {
            throw TimingFunctionError(
                message: "\(name) is missing: write a number between the commas, e.g. cubic-bezier(0.25, 0.1, 0.25, 1)"
            )
        }
        guard isCSSNumber(text), let value = Double(text) else {
            throw TimingFunctionError(
                message: "\(name) '\(text)' is not a number: write a plain decimal number such as 0.25, -0.5 or 1e-3")
        }
        guard value.isFinite else {
            throw TimingFunctionError(
                message: "\(name) '\(text)' is too large to be a finite number: use a number of ordinary size")
        }
        return value
    }

    private static func isCSSNumber(_ text: Substring) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        let integerDigits = scalars.prefix(while: isDigit).count
        scalars = scalars.dropFirst(integerDigits)
        var fractionDigits = 0
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            fractionDigits = scalars.prefix(while: isDigit).count
            scalars = scalars.dropFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
            let exponentDigits = scalars.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return false }
            scalars = scalars.dropFirst(exponentDigits)
        }
        return scalars.isEmpty
    }

    private static func isInteger(_ text: Substring) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        return !scalars.isEmpty && scalars.allSatisfy(isDigit)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
            let last = text.lastIndex(where: { !isSpace($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }

    private static func squeeze(_ text: String) -> String {
        String(text.filter { $0 != "-" && $0 != "_" && !$0.isWhitespace })
    }

    private static func count(_ arguments: [Substring]) -> String {
        arguments.count == 1 ? "1 argument" : "\(arguments.count) arguments"
    }

    private static func example(for name: String) -> String {
        name == "steps" ? "steps(4, jump-end)" : "cubic-bezier(0.25, 0.1, 0.25, 1)"
    }
}
