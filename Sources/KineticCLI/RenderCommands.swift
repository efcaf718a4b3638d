import KineticCore
import KineticEffects
import KineticLayers

/// One effect a render command draws: its options, and the clip they describe. The command line writes the clip
/// to its `-o` file; `kinetic serve` writes it to memory for `/NAME.EXT?…` — one definition of every option, its
/// range, default and error words, for both.
struct EffectRenderer: Sendable {
    /// The effect's name: `kinetic render NAME`, and the service's `/NAME.EXT`.
    var name: String
    /// Every option the effect takes, the shared render options included (the service's query parameters).
    var options: [OptionSpec]
    /// The canvas when neither --width nor --height is given, in points.
    var defaultSize: Size
    /// Options that name a file on this machine: the command line takes them, the service refuses them.
    var fileOptions: Set<String>
    /// The clip the options describe, on the canvas of `settings` (options already checked against the spec).
    var makeClip: @Sendable (ParsedArguments, RenderSettings) throws(CLIError) -> Clip
    /// True when the picture depends on the time it is asked for (the countdown): the service passes its time in
    /// as `now`, and never caches the picture. Default false.
    var dependsOnTime = false

    /// Options the service never takes from a URL: files (`-o`, a background picture, a scene) and `--dry-run`.
    /// A time-dependent effect's `now` is the request's time, not a parameter.
    var optionsRefusedOverHTTP: Set<String> {
        fileOptions.union(["output", "background-image", "dry-run"]).union(dependsOnTime ? ["now"] : [])
    }

    /// The command line's way: the settings with `-o`, the clip, written to the file.
    func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        try RenderCommands.rejectPositionals(arguments)
        let settings = try RenderSettings(arguments, defaultSize: defaultSize)
        try RenderPipeline.render(try makeClip(arguments, settings), settings: settings, streams: streams)
    }
}

/// `kinetic render …`: one scene or effect to a still, an animated image or a video.
enum RenderCommands {
    static var all: [Command] {
        [
            showcase, ShimmerCommand.command, CollapseCommand.command, ElevatorCommand.command, CountCommand.command,
            CountdownCommand.command,
        ]
    }

    /// The effects `kinetic render` draws, by name, as the service routes them.
    static var renderers: [EffectRenderer] {
        [
            showcaseRenderer, ShimmerCommand.renderer, CollapseCommand.renderer, ElevatorCommand.renderer,
            CountCommand.renderer,
        ]
    }

    static let showcaseRenderer = EffectRenderer(
        name: "showcase",
        options: RenderSettings.options(
            defaultSize: Showcase.defaultSize, defaultDuration: "3", defaultBackground: "the scene's own"),
        defaultSize: Showcase.defaultSize, fileOptions: [],
        makeClip: { _, settings throws(CLIError) in try RenderPipeline.clip(of: Showcase(size: settings.size)) })

    static let showcase = Command(
        path: ["render", "showcase"],
        summary: "Render the layer showcase (gradient, mask, shadow, spring) to an image or a video.",
        usage: "render showcase -o FILE [--width PT --height PT --scale N --fps N --duration S --background COLOR]",
        details: """
            The scene that `kinetic demo` shows first: a breathing radial gradient, text masking a sweeping
            highlight, a rounded square turning with its shadow, and a spring-moving dot. It loops every 3 s.
            """,
        options: showcaseRenderer.options,
        run: { arguments, streams throws(CLIError) in try showcaseRenderer.run(arguments, streams: streams) })

    static func rejectPositionals(_ arguments: ParsedArguments) throws(CLIError) {
        if let extra = arguments.positionals.first {
            throw .usage("unexpected argument '\(extra)' (options start with --; see --help)")
        }
    }
}
