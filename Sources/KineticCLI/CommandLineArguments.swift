import KineticCore

/// A small, strict command-line parser: the options a command accepts are declared, and anything else is a usage
/// error that names the problem (and the closest known option). No outside package: this machine cannot fetch one.

/// One option a command accepts.
struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. "count" for `--count`.
    var name: String
    /// A one-letter alias without the dash, e.g. "o" for `-o`.
    var short: Character?
    /// The placeholder shown in help for options that take a value (e.g. "N"); nil for flags.
    var valueName: String?
    /// One line of help, including the default where there is one.
    var help: String

    static func value(_ name: String, _ valueName: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }

    static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }
}

/// What a command line said, after checking it against the declared options.
struct ParsedArguments: Sendable {
    /// Positional arguments in order.
    var positionals: [String] = []
    /// Values of options that take one; the last occurrence wins.
    var values: [String: String] = [:]
    /// Flags that were given.
    var flags: Set<String> = []
    /// True when `--help` or `-h` appeared.
    var wantsHelp = false

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func string(_ name: String) -> String? { values[name] }

    /// The number in option `name`, or nil when it was not given.
    ///
    /// - Throws: `CLIError.usage` naming the option, the range and the text given, for anything that is not a
    ///   finite number in `range` (`1e400`, `nan`, `inf`, out of range alike).
    func double(_ name: String, in range: NumberRange) throws(CLIError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text.trimmingWhitespace), range.contains(value) else {
            let isNumber = Double(text.trimmingWhitespace) != nil
            throw .usage(
                isNumber
                    ? "--\(name) must be \(range.text) (got '\(text)')"
                    : "--\(name) expects a number \(range.text), got '\(text)'")
        }
        return value == 0 ? 0 : value  // −0 reads as 0
    }

    /// The number in option `name` (checked as ``double(_:in:)``), or `fallback`.
    func double(_ name: String, in range: NumberRange, default fallback: Double) throws(CLIError) -> Double {
        try double(name, in: range) ?? fallback
    }

    /// The whole number in option `name`, or nil when it was not given.
    ///
    /// - Throws: `CLIError.usage` naming the option and the range for anything but a whole number in `range`.
    func int(_ name: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
        guard let text = values[name] else { return nil }
        let rule = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let value = Int(text.trimmingWhitespace) else {
            throw .usage("--\(name) expects \(rule), got '\(text)'")
        }
        guard range.contains(value) else { throw .usage("--\(name) must be \(rule) (got '\(text)')") }
        return value
    }

    /// A comma-separated list of numbers in `range`, e.g. `--at 0,0.5,1`, of at most `maximumCount` entries.
    func doubleList(_ name: String, in range: NumberRange, maximumCount: Int) throws(CLIError) -> [Double]? {
        guard let text = values[name] else { return nil }
        var result: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Double(String(part).trimmingWhitespace) else {
                throw .usage("--\(name) expects comma-separated numbers like 0,0.5,1; '\(part)' is not a number")
            }
            guard range.contains(value) else {
                throw .usage("--\(name): every number must be \(range.text) (got '\(part)')")
            }
            result.append(value == 0 ? 0 : value)
            guard result.count <= maximumCount else {
                throw .usage("--\(name) takes at most \(maximumCount) numbers")
            }
        }
        return result
    }
}

/// Parses `arguments` (without the command words) against `options`.
///
/// Accepts `--name value`, `--name=value`, `-x value`, flags, `--` (everything after it is positional) and
/// `-h`/`--help`. Negative numbers such as `-0.5` are values or positionals, not options.
func parseArguments(_ arguments: [String], options: [OptionSpec]) throws(CLIError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyPositionals || !argument.hasPrefix("-") || argument == "-" || Double(argument) != nil {
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" {
            onlyPositionals = true
            continue
        }
        if argument == "--help" || argument == "-h" {
            parsed.wantsHelp = true
            continue
        }
        var name: String
        var inlineValue: String?
        let spec: OptionSpec
        if argument.hasPrefix("--") {
            name = String(argument.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let found = options.first(where: { $0.name == name }) else {
                throw .usage(unknownOptionMessage("--\(name)", options: options))
            }
            spec = found
        } else {
            let letters = argument.dropFirst()
            guard letters.count == 1, let letter = letters.first,
                let found = options.first(where: { $0.short == letter })
            else {
                throw .usage(unknownOptionMessage(argument, options: options))
            }
            spec = found
            name = found.name
        }
        if spec.valueName == nil {
            if inlineValue != nil { throw .usage("--\(name) is a flag and takes no value") }
            parsed.flags.insert(spec.name)
            continue
        }
        if let inlineValue {
            parsed.values[spec.name] = inlineValue
        } else if index < arguments.count {
            parsed.values[spec.name] = arguments[index]
            index += 1
        } else {
            var message = "--\(spec.name) needs a value (\(spec.valueName ?? "VALUE"))"
            if spec.valueName == "COLOR" {
                // `--background #1C1C1E` unquoted: the shell drops everything from the # on.
                message +=
                    "; quote a #RRGGBB colour ('#1C1C1E') or leave out the #: unquoted, a shell reads # as "
                    + "the start of a comment"
            }
            throw .usage(message)
        }
    }
    return parsed
}

private func unknownOptionMessage(_ given: String, options: [OptionSpec]) -> String {
    let bare = Array(given.drop(while: { $0 == "-" }))
    var message = "unknown option '\(given)'"
    // A name is suggested within max(2, its length / 3) edits; the distance is at least the difference in length,
    // so names too short or too long for that are skipped without computing it (a word of any length stays cheap).
    var best: (name: String, distance: Int)?
    for name in options.map(\.name) + ["help"] {
        let allowed = max(2, name.count / 3)
        guard abs(name.count - bare.count) <= allowed else { continue }
        let distance = editDistance(Array(name), bare)
        if distance <= allowed, distance < best?.distance ?? .max {
            best = (name, distance)
        }
    }
    if let best {
        message += "; did you mean '--\(best.name)'?"
    }
    return message + " (see --help)"
}

extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
