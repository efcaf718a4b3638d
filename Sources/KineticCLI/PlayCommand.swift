import Dispatch
import KineticCore
import KineticEffects
import KineticFiles
import KineticLayers
import KineticRaster
import KineticTerminal
import Synchronization

/// `kinetic play …`: every effect live in the terminal (KineticTerminal), with the same effect options as
/// `kinetic render`.
///
/// The number effects and the shimmer are drawn as text by default — full screen (centred on the alternate screen)
/// or, with `--inline`, on the current line — and as the rendered effect in half-block pixels with `--pixels`.
/// The collapse and the showcase are always pixels. Pixels are images where a query finds the kitty graphics
/// protocol (not inside tmux, not with `--half-blocks`), half blocks otherwise. When a play that does not loop ends, its final value (or
/// frame) is printed on the normal screen. Without a terminal (a pipe, a file, `TERM=dumb`, a `CI` run) only that
/// final value is printed, as plain text (coloured only when colour is forced), at once.
///
/// `--color-mode` overrides the colours the environment allows (`TerminalEnvironment.ColorChoice`; it is not
/// `--color`, which is the effect's own colour as in `kinetic render`); `--record` plays into an asciicast file
/// instead (`TerminalPlayer.record`), on an xterm of `--columns` × `--rows` cells with 24-bit colour unless
/// `--color-mode` says otherwise, whatever the terminal is.
enum PlayCommand {
    static var all: [Command] { [count, elevator, shimmer, collapse, showcase] }

    /// What every play accepts.
    static let playOptions: [OptionSpec] = [
        .value("fps", "N", "Frames per second: 30, 60 or 120 (default 60)."),
        .flag("loop", "Start again at the end, until q or Ctrl-C."),
        .flag("stats", "Show the bytes written per frame on the bottom row; print totals on stderr at the end."),
        .value(
            "color-mode", "WHEN",
            "auto (the default: from the terminal and NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE, COLORTERM, TERM, TMUX, "
                + "CI), always (even into a pipe), never, or exactly 16, 256 or truecolor colours."),
        .value(
            "record", "FILE",
            "Write the play to FILE as an asciicast v2 recording (.cast) instead of the terminal: no terminal "
                + "needed, made in virtual time (faster than real time, the same bytes every run)."),
        .flag(
            "half-blocks",
            "Pixels: always half blocks, even in a terminal that shows images (the kitty graphics protocol, "
                + "which pixels use when a query finds it)."),
        .value("columns", "N", "With --record: the recorded terminal's width, 1…1000 cells (default 80)."),
        .value("rows", "N", "With --record: the recorded terminal's height, 1…1000 cells (default 24)."),
    ]

    /// What every play's usage line ends with.
    static let playUsage =
        "[--fps N] [--loop] [--stats] [--color-mode WHEN] [--half-blocks] [--record FILE.cast [--columns N --rows N]]"

    /// What the text effects accept besides.
    static let textEffectOptions: [OptionSpec] = [
        .flag("inline", "Draw on the current line (text) instead of the full screen."),
        .flag(
            "pixels",
            "Draw the rendered effect in pixels instead of text (full screen): images where the terminal has the "
                + "kitty graphics protocol, half blocks otherwise."),
    ]

    static let count = Command(
        path: ["play", "count"],
        summary: "Play the count-up live in the terminal.",
        usage: "play count [--from N --to N] [count options] [--inline | --pixels] \(playUsage)",
        details: """
            The count-up as live digits (the digits that changed this frame in bold), full screen or with --inline
            on the current line; --pixels shows the rendered label instead. The options are those of
            `kinetic render count`. When the count ends its final value stays on the screen.
            """,
        options: CountCommand.countOptions + textEffectOptions + playOptions,
        run: { arguments, streams throws(CLIError) in
            try RenderCommands.rejectPositionals(arguments)
            let spec = try CountCommand.countUp(from: arguments, size: CountUp.defaultSize)
            try play(.count(spec), arguments: arguments, streams: streams)
        })

    static let elevator = Command(
        path: ["play", "elevator"],
        summary: "Play the elevator number live in the terminal.",
        usage:
            "play elevator [--values LIST | --from N --to N] [elevator options] [--inline | --pixels] \(playUsage)",
        details: """
            Each digit rolls in its own cell, the cell passing through the one-eighth blocks ▁▂▃▄▅▆▇ so the motion
            reads as up (a bar rising) or down (a bar sinking); --pixels shows the rendered label instead. The
            options are those of `kinetic render elevator`.
            """,
        options: ElevatorCommand.elevatorOptions + textEffectOptions + playOptions,
        run: { arguments, streams throws(CLIError) in
            try RenderCommands.rejectPositionals(arguments)
            let spec = try ElevatorCommand.elevator(from: arguments, size: ElevatorNumber.defaultSize)
            try play(.elevator(spec), arguments: arguments, streams: streams)
        })

    static let shimmer = Command(
        path: ["play", "shimmer"],
        summary: "Play the shimmer live in the terminal.",
        usage: "play shimmer [--text TEXT] [shimmer options] [--duration S] [--inline | --pixels] \(playUsage)",
        details: """
            The band sweeps across the text as a colour per character, with Facebook Shimmer's timing (a cell
            counts as 10 points); --pixels shows the rendered effect instead. The options are those of
            `kinetic render shimmer`.
            """,
        options: ShimmerCommand.shimmerOptions
            + [
                .value(
                    "duration", "S",
                    "Seconds to play, 0 < S ≤ 600 (default three clips: 3 cycles, or 6 s for the original style).")
            ]
            + textEffectOptions + playOptions,
        run: { arguments, streams throws(CLIError) in
            try RenderCommands.rejectPositionals(arguments)
            let scene = try ShimmerCommand.scene(from: arguments, size: ShimmerScene.defaultSize)
            let duration: MediaTime
            do {
                duration = try arguments.double("duration", in: Limits.positiveSeconds) ?? 3 * scene.clipDuration()
            } catch let error as EffectSpecError {
                throw .usage(error.message)
            } catch let error as CLIError {
                throw error
            } catch {
                throw .failure("\(error)")
            }
            try play(.shimmer(scene, duration: duration), arguments: arguments, streams: streams)
        })

    static let collapse = Command(
        path: ["play", "collapse"],
        summary: "Play the collapse (a screen falling apart under gravity) live in the terminal, in pixels.",
        usage: "play collapse [collapse options] [--duration S] \(playUsage)",
        details: """
            The example screen falls, collides and comes to rest, drawn in pixels fitted to the terminal (half
            blocks, or images where the terminal has the kitty graphics protocol). The options are those of
            `kinetic render collapse` (without --scene).
            """,
        options: CollapseCommand.command.options.filter {
            [
                "gravity-angle", "gravity", "elasticity", "friction", "no-rotation", "delay", "delay-step", "delay-max",
                "seed", "boundary",
            ].contains($0.name)
        }
            + [.value("duration", "S", "Seconds to simulate and play, 0 < S ≤ 600 (default 4).")] + playOptions,
        run: { arguments, streams throws(CLIError) in
            try RenderCommands.rejectPositionals(arguments)
            let spec = try CollapseCommand.spec(from: arguments)
            try play(.collapse(spec), arguments: arguments, streams: streams)
        })

    static let showcase = Command(
        path: ["play", "showcase"],
        summary: "Play the layer showcase live in the terminal, in pixels.",
        usage: "play showcase \(playUsage)",
        details:
            "The showcase scene (gradient, mask, shadow, spring) in pixels (half blocks, or kitty graphics images); "
            + "it lasts 3 s.",
        options: playOptions,
        run: { arguments, streams throws(CLIError) in
            try RenderCommands.rejectPositionals(arguments)
            try play(.showcase, arguments: arguments, streams: streams)
        })

    /// What to play (values only: the layers and other non-Sendable parts are made where the play runs).
    enum Scene: Sendable {
        case count(CountUp)
        case elevator(ElevatorNumber)
        case shimmer(ShimmerScene, duration: MediaTime)
        case collapse(CollapseSpec)
        case showcase

        var hasTextMode: Bool {
            switch self {
            case .count, .elevator, .shimmer: true
            case .collapse, .showcase: false
            }
        }

        var name: String {
            switch self {
            case .count: "count"
            case .elevator: "elevator"
            case .shimmer: "shimmer"
            case .collapse: "collapse"
            case .showcase: "showcase"
            }
        }
    }

    /// The options every play reads, checked.
    struct Settings: Sendable {
        var framesPerSecond: Int
        var loops: Bool
        var showsStatistics: Bool
        var inline: Bool
        var pixels: Bool
        var colorChoice: TerminalEnvironment.ColorChoice = .auto
        /// Where `--record` writes, or nil to play live.
        var recordPath: String?
        var recordSize = TerminalSize.fallback
        var halfBlocks = false
    }

    /// `--color-mode`'s value as a choice.
    static func colorChoice(_ value: String?) throws(CLIError) -> TerminalEnvironment.ColorChoice {
        switch value {
        case nil, "auto": return .auto
        case "always": return .always
        case "never": return .never
        case "16": return .exactly(.palette16)
        case "256": return .exactly(.palette256)
        case "truecolor": return .exactly(.trueColor)
        case let other?:
            throw .usage("--color-mode must be auto, always, never, 16, 256 or truecolor (got '\(other)')")
        }
    }

    static func play(_ scene: Scene, arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        let framesPerSecond = try arguments.int("fps", in: 30...120) ?? 60
        guard [30, 60, 120].contains(framesPerSecond) else {
            throw .usage("--fps must be 30, 60 or 120 (got \(framesPerSecond))")
        }
        var settings = Settings(
            framesPerSecond: framesPerSecond, loops: arguments.flag("loop"), showsStatistics: arguments.flag("stats"),
            inline: arguments.flag("inline"), pixels: arguments.flag("pixels") || !scene.hasTextMode)
        if settings.inline, arguments.flag("pixels") {
            throw .usage("--inline draws text and --pixels draws the rendered effect: choose one")
        }
        settings.colorChoice = try colorChoice(arguments.string("color-mode"))
        settings.halfBlocks = arguments.flag("half-blocks")
        let columns = try arguments.int("columns", in: 1...1000)
        let rows = try arguments.int("rows", in: 1...1000)
        if let path = arguments.string("record") {
            guard !path.isEmpty else { throw .usage("--record needs a file name, such as --record play.cast") }
            if settings.loops {
                throw .usage("--record writes a recording that ends; it cannot --loop: remove one of them")
            }
            settings.recordPath = path
            settings.recordSize = TerminalSize(columns: columns ?? 80, rows: rows ?? 24)
        } else if columns != nil || rows != nil {
            throw .usage("--columns and --rows set the size of a recording: use them with --record FILE.cast")
        }
        let checked = settings
        let summary = try runBlocking { () async throws(CLIError) -> TerminalPlayer.Summary in
            try await PlaySession(scene: scene, settings: checked).run()
        }
        if settings.showsStatistics {
            try streams.err(
                "kinetic play \(scene.name): \(summary.frameCount) frames, \(summary.byteCount) bytes, "
                    + "\(Int(summary.meanBytesPerFrame.rounded())) bytes per frame, "
                    + "\(summary.droppedFrameCount) frames dropped\n")
        }
    }

    /// Runs `body` on the concurrency pool and waits for it: commands are synchronous, playback is async.
    private static func runBlocking<Value: Sendable>(
        _ body: @escaping @Sendable () async throws(CLIError) -> Value
    ) throws(CLIError) -> Value {
        let outcome = Mutex<Result<Value, CLIError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<Value, CLIError>
            do throws(CLIError) {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = outcome.withLock({ $0 }) else { throw .failure("the play ended without a result") }
        return try result.get()
    }
}

/// One play: makes the session, the frames and the final lines for a scene, and runs the player.
private struct PlaySession {
    let scene: PlayCommand.Scene
    let settings: PlayCommand.Settings

    func run() async throws(CLIError) -> TerminalPlayer.Summary {
        if let path = settings.recordPath { return try await record(to: path) }
        do {
            var environment = TerminalEnvironment.current()
            environment.colorChoice = settings.colorChoice
            let session = try TerminalSession(
                environment: environment, presentation: settings.inline ? .inline(rows: 1) : .fullScreen)
            let player = TerminalPlayer(
                session: session, framesPerSecond: settings.framesPerSecond, loops: settings.loops,
                showsStatistics: settings.showsStatistics)
            let playback = try makePlayback(colorSupport: session.colorSupport)
            try checkDuration(playback.duration)
            if let picture = playback.picture, !settings.halfBlocks, session.drawsFrames, !environment.isTmux,
                environment.isInputTerminal
            {
                // Images where the terminal has the kitty graphics protocol (the query needs raw input).
                try session.start()
                if try await KittyGraphics.probe(session.device, clock: SystemClock()) {
                    let kitty = KittyPicture(picture: picture)
                    return try await player.play(
                        duration: playback.duration,
                        frameBytes: { time, size in try kitty.frameBytes(at: time, size: size) }
                    ) { time in
                        playback.finalLines(time, session.size)
                    }
                }
            }
            return try await player.play(duration: playback.duration, frame: playback.frame) { time in
                playback.finalLines(time, session.size)
            }
        } catch let error as CLIError {
            throw error
        } catch let error as TerminalError {
            throw .failure(error.description)
        } catch is CancellationError {
            throw .failure("interrupted")
        } catch {
            throw .failure("\(error)")
        }
    }

    /// `--record`: the play into an asciicast file, in virtual time, on an xterm of the recording's size.
    private func record(to path: String) async throws(CLIError) -> TerminalPlayer.Summary {
        let colorSupport: ColorSupport
        switch settings.colorChoice {
        case .exactly(let support): colorSupport = support
        case .never: colorSupport = .none
        case .auto, .always: colorSupport = .trueColor
        }
        let size = settings.recordSize
        let frameSize = settings.inline ? TerminalSize(columns: size.columns, rows: 1) : size
        let recording: TerminalPlayer.Recording
        do {
            let playback = try makePlayback(colorSupport: colorSupport)
            try checkDuration(playback.duration)
            recording = try await TerminalPlayer.record(
                size: size, colorSupport: colorSupport, presentation: settings.inline ? .inline(rows: 1) : .fullScreen,
                framesPerSecond: settings.framesPerSecond, title: "kinetic play \(scene.name)",
                duration: playback.duration, frame: playback.frame
            ) { time in
                playback.finalLines(time, frameSize)
            }
        } catch let error as CLIError {
            throw error
        } catch let error as TerminalError {
            throw .failure(error.description)
        } catch {
            throw .failure("\(error)")
        }
        do throws(FileError) {
            try recording.asciicast.write(to: path)
        } catch {
            throw RenderPipeline.cliError(RasterError(error))
        }
        return recording.summary
    }

    private func checkDuration(_ duration: MediaTime) throws(CLIError) {
        guard duration.isFinite, duration > 0, duration <= Limits.clipSeconds else {
            throw CLIError.usage(
                "the play would last \(duration.humanText) s, from the effect's options; a play lasts "
                    + "at most \(Limits.clipSeconds.humanText) s: change the options that lengthen it")
        }
    }

    /// The scene as its effect.
    private var effect: any Effect {
        get throws {
            switch scene {
            case .count(let count): count
            case .elevator(let spec): spec
            case .shimmer(let scene, _): scene
            case .collapse(let spec):
                try Collapse(screen: ExampleScreen(size: CollapseCommand.defaultSize).makeLayer(), spec: spec)
            case .showcase: Showcase()
            }
        }
    }

    /// The scene's frames and final lines: the library's terminal form of its effect (text, or pixels with
    /// `--pixels`), laid out as the flags say.
    func makePlayback(colorSupport: ColorSupport) throws -> TerminalPlayback {
        let style = TerminalPlaybackStyle(
            framesPerSecond: settings.framesPerSecond, isInline: settings.inline,
            hint: "kinetic play \(scene.name) · q to quit", reservesStatisticsRow: settings.showsStatistics,
            colorSupport: colorSupport)
        var playback = try TerminalPlayback.of(effect, style: style, pixels: settings.pixels)
        if case .shimmer(_, let duration) = scene { playback.duration = duration }
        return playback
    }
}
