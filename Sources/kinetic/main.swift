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

// Too few file descriptors or too little address space end in a trap inside the runtime or libdispatch (SIGILL,
// SIGSEGV) once work starts; checked first, they are one line and EX_OSERR (71).
#if os(Linux)
    var limit = rlimit()
    if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < 64 {
        try? streams.err(
            "kinetic: only \(limit.rlim_cur) file descriptors are allowed (ulimit -n); kinetic needs at least 64: "
                + "raise the limit\n")
        exit(71)
    }
    if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur < 1 << 30 {
        try? streams.err(
            "kinetic: the address space is limited to \(limit.rlim_cur >> 20) MiB (ulimit -v); kinetic needs at least "
                + "1024 MiB: raise the limit\n")
        exit(71)
    }
#endif

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
