// `kinetic`: the command-line face of the Kinetic motion toolkit. Thin: it connects the commands (KineticCLI) to
// the process's streams, signals and exit status.
import Foundation
import KineticCLI
import KineticRaster

// Ctrl-C, SIGTERM and SIGHUP remove any half-written output before the process ends; a closed pipe is a write
// error (status 74), not a silent death.
TemporaryFileRegistry.installSignalHandlers()
ProcessStreams.ignoreBrokenPipes()
let streams = ProcessStreams.standard()

exit(KineticCommandLine.run(Array(CommandLine.arguments.dropFirst()), streams: streams))
