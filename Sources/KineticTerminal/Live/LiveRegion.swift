import KineticAnimation
import KineticCore
import Synchronization

/// An area of one or more lines at the bottom of a command-line tool's output where values animate — counts,
/// rolling digits, spring-driven progress bars, shimmering labels — while the tool prints ordinary log lines above
/// it, as Rich's `Live`, indicatif's `println` and ratatui's `insert_before` do.
///
/// ```swift
/// try await LiveRegion.run(device: SystemTerminal(), environment: .current(), clock: SystemClock()) { region in
///     for (index, step) in steps.enumerated() {
///         try await step.perform()
///         region.print("✓ \(step.name)")
///         try region.update([
///             LiveLine(.text("files "), .count(LiveCount(Double(step.files), minimumWidth: 6))),
///             LiveLine(.progress(LiveProgress(fraction: Double(index + 1) / Double(steps.count)))),
///         ])
///     }
/// }
/// ```
///
/// The program says what the region shows (`update(_:)`, any time, from any task); each animated piece moves to
/// its new value from what it shows, in the clock's time. Frames are drawn at most `framesPerSecond` times a
/// second (`run` draws them on a `FrameTicker`; `drawFrame(at:)` draws one yourself), and only when something
/// changed: a frame whose lines are those already on screen writes nothing, and a region whose animations have
/// ended is not even laid out again. Only the cells that changed are written (`FrameDiffRenderer`, relative
/// moves), in synchronized output. Each frame reads the terminal's size from the device: lines are cut at its
/// width by display width (a wide character that does not fit is left out), a region taller than the terminal
/// shows its first lines, and a change of width (or a resize signal) redraws the region whole.
///
/// `print(_:)` writes log lines at once, above the region, into the normal output and scrollback: the region is
/// erased from its top, the lines are printed, and the region is drawn again below them, as it was.
///
/// When it ends (`finish()`, or the end of `run`), the region either stays with its final values — every count,
/// number and bar at its target, shimmers as plain text — and the cursor goes to the line below it (`.keep`), or
/// is erased, the cursor back where the region began (`.clear`).
///
/// Where escape codes are not allowed (`.plain`: output into a pipe or a file, `TERM=dumb`), nothing is animated:
/// log lines are printed as plain lines as they come, and at the end the region's final lines are printed once
/// (with `.keep`; nothing with `.clear`).
///
/// Restoring: while the region is on screen, the cursor is hidden and `TerminalDevice.armEmergencyRestore` is
/// armed, so Ctrl-C, SIGTERM or `exit` leave the region as it was, show the cursor and put the shell's prompt on
/// the line below it.
///
/// `LiveRegion` is `Sendable`: every call takes a lock, so updates, logs and frames may come from different tasks
/// and never interleave their bytes. While it is live the region owns the device: do not write to it (or to the
/// same terminal through `print`) in any other way until `finish()`.
public final class LiveRegion: Sendable {
    /// What may be written.
    public enum Output: Hashable, Sendable {
        /// A terminal that understands ANSI/xterm sequences, with the colours it can show.
        case ansi(ColorSupport)
        /// No escape codes: log lines as plain lines, the region's final lines once at the end.
        case plain
    }

    /// What happens to the region when it ends.
    public enum Ending: Hashable, Sendable {
        /// It stays, with its final values; the cursor goes to the line below it.
        case keep
        /// It is erased; the cursor goes back to the start of the line where it began.
        case clear
    }

    /// What a region wrote.
    public struct Statistics: Hashable, Sendable {
        /// Frames that wrote bytes.
        public var framesDrawn = 0
        /// Frames asked for that wrote nothing: too soon after the last one, or nothing changed.
        public var framesSkipped = 0
        /// Log lines printed above the region.
        public var logLines = 0
        /// Bytes the frames wrote (the region's animation).
        public var frameBytes = 0
        /// Bytes written in all: frames, log lines with the region's redraw below them, and the end.
        public var bytesWritten = 0

        /// Mean bytes per frame drawn.
        public var meanBytesPerFrame: Double { framesDrawn == 0 ? 0 : Double(frameBytes) / Double(framesDrawn) }
    }

    /// What may be written.
    public let output: Output
    /// Where time comes from: a `SystemClock` live, a `ManualClock` in tests.
    public let clock: any MediaClock
    /// The most frames drawn per second: 30, 60 or 120.
    public let framesPerSecond: Int
    /// What happens to the region when it ends.
    public let ending: Ending
    /// Only used under `state`'s lock.
    nonisolated(unsafe) private let device: any TerminalDevice
    private let state: Mutex<State>

    private struct State {
        var writer: LiveRegionWriter
        var elements: [[LiveElementState]] = []
        /// The lines changed since the last frame.
        var needsFrame = false
        var lastFrameTime: MediaTime?
        var lastSize: TerminalSize?
        var armedRestore: [UInt8]?
        var isFinished = false
        /// `run`: stop drawing frames now.
        var stopsFrames = false
        /// `run`: stop drawing frames once every animation has ended.
        var windsDown = false
        var failure: TerminalError?
        var statistics = Statistics()
    }

    /// A region on `device` that writes what `output` allows.
    ///
    /// - Parameters:
    ///   - device: The terminal written to (`SystemTerminal()` for this process's standard output).
    ///   - output: `.ansi(colorSupport)` to animate, `.plain` for plain lines only.
    ///   - clock: Where time comes from (`SystemClock()` live).
    ///   - framesPerSecond: The most frames drawn per second: 30, 60 or 120. Default 30.
    ///   - ending: Whether the region stays with its final values (`.keep`, the default) or is erased (`.clear`).
    ///   - synchronizedOutput: Wrap each write in `CSI ? 2026 h/l`. Default true.
    /// - Throws: `TerminalError.invalidOption` for another rate.
    public init(
        device: any TerminalDevice, output: Output, clock: any MediaClock, framesPerSecond: Int = 30,
        ending: Ending = .keep, synchronizedOutput: Bool = true
    ) throws(TerminalError) {
        guard FrameTicker.supportedRates.contains(framesPerSecond) else {
            throw .invalidOption(
                name: "frames per second", value: "\(framesPerSecond)",
                reason: "a live region draws at most 30, 60 or 120 frames per second; the default is 30")
        }
        self.device = device
        self.output = output
        self.clock = clock
        self.framesPerSecond = framesPerSecond
        self.ending = ending
        let colors: ColorSupport
        switch output {
        case .ansi(let support): colors = support
        case .plain: colors = .none
        }
        state = Mutex(State(writer: LiveRegionWriter(colorSupport: colors, synchronizedOutput: synchronizedOutput)))
    }

    /// A region on `device` for `environment`: animated with its colours when its output mode is `.ansi`, plain
    /// lines otherwise. See `init(device:output:clock:framesPerSecond:ending:synchronizedOutput:)`.
    ///
    /// - Parameters:
    ///   - device: The terminal written to (`SystemTerminal()` for this process's standard output).
    ///   - environment: What the terminal can do (`TerminalEnvironment.current()` for this process's).
    ///   - clock: Where time comes from (`SystemClock()` live).
    ///   - framesPerSecond: The most frames drawn per second: 30, 60 or 120. Default 30.
    ///   - ending: Whether the region stays with its final values (`.keep`, the default) or is erased (`.clear`).
    ///   - synchronizedOutput: Wrap each write in `CSI ? 2026 h/l`. Default true.
    /// - Throws: `TerminalError.invalidOption` for another rate.
    public convenience init(
        device: any TerminalDevice, environment: TerminalEnvironment, clock: any MediaClock,
        framesPerSecond: Int = 30, ending: Ending = .keep, synchronizedOutput: Bool = true
    ) throws(TerminalError) {
        try self.init(
            device: device, output: environment.outputMode == .ansi ? .ansi(environment.colorSupport) : .plain,
            clock: clock, framesPerSecond: framesPerSecond, ending: ending, synchronizedOutput: synchronizedOutput)
    }

    deinit {
        try? finish()
    }

    /// Whether frames are drawn at all (`.ansi` output).
    public var drawsFrames: Bool {
        if case .ansi = output { return true }
        return false
    }

    /// What the region wrote so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Whether the region has ended.
    public var isFinished: Bool { state.withLock { $0.isFinished } }

    /// When the last animated value reaches its target, in clock seconds (shimmers, which never end, are left
    /// out); `-infinity` when nothing animates.
    public var animationEndTime: MediaTime {
        state.withLock { state in
            state.elements.joined().compactMap(\.endTime).max() ?? -.infinity
        }
    }

    /// Sets what the region shows, from the clock's current time on. Each animated piece in the same place
    /// (line, position) as before, of the same kind, moves from what it shows to its new value; other pieces are
    /// new. Drawn by the next frame.
    ///
    /// - Throws: `TerminalError.invalidOption` for a piece with a value out of range (nothing is changed then).
    public func update(_ lines: [LiveLine]) throws(TerminalError) {
        let time = clock.now
        try state.withLock { (state) throws(TerminalError) in
            guard !state.isFinished else { return }
            var elements: [[LiveElementState]] = []
            for (row, line) in lines.enumerated() {
                var states: [LiveElementState] = []
                for (index, element) in line.elements.enumerated() {
                    if row < state.elements.count, index < state.elements[row].count {
                        states.append(try state.elements[row][index].updated(to: element, at: time))
                    } else {
                        states.append(try LiveElementState(element, at: time))
                    }
                }
                elements.append(states)
            }
            state.elements = elements
            state.needsFrame = true
        }
    }

    /// Sets the region to one line; see `update(_:)`.
    ///
    /// - Throws: `TerminalError.invalidOption` for a piece with a value out of range.
    public func update(_ line: LiveLine) throws(TerminalError) {
        try update([line])
    }

    /// Prints `text` above the region (one log line per line of `text`), at once.
    ///
    /// A failed write is kept and thrown by `finish()` (and `run`); nothing more is written after it.
    public func print(_ text: String) {
        print(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) })
    }

    /// Prints styled log lines above the region, at once (control characters are shown as U+FFFD, tabs as
    /// spaces). Lines longer than the terminal is wide wrap, as any output does.
    ///
    /// A failed write is kept and thrown by `finish()` (and `run`); nothing more is written after it.
    public func print(lines: [StyledLine]) {
        guard !lines.isEmpty else { return }
        state.withLock { state in
            guard state.failure == nil else { return }
            state.statistics.logLines += lines.count
            var bytes: [UInt8]
            if !drawsFrames || state.isFinished {
                bytes = []
                for line in lines {
                    bytes += Array(
                        ((drawsFrames ? line.ansiText(colorSupport: state.writer.colorSupport) : line.plainText)
                            + "\n").utf8)
                }
            } else {
                let size = measuredSize()
                bytes = state.writer.frame(state.writer.shown, logs: lines, size: size)
            }
            write(bytes, state: &state)
        }
    }

    /// Draws the region as it is at `time` (the clock's current time when nil), unless the last frame was less
    /// than 1/`framesPerSecond` s before or nothing changed since. `run` calls it on every tick; call it yourself to
    /// drive frames from your own loop.
    ///
    /// - Returns: Whether anything was written.
    /// - Throws: `TerminalError` when the terminal cannot be written (then, and after, nothing more is written).
    @discardableResult
    public func drawFrame(at time: MediaTime? = nil) throws(TerminalError) -> Bool {
        let time = time ?? clock.now
        return try state.withLock { (state) throws(TerminalError) -> Bool in
            if let failure = state.failure { throw failure }
            guard drawsFrames, !state.isFinished else { return false }
            if let last = state.lastFrameTime, time - last < (1 - 1e-6) / Double(framesPerSecond) {
                state.statistics.framesSkipped += 1
                return false
            }
            let resized = device.takeRedrawRequest()
            let size = measuredSize()
            if resized { state.writer.invalidate() }
            let animating: Bool
            if let last = state.lastFrameTime {
                animating = state.elements.joined().contains { ($0.endTime ?? .infinity) > last }
            } else {
                animating = true
            }
            guard state.needsFrame || resized || animating || size != state.lastSize else {
                state.statistics.framesSkipped += 1
                return false
            }
            let lines = Self.lines(state.elements, at: time, final: false)
            let bytes = state.writer.frame(lines, size: size)
            state.lastFrameTime = time
            state.lastSize = size
            state.needsFrame = false
            guard !bytes.isEmpty else {
                state.statistics.framesSkipped += 1
                return false
            }
            state.statistics.framesDrawn += 1
            state.statistics.frameBytes += bytes.count
            write(bytes, state: &state)
            if let failure = state.failure { throw failure }
            return true
        }
    }

    /// Ends the region as `ending` says: its final values left on screen and the cursor below them, or the region
    /// erased; the cursor shown again and the emergency restore disarmed. Without ANSI output, prints the final
    /// lines once (with `.keep`). Later calls change nothing, and later updates are ignored; later log lines are
    /// printed as plain output.
    ///
    /// - Throws: `TerminalError` when the terminal cannot be written, now or earlier (a failed log line).
    public func finish() throws(TerminalError) {
        try state.withLock { (state) throws(TerminalError) in
            guard !state.isFinished else { return }
            state.isFinished = true
            if state.failure == nil {
                let final = ending == .keep ? Self.lines(state.elements, at: clock.now, final: true) : nil
                var bytes: [UInt8] = []
                if drawsFrames {
                    bytes = state.writer.finish(final, size: measuredSize())
                } else {
                    for line in final ?? [] { bytes += Array((line.plainText + "\n").utf8) }
                }
                write(bytes, state: &state)
            }
            if state.armedRestore != nil {
                device.disarmEmergencyRestore()
                device.restoreMode()
                state.armedRestore = nil
            }
            if let failure = state.failure { throw failure }
        }
    }

    // MARK: The frame loop

    /// Shows the region while `body` runs: frames on a `FrameTicker` at `framesPerSecond` on `clock` (in a child
    /// task), then, when `body` returns, the animations played to their end (with `settles`), and `finish()`.
    /// Returns what `body` returned.
    ///
    /// - Parameters:
    ///   - isolation: The actor `body` runs on (the caller's).
    ///   - settles: Keep drawing after `body` returns until every value has reached its target, so the last frames
    ///     of a count or bar are seen. Default true; false ends at once (the final values are drawn either way).
    ///   - body: The program's work; it updates the region and prints log lines.
    /// - Throws: What `body` throws (the region is finished first), `TerminalError` when the terminal cannot be
    ///   written, `CancellationError` when the task is cancelled.
    public func run<Result>(
        isolation: isolated (any Actor)? = #isolation, settles: Bool = true,
        _ body: (LiveRegion) async throws -> Result
    ) async throws -> Result {
        async let frames: Void = animate()
        let result: Result
        do {
            result = try await body(self)
        } catch {
            stopFrames(settling: false)
            _ = try? await frames
            try? finish()
            throw error
        }
        stopFrames(settling: settles)
        do {
            try await frames
        } catch {
            try? finish()
            throw error
        }
        try finish()
        return result
    }

    /// Makes a region and shows it while `body` runs; see `run(isolation:settles:_:)` and
    /// `init(device:environment:clock:framesPerSecond:ending:synchronizedOutput:)`.
    ///
    /// - Parameters:
    ///   - isolation: The actor `body` runs on (the caller's).
    ///   - device: The terminal written to (`SystemTerminal()` for this process's standard output).
    ///   - environment: What the terminal can do (`TerminalEnvironment.current()` for this process's).
    ///   - clock: Where time comes from (`SystemClock()` live).
    ///   - framesPerSecond: The most frames drawn per second: 30, 60 or 120. Default 30.
    ///   - ending: Whether the region stays with its final values (`.keep`, the default) or is erased (`.clear`).
    ///   - settles: Keep drawing after `body` returns until every value has reached its target. Default true.
    ///   - body: The program's work; it updates the region and prints log lines.
    /// - Throws: `TerminalError.invalidOption` for a bad rate, and what `run(isolation:settles:_:)` throws.
    public static func run<Result>(
        isolation: isolated (any Actor)? = #isolation, device: any TerminalDevice, environment: TerminalEnvironment,
        clock: any MediaClock, framesPerSecond: Int = 30, ending: Ending = .keep, settles: Bool = true,
        _ body: (LiveRegion) async throws -> Result
    ) async throws -> Result {
        let region = try LiveRegion(
            device: device, environment: environment, clock: clock, framesPerSecond: framesPerSecond,
            ending: ending)
        return try await region.run(isolation: isolation, settles: settles, body)
    }

    /// Draws frames on a ticker until `stopFrames` says so.
    private func animate() async throws {
        guard drawsFrames else { return }
        let ticker: FrameTicker
        do {
            ticker = try FrameTicker(clock: clock, framesPerSecond: framesPerSecond)
        } catch {
            throw TerminalError.invalidOption(
                name: "frames per second", value: "\(framesPerSecond)", reason: error.message)
        }
        try await ticker.run { frame in
            // Checked on every tick, so a stop asked for before the ticker started is not lost.
            if shouldStopFrames(at: frame.timestamp) {
                ticker.stop()
                return
            }
            try drawFrame(at: frame.timestamp)
        }
    }

    private func stopFrames(settling: Bool) {
        state.withLock { state in
            if settling { state.windsDown = true } else { state.stopsFrames = true }
        }
    }

    private func shouldStopFrames(at time: MediaTime) -> Bool {
        state.withLock { state in
            if state.stopsFrames || state.isFinished || state.failure != nil { return true }
            guard state.windsDown else { return false }
            let end = state.elements.joined().compactMap(\.endTime).max() ?? -.infinity
            return time >= end && (state.lastFrameTime ?? -.infinity) >= end
        }
    }

    // MARK: Helpers (called with the lock held)

    private static func lines(_ elements: [[LiveElementState]], at time: MediaTime, final: Bool) -> [StyledLine] {
        elements.map { states in
            var line = StyledLine()
            for state in states { line.append(state.line(at: time, final: final)) }
            return line
        }
    }

    private func measuredSize() -> TerminalSize {
        device.size() ?? .fallback
    }

    private func write(_ bytes: [UInt8], state: inout State) {
        guard !bytes.isEmpty, state.failure == nil else { return }
        do {
            try device.write(bytes)
            state.statistics.bytesWritten += bytes.count
        } catch {
            state.failure = error
            return
        }
        guard drawsFrames, !state.isFinished else { return }
        let restore = state.writer.emergencyRestoreBytes
        if state.armedRestore == nil {
            // Ctrl-C's "^C" echo would land on the region's first line: the terminal stops echoing control keys
            // while the region is live (put back by finish() and by the emergency restore). Without it the region
            // still works, so a refusal is not an error.
            try? device.hideControlEcho()
        }
        if state.armedRestore != restore {
            device.armEmergencyRestore(restore, reenter: LiveRegionWriter.reenterBytes)
            state.armedRestore = restore
        }
    }
}
