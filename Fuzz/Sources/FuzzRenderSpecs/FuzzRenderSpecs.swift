import KineticCLI

/// The render commands that `--dry-run` covers; play has no dry run, so it is not fuzzed here.
private let effects = ["elevator", "count", "shimmer", "collapse", "showcase"]
/// The output formats, each with its own checks (a still's time, an animation's frame count).
private let extensions = ["gif", "png", "apng", "mp4", "webm"]

/// Text written to standard error, kept only to check that a failure says something.
private final class Sink: @unchecked Sendable {
    var error = ""
}

/// Every option of `kinetic render EFFECT` with `--dry-run`: the CLI parses and validates the options, builds the
/// effect's layer tree (measuring text with Pango, as a real render does), computes the frame count and pixel
/// size, prints a summary and writes nothing. The first input byte picks the effect and the output format; the
/// rest is split into argv words at NUL and newline bytes:
///
///     render EFFECT --dry-run WORDS… -o /nonexistent-dir/x.EXT
///
/// `--dry-run` comes first so that no word can take it as its value. Inputs with a word that names another output
/// (`-o`, `--output`), ends the options (`--`) or reads a file (`--scene`, fuzzed by FuzzSceneJSON;
/// `--background-image`, whose missing file is rightly status 66) are skipped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let pick = bytes.first else { return 0 }
    let words = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: 10, omittingEmptySubsequences: false) }
        .map { String(decoding: $0, as: UTF8.self) }
    for word in words {
        if word == "-o" || word == "--" { return 0 }
        if word.hasPrefix("--") {
            let name = word.dropFirst(2).prefix { $0 != "=" }
            if ["output", "scene", "background-image"].contains(String(name)) { return 0 }
        }
    }
    let arguments =
        ["render", effects[Int(pick) % effects.count], "--dry-run"] + words
        + ["-o", "/nonexistent-dir/x." + extensions[Int(pick) / effects.count % extensions.count]]
    let sink = Sink()
    let streams = StandardStreams(out: { _ in }, err: { sink.error += $0 })
    let status = KineticCommandLine.run(arguments, streams: streams)
    // 0: the dry run's summary; 64: a usage error; 65: bad data; 69: no ffmpeg for .mp4/.webm. Anything else
    // (70 an internal failure, 73 a file written after all) is a bug.
    guard [0, 64, 65, 69].contains(status) else {
        fatalError("\(arguments) exited \(status): \(sink.error)")
    }
    if status != 0 && sink.error.isEmpty {
        fatalError("\(arguments) exited \(status) without saying why")
    }
    return 0
}
