/// A subcommand of `kinetic`: its words, its help and its options, and what it does.
struct Command: Sendable {
    /// The words that select it, e.g. ["sample", "curve"].
    var path: [String]
    /// One line for the command list.
    var summary: String
    /// The usage line after `kinetic`, e.g. "sample curve SPEC [--count N] [--json]".
    var usage: String
    /// Paragraphs shown under the usage line in `--help`.
    var details: String
    var options: [OptionSpec]
    var run: @Sendable (ParsedArguments, StandardStreams) throws(CLIError) -> Void

    /// The full `--help` text.
    var helpText: String {
        var text = "USAGE: kinetic \(usage)\n\n\(summary)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        let all = options + [.flag("help", short: "h", "Show this help.")]
        text += "\nOPTIONS:\n"
        let labels = all.map { spec in
            var label = "--\(spec.name)"
            if let short = spec.short { label = "-\(short), " + label }
            if let value = spec.valueName { label += " \(value)" }
            return label
        }
        let width = min(30, (labels.map(\.count).max() ?? 0) + 2)
        for (label, spec) in zip(labels, all) {
            let padded = label.count < width ? label + String(repeating: " ", count: width - label.count) : label + "  "
            text += "  \(padded)\(spec.help)\n"
        }
        return text
    }
}
