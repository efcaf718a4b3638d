// `kinetic`: the command-line face of the Kinetic motion toolkit. Thin: it parses arguments and calls the library.
import Foundation
import KineticRaster

// Ctrl-C, SIGTERM and SIGHUP remove any half-written output before the process ends.
TemporaryFileRegistry.installSignalHandlers()

let streams = StandardStreams(
    out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    err: { text in FileHandle.standardError.write(Data(text.utf8)) })
let status = KineticCommandLine.run(Array(CommandLine.arguments.dropFirst()), streams: streams)
exit(status)
