import KineticCLI

/// Every command path; only the `sample` ones run with fuzzed options, the others only show their help.
private let sampleCommands = [["sample", "curve"], ["sample", "spring"], ["sample", "timing"]]
private let otherCommands = [
    ["render", "elevator"], ["render", "count"], ["render", "shimmer"], ["render", "collapse"],
    ["render", "showcase"], ["play", "elevator"], ["play", "count"], ["play", "shimmer"], ["play", "collapse"],
    ["play", "showcase"], ["simulate"], ["demo"],
]
private let groups = ["sample", "render", "play"]

/// Text written to the discarded streams, kept only to check that a failure says something.
private final class Sink: @unchecked Sendable {
    var error = ""
}

/// The CLI's argument parser and the `sample` commands, which print numbers and write no files. The input is
/// split into argv words at NUL and newline bytes; its first byte picks what runs:
///
/// - 0…2: `sample curve|spring|timing` + the words;
/// - 3: a command's or a group's `--help`/`-h`, chosen by the second byte;
/// - otherwise: the words alone (unknown commands, group listings, `--help`, `--version`, `sample …`).
///
/// Inputs that could write a file (`--plot`, `--output`, `--out`, `-o`, any command other than `sample`) or ask
/// for huge outputs (a number above 100 in magnitude anywhere) are skipped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let mode = bytes.first else { return 0 }
    let words = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: 10, omittingEmptySubsequences: false) }
        .map { String(decoding: $0, as: UTF8.self) }
    let arguments: [String]
    switch mode {
    case 0, 1, 2:
        arguments = sampleCommands[Int(mode)] + words
    case 3:
        let pick = Int(size > 1 ? bytes[1] : 0)
        let paths = sampleCommands + otherCommands + groups.map { [$0] }
        arguments = paths[pick % paths.count] + [pick & 0x80 == 0 ? "--help" : "-h"]
    default:
        arguments = words
    }
    guard mode == 3 || isSafe(arguments) else { return 0 }

    let sink = Sink()
    let streams = StandardStreams(out: { _ in }, err: { sink.error += $0 })
    let status = KineticCommandLine.run(arguments, streams: streams)
    guard [0, 64, 65].contains(status) else {
        fatalError("\(arguments) exited \(status): \(sink.error)")
    }
    if status != 0 && sink.error.isEmpty && arguments.count > 0 {
        fatalError("\(arguments) exited \(status) without saying why")
    }
    return 0
}

/// True when `arguments` run nothing but a `sample` command or a message, write no file and ask for at most a
/// few thousand samples.
private func isSafe(_ arguments: [String]) -> Bool {
    if let first = arguments.first, first != "sample", otherCommands.contains(where: { $0.first == first }) {
        // A group word with a subcommand it has would run that command: only unknown subcommands pass.
        if otherCommands.contains(where: { arguments.starts(with: $0) }) { return false }
    }
    for word in arguments {
        if word == "-o" { return false }
        if word.hasPrefix("-") {
            let name = word.drop { $0 == "-" }.prefix { $0 != "=" }
            if ["plot", "output", "out"].contains(String(name)) { return false }
        }
        // Sizes: --count N, --seconds S × --rate HZ, --at lists. Numbers in any spelling the CLI reads.
        var candidates = [Substring(word)]
        if let equals = word.firstIndex(of: "=") { candidates.append(word[word.index(after: equals)...]) }
        candidates += word.split(separator: ",")
        for candidate in candidates {
            let trimmed = candidate.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
            if let value = Double(String(trimmed)), !(abs(value) <= 100) { return false }
        }
    }
    return true
}
