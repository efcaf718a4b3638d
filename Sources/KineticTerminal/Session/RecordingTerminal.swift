/// A fake terminal for tests (yours and Kinetic's): it records what is written, reports the size it is given,
/// serves queued keys, and can simulate the signal path and a resize.
public final class RecordingTerminal: TerminalDevice {
    /// Everything written so far, in order (including what a simulated signal wrote).
    public private(set) var output: [UInt8] = []
    /// The size it reports; nil reports "unknown". Default 80 × 24.
    public var reportedSize: TerminalSize?
    /// Whether raw mode is on.
    public private(set) var isRaw = false
    /// Whether the echo of control keys is off (`hideControlEcho()`).
    public private(set) var hidesControlEcho = false
    /// How many times raw mode was entered.
    public private(set) var rawModeEntryCount = 0
    /// The armed restore sequence, or nil when disarmed.
    public private(set) var armedRestore: [UInt8]?
    /// The armed re-enter sequence.
    public private(set) var armedReenter: [UInt8] = []
    /// Keys waiting to be read.
    public var pendingInput: [UInt8] = []
    /// When set, every write fails with this error.
    public var failure: TerminalError?
    private var redrawRequested = false

    /// A fake terminal of `size` (80 × 24 by default).
    public init(size: TerminalSize? = TerminalSize(columns: 80, rows: 24)) {
        reportedSize = size
    }

    /// The output as text (UTF-8).
    public var text: String { String(decoding: output, as: UTF8.self) }

    /// Forgets the output recorded so far.
    public func clearOutput() { output.removeAll() }

    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        if let failure { throw failure }
        output += bytes
    }

    public func size() -> TerminalSize? { reportedSize }

    public func enterRawMode() throws(TerminalError) {
        isRaw = true
        rawModeEntryCount += 1
    }

    public func restoreMode() {
        isRaw = false
        hidesControlEcho = false
    }

    public func hideControlEcho() throws(TerminalError) { hidesControlEcho = true }

    public func readInput() -> [UInt8] {
        defer { pendingInput.removeAll() }
        return pendingInput
    }

    public func armEmergencyRestore(_ bytes: [UInt8], reenter: [UInt8]) {
        armedRestore = bytes
        armedReenter = reenter
    }

    public func disarmEmergencyRestore() { armedRestore = nil }

    public func takeRedrawRequest() -> Bool {
        defer { redrawRequested = false }
        return redrawRequested
    }

    /// Does what the real signal handler does on SIGINT/SIGTERM: writes the armed restore sequence, restores the
    /// input mode and disarms. Returns false when nothing was armed.
    @discardableResult
    public func simulateTerminatingSignal() -> Bool {
        guard let restore = armedRestore else { return false }
        output += restore
        isRaw = false
        armedRestore = nil
        return true
    }

    /// Changes the reported size and raises the redraw request, as SIGWINCH does.
    public func simulateResize(to size: TerminalSize) {
        reportedSize = size
        redrawRequested = true
    }
}
