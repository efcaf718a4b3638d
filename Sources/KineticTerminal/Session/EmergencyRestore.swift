import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's last line of defence: signal handlers and an exit hook that put the terminal back (cursor shown,
/// alternate screen left, input mode restored) however the process ends.
///
/// Everything a handler touches is allocated before any handler is installed: a byte buffer for the restore
/// sequence, one for the sequence that re-enters after a stop, the saved and raw `termios`, and the previous
/// `sigaction` of every handled signal. Handlers only load atomics and call `write(2)`, `tcsetattr(3)`,
/// `sigaction(2)` and `raise(3)`, all async-signal-safe. The restore is done at most once per arming (an atomic
/// exchange), so a signal during the normal exit does not write it twice.
///
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT: restore, reinstall the handler that was there before (for example
///   `TemporaryFileRegistry`'s, or the default), and re-raise, so the process ends as it would have (status 130
///   for Ctrl-C) after the previous handler has run.
/// - SIGTSTP (Ctrl-Z): restore, stop with the default action; SIGCONT re-enters (writes the re-enter sequence,
///   raw mode again) and requests a full redraw.
/// - SIGWINCH: requests a full redraw at the new size.
/// - `atexit`: restores if still armed (a call to `exit` from anywhere while a session is active).
///
/// A signal that is ignored when the handlers are installed (`nohup`, a background job of a shell without job
/// control) is left ignored.
package enum EmergencyRestore {
    /// The longest restore or re-enter sequence, in bytes: 256.
    package static let capacity = 256

    /// Signals after which the process ends.
    package static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The state handlers read: allocated once, never freed.
    private final class State: @unchecked Sendable {
        let restoreBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: EmergencyRestore.capacity)
        let restoreLength = Atomic<Int>(0)
        let reenterBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: EmergencyRestore.capacity)
        let reenterLength = Atomic<Int>(0)
        let armed = Atomic<Bool>(false)
        let outputDescriptor = Atomic<Int32>(1)
        let inputDescriptor = Atomic<Int32>(0)
        let savedMode = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        let rawMode = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        let hasSavedMode = Atomic<Bool>(false)
        let redrawRequested = Atomic<Bool>(false)
        /// Previous actions, indexed by signal number.
        let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        let installed = Atomic<Bool>(false)
        let exitHookInstalled = Atomic<Bool>(false)
    }

    private static let state = State()

    /// Arms the restore: `restore` is written to `output` (and the saved mode, if any, put back on `input`) when a
    /// signal or `exit` interrupts the process; `reenter` is written after a resume from Ctrl-Z. Sequences longer
    /// than `capacity` are cut (the restore sequences Kinetic writes are under 40 bytes).
    package static func arm(restore: [UInt8], reenter: [UInt8], output: Int32 = 1, input: Int32 = 0) {
        let state = Self.state
        state.armed.store(false, ordering: .sequentiallyConsistent)
        copy(restore, to: state.restoreBytes, length: state.restoreLength)
        copy(reenter, to: state.reenterBytes, length: state.reenterLength)
        state.outputDescriptor.store(output, ordering: .sequentiallyConsistent)
        state.inputDescriptor.store(input, ordering: .sequentiallyConsistent)
        installHandlers()
        state.armed.store(true, ordering: .sequentiallyConsistent)
    }

    /// Disarms the restore and puts back the signal handlers that were there before `arm`.
    package static func disarm() {
        state.armed.store(false, ordering: .sequentiallyConsistent)
        uninstallHandlers()
    }

    /// Whether a restore is armed.
    package static var isArmed: Bool { state.armed.load(ordering: .sequentiallyConsistent) }

    /// Records the input mode to restore and the raw mode to re-enter after a stop (nil: none saved).
    package static func setModes(saved: termios?, raw: termios?) {
        let state = Self.state
        state.hasSavedMode.store(false, ordering: .sequentiallyConsistent)
        if let saved, let raw {
            state.savedMode.pointee = saved
            state.rawMode.pointee = raw
            state.hasSavedMode.store(true, ordering: .sequentiallyConsistent)
        }
    }

    /// Whether a resize or a resume asked for a full redraw since the last call.
    package static func takeRedrawRequest() -> Bool {
        state.redrawRequested.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// Writes the restore sequence and restores the input mode if armed, once; async-signal-safe.
    ///
    /// - Parameter keepArmed: Leave the restore armed (a stop, after which the process may continue).
    /// - Returns: Whether anything was restored.
    @discardableResult
    package static func restoreFromSignalHandler(keepArmed: Bool = false) -> Bool {
        let state = Self.state
        if keepArmed {
            guard state.armed.load(ordering: .sequentiallyConsistent) else { return false }
        } else {
            guard state.armed.exchange(false, ordering: .sequentiallyConsistent) else { return false }
        }
        writeAll(
            state.restoreBytes, count: state.restoreLength.load(ordering: .sequentiallyConsistent),
            to: state.outputDescriptor.load(ordering: .sequentiallyConsistent))
        if state.hasSavedMode.load(ordering: .sequentiallyConsistent) {
            tcsetattr(state.inputDescriptor.load(ordering: .sequentiallyConsistent), TCSANOW, state.savedMode)
        }
        return true
    }

    /// Re-enters after a resume from a stop: the re-enter sequence, raw mode, a redraw request. Async-signal-safe.
    fileprivate static func reenterFromSignalHandler() {
        let state = Self.state
        guard state.armed.load(ordering: .sequentiallyConsistent) else { return }
        writeAll(
            state.reenterBytes, count: state.reenterLength.load(ordering: .sequentiallyConsistent),
            to: state.outputDescriptor.load(ordering: .sequentiallyConsistent))
        if state.hasSavedMode.load(ordering: .sequentiallyConsistent) {
            tcsetattr(state.inputDescriptor.load(ordering: .sequentiallyConsistent), TCSANOW, state.rawMode)
        }
        state.redrawRequested.store(true, ordering: .sequentiallyConsistent)
    }

    fileprivate static func requestRedraw() {
        state.redrawRequested.store(true, ordering: .sequentiallyConsistent)
    }

    /// Puts back the action `signal` had before `arm`, from a handler.
    fileprivate static func reinstallPreviousAction(_ signal: Int32) {
        sigaction(signal, state.previousActions + Int(signal), nil)
    }

    /// Sets `signal`'s action to `handler` (nil: the default action), from a handler or not.
    fileprivate static func setHandler(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
        var action = sigaction()
        #if os(Linux)
            action.__sigaction_handler.sa_handler = handler ?? SIG_DFL
        #else
            action.__sigaction_u.__sa_handler = handler ?? SIG_DFL
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, nil)
    }

    private static var handledSignals: [Int32] { terminatingSignals + [SIGTSTP, SIGCONT, SIGWINCH] }

    private static func installHandlers() {
        let state = Self.state
        if !state.exitHookInstalled.exchange(true, ordering: .sequentiallyConsistent) {
            atexit(emergencyRestoreAtExit)
        }
        guard !state.installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        for signal in handledSignals {
            // A signal ignored when we start (a job started with `nohup`, or in the background by a shell without
            // job control) stays ignored, as the shell meant; its previous action is kept so `disarm` has it too.
            sigaction(signal, nil, state.previousActions + Int(signal))
            if isIgnored(state.previousActions[Int(signal)]) { continue }
            var action = sigaction()
            #if os(Linux)
                action.__sigaction_handler.sa_handler = emergencyRestoreSignalHandler
            #else
                action.__sigaction_u.__sa_handler = emergencyRestoreSignalHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, state.previousActions + Int(signal))
        }
    }

    /// Whether `action` ignores its signal (SIG_IGN, the handler address 1 on Linux and Darwin).
    private static func isIgnored(_ action: sigaction) -> Bool {
        #if os(Linux)
            guard let handler = action.__sigaction_handler.sa_handler else { return false }
        #else
            guard let handler = action.__sigaction_u.__sa_handler else { return false }
        #endif
        return unsafeBitCast(handler, to: Int.self) == 1
    }

    private static func uninstallHandlers() {
        guard state.installed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        for signal in handledSignals { sigaction(signal, state.previousActions + Int(signal), nil) }
    }

    private static func copy(_ bytes: [UInt8], to buffer: UnsafeMutablePointer<UInt8>, length: borrowing Atomic<Int>) {
        let count = min(bytes.count, capacity)
        for i in 0..<count { buffer[i] = bytes[i] }
        length.store(count, ordering: .sequentiallyConsistent)
    }

    /// `write(2)` until done, retrying after EINTR; gives up on any other error. Async-signal-safe.
    private static func writeAll(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, to descriptor: Int32) {
        var offset = 0
        while offset < count {
            let written = write(descriptor, bytes + offset, count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

/// The C signal handler (see `EmergencyRestore`).
private func emergencyRestoreSignalHandler(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    switch signal {
    case SIGWINCH:
        EmergencyRestore.requestRedraw()
    case SIGTSTP:
        EmergencyRestore.restoreFromSignalHandler(keepArmed: true)
        EmergencyRestore.setHandler(SIGTSTP, nil)
        raise(SIGTSTP)
    case SIGCONT:
        EmergencyRestore.setHandler(SIGTSTP, emergencyRestoreSignalHandler)
        EmergencyRestore.reenterFromSignalHandler()
    default:
        EmergencyRestore.restoreFromSignalHandler()
        EmergencyRestore.reinstallPreviousAction(signal)
        raise(signal)
    }
}

/// The `atexit` hook: restores the terminal if a session is still armed.
private func emergencyRestoreAtExit() {
    EmergencyRestore.restoreFromSignalHandler()
}
