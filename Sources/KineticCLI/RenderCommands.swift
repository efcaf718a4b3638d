import KineticCore
import KineticEffects
import KineticLayers

/// `kinetic render …`: one scene or effect to a still, an animated image or a video.
enum RenderCommands {
    static var all: [Command] {
        [showcase, ShimmerCommand.command, CollapseCommand.command, ElevatorCommand.command, CountCommand.command]
    }

    static let showcase = Command(
        path: ["render", "showcase"],
        summary: "Render the layer showcase (gradient, mask, shadow, spring) to an image or a video.",
        usage: "render showcase -o FILE [--width PT --height PT --scale N --fps N --duration S --background COLOR]",
        details: """
            The scene that `kinetic demo` shows first: a breathing radial gradient, text masking a sweeping
            highlight, a rounded square turning with its shadow, and a spring-moving dot. It loops every 3 s.
            """,
        options: RenderSettings.options(
            defaultSize: Showcase.defaultSize, defaultDuration: "3", defaultBackground: "the scene's own"),
        run: { arguments, streams throws(CLIError) in
            try rejectPositionals(arguments)
            let settings = try RenderSettings(arguments, defaultSize: Showcase.defaultSize)
            try RenderPipeline.render(
                try RenderPipeline.clip(of: Showcase(size: settings.size)), settings: settings, streams: streams)
        })

    static func rejectPositionals(_ arguments: ParsedArguments) throws(CLIError) {
        if let extra = arguments.positionals.first {
            throw .usage("unexpected argument '\(extra)' (options start with --; see --help)")
        }
    }
}
