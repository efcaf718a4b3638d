import Foundation
import KineticCore
import KineticDynamics
import KineticEffects

/// `kinetic render collapse`: the example screen (or a dynamics scene) falling apart under gravity.
enum CollapseCommand {
    static let defaultSize = Size(width: 375, height: 667)

    static let command = Command(
        path: ["render", "collapse"],
        summary: "Render a screen collapsing under gravity (UIKit Dynamics), or a dynamics scene JSON.",
        usage: """
            render collapse -o FILE [--scene SCENE.json] [--gravity-angle RAD] [--gravity G] [--elasticity E] \
            [--friction F] [--no-rotation] [--delay none|top-to-bottom|random] [--delay-step S] [--delay-max S] \
            [--seed N] [--boundary screen|open-bottom] [common render options]
            """,
        details: """
            Without --scene: the example screen (status bar, title, search field, buttons, a list of cells and a tab
            bar), each piece falling, colliding and tumbling until it rests, as the original article did with UIKit Dynamics.
            With --scene: the items of a `kinetic simulate` scene (docs/simulate.md) as coloured boxes; the scene's
            own gravity, collision and materials apply and the effect options are not used.
            """,
        options: renderer.options,
        run: { arguments, streams throws(CLIError) in
            try RenderCommands.rejectPositionals(arguments)
            if let path = arguments.string("scene") {
                try renderScene(path: path, arguments: arguments, streams: streams)
                return
            }
            let settings = try RenderSettings(arguments, defaultSize: defaultSize)
            let collapse = try collapse(from: arguments, size: settings.size)
            try RenderPipeline.render(try RenderPipeline.clip(of: collapse), settings: settings, streams: streams)
            try streams.err(
                collapse.restedAt.map { "at rest after \($0.secondsText) s\n" }
                    ?? "still moving at the end of the clip\n")
        })

    /// The example screen collapsing; a scene file (`--scene`) is the command line's only.
    static let renderer = EffectRenderer(
        name: "collapse",
        options: [
            .value("scene", "SCENE.json", "A dynamics scene to render instead of the example screen."),
            .value("gravity-angle", "RAD", "Gravity direction in radians, |RAD| ≤ 1000 (default 1.5707963, down)."),
            .value("gravity", "G", "Gravity magnitude, 0…10; 1 = 1000 pt/s² (default 1)."),
            .value("elasticity", "E", "Bounciness of every piece, 0…1 (default 0, UIKit's)."),
            .value("friction", "F", "Friction of every piece, 0…100 (default 0, UIKit's)."),
            .flag("no-rotation", "Pieces fall without turning."),
            .value("delay", "MODE", "none, top-to-bottom or random (default none)."),
            .value("delay-step", "S", "top-to-bottom: seconds between pieces, 0…10 (default 0.05)."),
            .value("delay-max", "S", "random: the longest wait in seconds, 0…60 (default 0.6)."),
            .value("seed", "N", "random: the generator's seed, a whole number ≥ 0 (default 1)."),
            .value("boundary", "MODE", "screen (walls all round) or open-bottom (things fall off) (default screen)."),
        ]
            + RenderSettings.options(
                defaultSize: defaultSize, defaultDuration: "4", defaultBackground: "the screen's own"),
        defaultSize: defaultSize, fileOptions: ["scene"],
        makeClip: { arguments, settings throws(CLIError) in
            try RenderPipeline.clip(of: try collapse(from: arguments, size: settings.size))
        })

    /// The example screen on a canvas of `size`, falling as the options say.
    static func collapse(from arguments: ParsedArguments, size: Size) throws(CLIError) -> Collapse {
        let spec = try spec(from: arguments)
        do {
            return try Collapse(screen: ExampleScreen(size: size).makeLayer(), spec: spec)
        } catch {
            throw .usage("\(error)")
        }
    }

    static func spec(from arguments: ParsedArguments) throws(CLIError) -> CollapseSpec {
        var spec = CollapseSpec()
        spec.gravityAngle = try arguments.double(
            "gravity-angle", in: .within(1_000, "radians"), default: spec.gravityAngle)
        spec.gravityMagnitude = try arguments.double("gravity", in: .from(0, to: 10), default: spec.gravityMagnitude)
        spec.elasticity = try arguments.double("elasticity", in: Limits.fraction, default: spec.elasticity)
        spec.friction = try arguments.double("friction", in: .from(0, to: 100), default: spec.friction)
        spec.allowsRotation = !arguments.flag("no-rotation")
        spec.duration = try arguments.double("duration", in: Limits.positiveSeconds, default: spec.duration)
        switch arguments.string("delay") ?? "none" {
        case "none": spec.delay = .none
        case "top-to-bottom":
            spec.delay = .topToBottom(
                step: try arguments.double("delay-step", in: .from(0, to: 10, "seconds"), default: 0.05))
        case "random":
            let seed = try arguments.int("seed", in: 0...Int.max) ?? 1
            spec.delay = .random(
                maximum: try arguments.double("delay-max", in: .from(0, to: 60, "seconds"), default: 0.6),
                seed: UInt64(seed))
        case let other: throw .usage("--delay expects none, top-to-bottom or random, got '\(other)'")
        }
        switch arguments.string("boundary") ?? "screen" {
        case "screen": spec.boundary = .screen
        case "open-bottom": spec.boundary = .openBottom
        case let other: throw .usage("--boundary expects screen or open-bottom, got '\(other)'")
        }
        do {
            try spec.validate()
        } catch {
            throw .usage("\(error)")
        }
        return spec
    }

    static func renderScene(path: String, arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        let data = try InputFile.contents(of: path)
        let name = path == "-" ? "stdin" : InputFile.printable(path)
        let scene: DynamicsScene
        do {
            scene = try DynamicsScene.parse(data)
        } catch {
            throw .data("\(name): \(error)")
        }
        var settings = try RenderSettings(arguments, defaultSize: scene.bounds.size)
        settings.size = scene.bounds.size
        // The animation keeps every sampled state until the render: at most 5,000,000 (about 100 bytes each).
        let sceneSampleRate = 60.0
        let maximumSceneStates = 5_000_000.0
        let duration = settings.options.duration ?? 4
        let keptStates = Double(scene.items.count) * ((duration * sceneSampleRate).rounded(.down) + 1)
        guard keptStates <= maximumSceneStates else {
            throw .usage(
                "--duration \(duration.humanText) s of \(scene.items.count) items sampled at "
                    + "\(sceneSampleRate.humanText) Hz are \(keptStates.humanText) item states to keep; "
                    + "at most \(maximumSceneStates.humanText) (shorten --duration or use fewer items)")
        }
        let animation: SceneAnimation
        do {
            animation = try SceneAnimation(scene: scene, duration: duration, sampleRate: sceneSampleRate)
        } catch {
            throw .data("\(name): \(error)")
        }
        try RenderPipeline.render(try RenderPipeline.clip(of: animation), settings: settings, streams: streams)
    }
}
