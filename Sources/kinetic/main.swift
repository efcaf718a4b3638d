// `kinetic`: the command-line face of the Kinetic motion toolkit. Thin: it connects the commands (KineticCLI) to
// the process's streams, signals and exit status.
import Foundation
import KineticCLI
import KineticFiles

// Ctrl-C, SIGTERM and SIGHUP remove any half-written output before the process ends; a closed pipe is a write
// error (status 74), not a silent death.
TemporaryFileRegistry.installSignalHandlers()
ProcessStreams.ignoreBrokenPipes()
// A file-size limit (ulimit -f) makes a write fail with EFBIG, reported with status 74, instead of killing the
// process with SIGXFSZ and leaving a temporary file behind.
signal(SIGXFSZ, SIG_IGN)
let streams = ProcessStreams.standard()

// Too few file descriptors, too little address space or too few threads end in a trap inside the runtime or
// libdispatch once work starts; checked first, they are one line and EX_OSERR (71).
if let problem = ResourceLimits.problem() {
    try? streams.err("kinetic: \(problem)\n")
    exit(71)
}

// File names are the bytes the user gave: an argument that is not UTF-8 would be decoded with U+FFFD in place of
// its bad bytes and could name another, existing file; it is refused instead.
for index in 1..<Int(CommandLine.argc) {
    guard let pointer = CommandLine.unsafeArgv[index] else { continue }
    let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
    if String(validating: bytes, as: UTF8.self) == nil {
        try? streams.err(
            "kinetic: argument \(index) is not valid UTF-8 (\(String(decoding: bytes, as: UTF8.self).debugDescription)); "
                + "Kinetic reads file names and values as UTF-8: rename the file or use a UTF-8 name\n")
        exit(64)
    }
}

exit(KineticCommandLine.run(Array(CommandLine.arguments.dropFirst()), streams: streams))
