import Foundation
import KineticCore
import Synchronization

/// A one-line progress bar for long renders: frames done, frames per second and time left, redrawn in place on
/// stderr, at most 10 times a second.
///
/// With the default output it draws only when stderr is a terminal (`isatty(2)`), so logs and pipes stay clean.
/// This is user interface: it reads a clock (`SystemClock` by default); the frames themselves never depend on it.
/// Thread-safe.
public final class ProgressReporter: Sendable {
    /// Where the bar goes.
    public enum Output: Sendable {
        /// stderr when it is a terminal, nowhere otherwise (the default).
        case standardErrorIfTerminal
        /// Nowhere.
        case silent
        /// A function receiving each redraw (the text starts with a carriage return and ends without a newline;
        /// the final call from `finish()` ends with a newline). For tests and custom UIs.
        case custom(@Sendable (String) -> Void)
    }

    /// Frames to do in all, ≥ 0.
    public let total: Int
    /// The word before the bar, e.g. "Rendering clip.gif".
    public let label: String
    private let clock: any MediaClock
    private let write: (@Sendable (String) -> Void)?
    private let state: Mutex<State>

    private struct State {
        var completed = 0
        var lastDraw: MediaTime = -.infinity
        var finished = false
    }

    /// Creates a reporter for `total` frames; the clock starts now.
    public init(
        total: Int, label: String = "Rendering", clock: any MediaClock = SystemClock(),
        output: Output = .standardErrorIfTerminal
    ) {
        self.total = max(0, total)
        self.label = label
        self.clock = clock
        switch output {
        case .silent: write = nil
        case .custom(let function): write = function
        case .standardErrorIfTerminal:
            write = isatty(STDERR_FILENO) == 1 ? Self.writeToStandardError : nil
        }
        state = Mutex(State())
    }

    /// Writes to descriptor 2 and ignores failures: a progress bar is never worth a trap (`FileHandle.write`
    /// traps when stderr is gone), and the command reports its own errors.
    private static let writeToStandardError: @Sendable (String) -> Void = { text in
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return Foundation.write(STDERR_FILENO, base + offset, raw.count - offset)
            }
            if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { return }
        }
    }

    /// True when the reporter draws anything.
    public var isVisible: Bool { write != nil }

    /// Records that `completed` frames are done and redraws if 0.1 s passed since the last redraw (or all are
    /// done).
    public func update(completed: Int) {
        guard let write else { return }
        let now = clock.now
        let text: String? = state.withLock { state in
            guard !state.finished else { return nil }
            state.completed = min(max(completed, 0), total)
            guard now - state.lastDraw >= 0.1 || state.completed == total else { return nil }
            state.lastDraw = now
            return "\r\u{1B}[2K" + Self.line(label: label, completed: state.completed, total: total, elapsed: now)
        }
        if let text { write(text) }
    }

    /// Draws the final state and ends the line. Further updates are ignored.
    public func finish() {
        guard let write else { return }
        let now = clock.now
        let text: String? = state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            return "\r\u{1B}[2K" + Self.line(label: label, completed: state.completed, total: total, elapsed: now)
                + "\n"
        }
        if let text { write(text) }
    }

    /// The text of the bar: `Rendering [██████··········] 24/60 frames · 12.0 fps · 3 s left`.
    ///
    /// - Parameters:
    ///   - label: The word before the bar, e.g. "Rendering".
    ///   - completed: Frames done, 0…`total`.
    ///   - total: Frames in all, ≥ 0.
    ///   - elapsed: Seconds since the start; the rate is completed ÷ elapsed, time left is what remains ÷ rate
    ///     (omitted until a rate is known, and "done" at the end).
    public static func line(label: String, completed: Int, total: Int, elapsed: MediaTime) -> String {
        let width = 20
        let filled = total > 0 ? min(width, completed * width / total) : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        var text = "\(label) [\(bar)] \(completed)/\(total) frames"
        guard elapsed > 0, completed > 0 else { return text }
        let rate = Double(completed) / elapsed
        text += " · " + Self.formatRate(rate) + " fps"
        if completed >= total {
            text += " · done in " + Self.formatSeconds(elapsed)
        } else {
            text += " · " + Self.formatSeconds(Double(total - completed) / rate) + " left"
        }
        return text
    }

    private static func formatRate(_ rate: Double) -> String {
        let tenths = Int((rate * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        if total < 60 { return "\(total) s" }
        return "\(total / 60) min \(total % 60) s"
    }
}
