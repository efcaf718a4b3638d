import KineticCore

/// The command table and the dispatcher: finds the command named by the leading words, parses its options and
/// turns every error into one line on stderr and a sysexits(3) status.
public enum KineticCommandLine {
    public static let version = "0.1.0"

    static var commands: [Command] {
        SampleCommands.all + RenderCommands.all + PlayCommand.all + [
            SimulateCommand.command, DemoCommand.command, ServeCommand.command,
        ]
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    ///
    /// Every error ends as one line on standard error (when it can still be written) and a sysexits status: 64
    /// usage, 65 data, 66 no input, 69 unavailable, 70 internal failure, 73 cannot create, 74 I/O error.
    public static func run(_ arguments: [String], streams: StandardStreams) -> Int32 {
        let name =
            commands.filter { arguments.starts(with: $0.path) }.max { $0.path.count < $1.path.count }
            .map { "kinetic " + $0.path.joined(separator: " ") } ?? "kinetic"
        do {
            return try dispatch(arguments, streams: streams)
        } catch {
            // One line, safe to print: a value with a newline or an escape sequence in it is shown escaped.
            try? streams.err("\(name): \(InputFile.printable(error.message))\n")
            return error.exitCode
        }
    }

    private static func dispatch(_ arguments: [String], streams: StandardStreams) throws(CLIError) -> Int32 {
        if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            try streams.out(overview)
            return arguments.isEmpty ? 64 : 0
        }
        if arguments == ["--version"] {
            try streams.out("kinetic \(version)\n")
            return 0
        }
        // The longest command path that prefixes the arguments.
        let match = commands.filter { arguments.starts(with: $0.path) }.max { $0.path.count < $1.path.count }
        guard let command = match else {
            return try reportUnknownCommand(arguments, streams: streams)
        }
        let parsed = try parseArguments(Array(arguments.dropFirst(command.path.count)), options: command.options)
        if parsed.wantsHelp {
            try streams.out(command.helpText)
            return 0
        }
        try command.run(parsed, streams)
        return 0
    }

    static var overview: String {
        var text =
            "kinetic \(version): iOS motion effects rendered anywhere Swift runs.\n\nUSAGE: kinetic COMMAND [OPTIONS]\n\nCOMMANDS:\n"
        let width = (commands.map { $0.path.joined(separator: " ").count }.max() ?? 0) + 2
        for command in commands {
            let name = command.path.joined(separator: " ")
            text += "  \(name)\(String(repeating: " ", count: width - name.count))\(command.summary)\n"
        }
        text += "\nRun `kinetic COMMAND --help` for a command's options.\n"
        return text
    }

    private static func reportUnknownCommand(_ arguments: [String], streams: StandardStreams) throws(CLIError)
        -> Int32
    {
        // A known group word ("sample") with a missing or unknown subcommand: list that group.
        let group = commands.filter { $0.path.first == arguments.first }
        if !group.isEmpty && arguments.count == 2 && ["--help", "-h"].contains(arguments[1]) {
            // `kinetic render --help`: the group's commands, as the overview lists them.
            let width = (group.map { $0.path.joined(separator: " ").count }.max() ?? 0) + 2
            var text = "USAGE: kinetic \(arguments[0]) SUBCOMMAND [OPTIONS]\n\nSUBCOMMANDS:\n"
            for command in group {
                let name = command.path.joined(separator: " ")
                text += "  \(name)\(String(repeating: " ", count: width - name.count))\(command.summary)\n"
            }
            try streams.out(text + "\nRun `kinetic \(arguments[0]) SUBCOMMAND --help` for its options.\n")
            return 0
        }
        if !group.isEmpty {
            let names = group.map { $0.path.joined(separator: " ") }.joined(separator: ", ")
            var given = arguments.count > 1 ? "unknown subcommand '\(arguments[1])'" : "missing subcommand"
            if arguments.count > 1 {
                // `render counter`: the subcommand it starts with, or the nearest within 2 edits.
                let typed = arguments[1].lowercased()
                let words = group.compactMap { $0.path.count > 1 ? $0.path[1] : nil }
                let nearest =
                    words.first { typed.hasPrefix($0) || $0.hasPrefix(typed) && typed.count >= 3 }
                    ?? words.map { ($0, editDistance(Array($0), Array(typed))) }.filter { $0.1 <= 2 }
                    .min { $0.1 < $1.1 }?.0
                if let nearest { given += "; did you mean '\(arguments[0]) \(nearest)'?" }
            }
            try streams.err("kinetic \(arguments[0]): \(given); expected one of: \(names)\n")
            return 64
        }
        let words = Set(commands.compactMap(\.path.first)).sorted()
        var message = "kinetic: unknown command '\(arguments[0])'"
        let given = Array(arguments[0])
        // Within 2 edits; a word whose length differs by more cannot be, so it costs nothing however long it is.
        let near = words.filter { abs($0.count - given.count) <= 2 }.map { ($0, editDistance(Array($0), given)) }
        if let closest = near.min(by: { $0.1 < $1.1 }), closest.1 <= 2 {
            message += "; did you mean '\(closest.0)'?"
        }
        try streams.err(message + " (run `kinetic --help` for the list)\n")
        return 64
    }
}
