/// The operating-system side of a terminal, behind a protocol so tests use a fake (`RecordingTerminal`) and the
/// real one (`SystemTerminal`) stays small.
///
/// A device writes bytes, reports its size, switches the input between its saved mode and raw mode, reads keys
/// without blocking, and keeps an *emergency restore*: bytes that are written (and the saved input mode that is
/// restored) if the process is interrupted by a signal or exits before the session ends normally.
public protocol TerminalDevice: AnyObject {
    /// Writes all of `bytes` to the terminal.
    ///
    /// - Throws: `TerminalError.systemCall` when the write fails (for instance the terminal went away).
    func write(_ bytes: [UInt8]) throws(TerminalError)

    /// The terminal's size in cells, or nil when it cannot be told (not a terminal, or a zero size).
    func size() -> TerminalSize?

    /// Saves the input mode and switches to raw input: no echo, no line buffering, reads that never block;
    /// Ctrl-C and Ctrl-Z still raise their signals. Does nothing when input is not a terminal.
    ///
    /// - Throws: `TerminalError.systemCall` when the mode cannot be read or set.
    func enterRawMode() throws(TerminalError)

    /// Puts back the input mode saved by `enterRawMode()` or `hideControlEcho()` (nothing if neither was entered).
    func restoreMode()

    /// Saves the input mode and stops the terminal echoing control characters (`^C` when Ctrl-C is pressed:
    /// ECHOCTL), keeping line editing and the echo of what is typed; `restoreMode()` and the emergency restore put
    /// it back. A live region uses it so that Ctrl-C's echo does not land on its lines. Does nothing when input is
    /// not a terminal or a mode is already saved.
    ///
    /// - Throws: `TerminalError.systemCall` when the mode cannot be read or set.
    func hideControlEcho() throws(TerminalError)

    /// The bytes typed since the last call, without waiting (empty when there are none).
    func readInput() -> [UInt8]

    /// Arms the emergency restore with `bytes` (written, together with restoring the input mode, when a signal
    /// or `exit` interrupts the process) and `reenter` (written again if the process is resumed after Ctrl-Z).
    func armEmergencyRestore(_ bytes: [UInt8], reenter: [UInt8])

    /// Disarms the emergency restore (the session restored the terminal itself).
    func disarmEmergencyRestore()

    /// Whether the terminal was resized (or the process resumed after a stop, which also needs a full redraw)
    /// since the last call.
    func takeRedrawRequest() -> Bool
}
