import Foundation
import Synchronization

/// The temporary files being written right now, so that an interrupted process can delete them.
///
/// Every `OutputFile` registers its temporary path while it is open and unregisters it when it is committed or
/// discarded. A command-line tool calls `installSignalHandlers()` once at start-up: on SIGINT, SIGTERM or SIGHUP
/// the handler unlinks every registered path and then re-raises the signal with its default action, so the
/// process still ends with the usual status (130 for Ctrl-C) and leaves nothing behind.
///
/// The handler is async-signal-safe: the paths are kept as C strings in a fixed table of `capacity` atomic slots,
/// allocated before any signal arrives; the handler only loads the slots and calls `unlink(2)`, `signal(2)` and
/// `raise(3)` (no locks, no allocation). A tool with its own handler can call `removeAllFromSignalHandler()` from
/// it instead. Files beyond `capacity` open at once are still removed on errors, but not by the handler.
public enum TemporaryFileRegistry {
    /// How many temporary files the signal handler can track at once: 64.
    public static let capacity = 64

    /// Installs handlers for `signals` (default SIGINT, SIGTERM, SIGHUP) that remove the registered temporary
    /// files and then re-raise the signal with the default action. Call once, early, from the main program.
    public static func installSignalHandlers(for signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        _ = slots.count  // initialise the table now, not inside a handler
        for number in signals {
            signal(number, temporaryFileSignalHandler)
        }
    }

    /// Unlinks every registered temporary file. Async-signal-safe: call it from your own signal handler.
    public static func removeAllFromSignalHandler() {
        for slot in slots {
            let bits = slot.path.load(ordering: .acquiring)
            if let path = UnsafePointer<CChar>(bitPattern: bits) {
                unlink(path)
            }
        }
    }

    /// The paths registered now (for tests and diagnostics).
    public static var registeredPaths: [String] {
        slots.compactMap { slot in
            UnsafePointer<CChar>(bitPattern: slot.path.load(ordering: .acquiring)).map { String(cString: $0) }
        }
    }

    /// Registers a path; returns its slot, or nil when the table is full.
    static func register(_ path: String) -> Int? {
        guard let copy = strdup(path) else { return nil }
        let bits = UInt(bitPattern: copy)
        for (index, slot) in slots.enumerated() {
            if slot.path.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged {
                return index
            }
        }
        free(copy)
        return nil
    }

    /// Unregisters the path in `slot` and frees its copy.
    static func unregister(slot index: Int) {
        guard slots.indices.contains(index) else { return }
        let bits = slots[index].path.exchange(0, ordering: .acquiringAndReleasing)
        free(UnsafeMutableRawPointer(bitPattern: bits))
    }

    /// The fixed table; each slot holds a `strdup`'d path's address, or 0.
    private static let slots: [Slot] = (0..<capacity).map { _ in Slot() }

    private final class Slot: Sendable {
        let path = Atomic<UInt>(0)
    }
}

/// The C signal handler: removes the temporary files, restores the default action and re-raises.
private func temporaryFileSignalHandler(_ number: Int32) {
    TemporaryFileRegistry.removeAllFromSignalHandler()
    signal(number, SIG_DFL)
    raise(number)
}
