import KineticAnimation
import KineticCore
import KineticEffects
import Synchronization

/// A shimmering status text on the current line of a command-line tool: Facebook Shimmer's sweep (KineticEffects'
/// `Shimmer` model: speed, pause, highlight length, direction) drawn as a per-character colour sweep.
///
/// ```swift
/// let files = try await TerminalShimmer(text: "Fetching packages…").run {
///     try await fetchPackages()
/// }
/// ```
///
/// The text is measured in cells of `pointsPerCell` points, so `Shimmer`'s speeds (points per second) keep their
/// feel: with the defaults the band crosses a 20-character text in about 0.9 s and pauses 0.4 s. The band's
/// intensity at each character (`ShimmerSweep`, a linear falloff from its centre) mixes `baseColor` and
/// `highlightColor`. Only right and left sweeps apply to one line; up and down are drawn as right.
public struct TerminalShimmer: Sendable {
    /// How many points one cell counts as when applying `Shimmer`'s speeds: 10.
    public static let pointsPerCell = 10.0

    /// The text (one line).
    public var text: String
    /// The sweep's timing and geometry. Default `Shimmer()` (Facebook Shimmer's defaults).
    public var shimmer: Shimmer
    /// The text's colour outside the band. Default a mid grey.
    public var baseColor: Color
    /// The colour at the band's centre. Default white.
    public var highlightColor: Color
    /// Bold text. Default false.
    public var isBold: Bool

    /// A shimmer over `text`; see the properties for the defaults.
    public init(
        text: String, shimmer: Shimmer = Shimmer(), baseColor: Color = Color(white: 0.55),
        highlightColor: Color = .white, isBold: Bool = false
    ) {
        self.text = text
        self.shimmer = shimmer
        self.baseColor = baseColor
        self.highlightColor = highlightColor
        self.isBold = isBold
    }

    /// The line at `time` seconds after the shimmer started (a pure function of time).
    ///
    /// - Throws: `TerminalError.invalidOption` when the `Shimmer` spec is invalid.
    public func line(at time: MediaTime) throws(TerminalError) -> StyledLine {
        let columns = max(1, CharacterWidth.columns(of: text))
        var spec = shimmer
        if spec.direction.isVertical { spec.direction = .right }
        let geometry: ShimmerGeometry
        do {
            geometry = try spec.geometry(
                for: Size(width: Double(columns) * Self.pointsPerCell, height: Self.pointsPerCell))
        } catch {
            throw .invalidOption(name: "shimmer", value: "\(spec)", reason: error.message)
        }
        let cycleTime = spec.timeline(cycleDuration: geometry.cycleDuration).cycleTime(at: time)
        let center = geometry.bandCenter(atCycleTime: cycleTime) / Self.pointsPerCell
        let sweep = ShimmerSweep(
            baseColor: baseColor, highlightColor: highlightColor,
            bandWidth: max(1, geometry.bandWidth / Self.pointsPerCell), isBold: isBold)
        return sweep.line(text, bandCenter: center)
    }

    /// Shimmers on the current line for `duration` seconds, then leaves the text in the terminal's own colour and
    /// a newline.
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and ≥ 0.
    ///   - clock: Where time comes from. Default a `SystemClock` (live); tests pass a `ManualClock`.
    ///   - framesPerSecond: 30, 60 or 120. Default 30.
    ///   - device: The terminal written to. Default this process's (`SystemTerminal()`).
    ///   - environment: What the terminal can do. Default this process's (`TerminalEnvironment.current()`).
    /// - Throws: `TerminalError` for a bad duration, rate or shimmer, or when the terminal cannot be written;
    ///   `CancellationError` when the task is cancelled (the line is finished first).
    public func run(
        for duration: MediaTime, clock: any MediaClock = SystemClock(), framesPerSecond: Int = 30,
        device: any TerminalDevice = SystemTerminal(), environment: TerminalEnvironment = .current()
    ) async throws {
        guard duration.isFinite, duration >= 0 else {
            throw TerminalError.invalidOption(
                name: "duration", value: "\(duration)", reason: "it must be a number of seconds ≥ 0")
        }
        let end = clock.now + duration
        try await play(clock: clock, framesPerSecond: framesPerSecond, device: device, environment: environment) {
            clock.now >= end
        }
    }

    /// Shimmers on the current line while `work` runs (in a child task), then leaves the text in the terminal's own
    /// colour and a newline, and returns what `work` returned (or throws what it threw). The shimmer stops as soon
    /// as `work` ends, without finishing its sweep.
    ///
    /// - Parameters: See `run(for:clock:framesPerSecond:device:environment:)`.
    public func run<Result: Sendable>(
        clock: any MediaClock = SystemClock(), framesPerSecond: Int = 30,
        device: any TerminalDevice = SystemTerminal(), environment: TerminalEnvironment = .current(),
        until work: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let done = CompletionFlag()
        async let outcome = Self.perform(work, signalling: done)
        try await play(clock: clock, framesPerSecond: framesPerSecond, device: device, environment: environment) {
            done.isSet
        }
        return try await outcome
    }

    private static func perform<Result: Sendable>(
        _ work: @Sendable () async throws -> Result, signalling done: CompletionFlag
    ) async throws -> Result {
        defer { done.set() }
        return try await work()
    }

    /// The frame loop: one `InlineLine` update per ticker frame until `isDone`, then the plain text.
    private func play(
        clock: any MediaClock, framesPerSecond: Int, device: any TerminalDevice, environment: TerminalEnvironment,
        isDone: () -> Bool
    ) async throws {
        _ = try line(at: 0)  // validate before touching the terminal
        let ticker: FrameTicker
        do {
            ticker = try FrameTicker(clock: clock, framesPerSecond: framesPerSecond)
        } catch {
            throw TerminalError.invalidOption(
                name: "frames per second", value: "\(framesPerSecond)", reason: "\(error)")
        }
        let inline = try InlineLine(device: device, environment: environment)
        defer { try? inline.finish(StyledLine(text)) }
        let start = clock.now
        if isDone() { return }
        try inline.update(try line(at: 0), at: 0)
        try await ticker.run { frame in
            if isDone() {
                ticker.stop()
                return
            }
            let time = frame.timestamp - start
            try inline.update(try line(at: time), at: time)
        }
    }
}

/// A flag set once from any task.
final class CompletionFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }
}
