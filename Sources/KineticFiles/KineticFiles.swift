// KineticFiles: what a tool built on Kinetic needs to write files and report on them, below every module that
// writes one (KineticRaster's encoders, KineticOutput, KineticTerminal's recordings, the CLI and the executable).
//
// - `OutputFile`: bytes go to a temporary file in the destination's folder, renamed over the destination only when
//   complete (or kept in memory, with the same bytes): an error or an interruption never leaves half a file.
// - `TemporaryFileRegistry`: the temporary files open right now, which an async-signal-safe handler for SIGINT,
//   SIGTERM and SIGHUP unlinks before the process ends with the signal's usual status.
// - `ProgressReporter`: a progress line on standard error (or a callback), drawn at most ten times a second; a user interface,
//   so it reads a clock (the frames never depend on it).
//
// Foundation and Synchronization only: no C library beyond the C library itself, nothing that draws.
