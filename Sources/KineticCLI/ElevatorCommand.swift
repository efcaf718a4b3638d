import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster

/// `kinetic render elevator`: a number that slides to each new value, in the article's style (the whole label)
/// or with rolling digits, with every option of `ElevatorNumber` as a flag.
enum ElevatorCommand {
    static let elevatorOptions: [OptionSpec] =
        [
            .value(
                "values", "LIST", "Comma-separated values, one per --interval, e.g. 0,1,2,10,9 (or use --from/--to)."),
            .value("from", "N", "Count from N, |N| ≤ 1e15 (default 0)."),
            .value("to", "N", "Count to N, |N| ≤ 1e15 (default 30: the article's scene)."),
            .value("step", "N", "Count by N, ≠ 0, towards --to; at most 100,000 values (default 1 or −1)."),
            .value("interval", "S", "Seconds between values, 0 < S ≤ 600 (default 1)."),
            .value(
                "style", "STYLE",
                "digits (every character rolls in its own column) or original (the article's whole-label slide; 'seed' works too) (default digits)."
            ),
            .value("direction", "DIR", "Digits: sign, up, down or shortest (default sign: up when the number grows)."),
            .value("stagger", "S", "Digits: delay per column from the right, in seconds, 0…10 (default 0)."),
            .value(
                "edge-fade", "PT", "Digits: soft top and bottom edges of the window, 0…10000 (default 0.1 × font size)."
            ),
            .value(
                "transition-duration", "S",
                "Seconds per change, 0 < S ≤ 60 (default 1 original; digits: 0.6, on ease-in-out unless --easing is given)."
            ),
        ]
        + NumberEffectFlags.motionOptions(
            easingDefault: "linear for original", springDefault: "duration=0.6,bounce=0 for digits")
        + [
            .flag("instant", "No animation: each value shows at once (PMElevateLabel's animated: false)."),
            .value(
                "box-width", "PT",
                "Width of the clipped box, 0 < PT ≤ 10000 (default 100 original, the canvas for digits)."
            ),
            .value(
                "box-height", "PT",
                "Height of the clipped box, 0 < PT ≤ 10000 (default 100 original, the canvas for digits)."),
            .value(
                "border-color", "COLOR",
                "#RRGGBB[AA] or a CSS name: box border, or none (default #0000FF original, none digits)."),
            .value("border-width", "PT", "Box border width in points, 0…10000 (default 1)."),
        ]
        + NumberEffectFlags.formatOptions
        + NumberEffectFlags.textOptions(defaultFont: "50; weight 400 original, 600 digits")

    static let command = Command(
        path: ["render", "elevator"],
        summary: "Render the elevator number (values sliding up and down) to an image or a video.",
        usage: """
            render elevator -o FILE [--values LIST | --from N --to N --step N] [--interval S] \
            [--style digits|original] [options]
            """,
        details: """
            The original style is PMElevateLabel's: in a clipped 100 × 100 box with a blue border, the old and the new
            value slide together, linearly in 1 s — up when the value grows, down when it shrinks. The digits style
            rolls each character in its own column (Robinhood's Ticker, number-flow): columns are keyed from the
            right, grow in or shrink away when the digit count changes, and a value arriving mid-roll retargets from
            where each column is. With no values: the article's scene, 0 → 30, one value per second.
            """,
        options: renderer.options,
        run: { arguments, streams throws(CLIError) in try renderer.run(arguments, streams: streams) })

    static let renderer = EffectRenderer(
        name: "elevator",
        options: elevatorOptions
            + RenderSettings.options(
                defaultSize: ElevatorNumber.defaultSize, defaultDuration: "until the last change settles, + 1",
                defaultBackground: "#FFFFFF"),
        defaultSize: ElevatorNumber.defaultSize, fileOptions: [],
        makeClip: { arguments, settings throws(CLIError) in
            var spec = try elevator(from: arguments, size: settings.size)
            // The default canvas grows to fit the widest value (a given --width or --box-width is kept, and a
            // value that does not fit it is a warning): the library's `fitsWidth`.
            spec.fitsWidth = arguments.string("width") == nil
            return try RenderPipeline.clip(of: spec)
        })

    /// The gallery's elevator entries: the article's scene, the same count rolling digit by digit, and the digits
    /// style with formatting, column insertion and removal, and values arriving mid-roll.
    static var demoItems: [DemoCommand.Item] {
        [
            DemoCommand.Item(
                section: "Elevator number", title: "0 → 30 (the original article)",
                caption: "PMElevateLabel: a clipped 100 × 100 box with a blue border; each second the old and the new "
                    + "value slide up together, linearly, in 1 s.",
                name: "elevator-original", arguments: ["render", "elevator", "--style", "original", "--fps", "20"],
                width: 240, height: 160),
            DemoCommand.Item(
                section: "Elevator number", title: "0 → 30, digit by digit",
                caption: "The default style: each digit rolls in its own column on a critically damped spring; the "
                    + "units stay units when the tens appear, and the window's edges fade (number-flow's mask).",
                name: "elevator-digits", arguments: ["render", "elevator", "--fps", "20"], width: 240, height: 160),
            DemoCommand.Item(
                section: "Elevator number", title: "Formatting, insertion and retargeting",
                caption: "Dollars with grouping and two decimals: columns grow in and shrink away with their width "
                    + "(99 → 1,000 → 999), the $ and the separators slide rather than roll, and values 0.5 s apart "
                    + "retarget every column from where it is.",
                name: "elevator-currency",
                arguments: [
                    "render", "elevator", "--values", "99.5,100,1000,999.99,1250,1249.75,1251", "--interval", "0.5",
                    "--format", "currency", "--currency", "USD", "--width", "360", "--height", "120",
                ], width: 360, height: 120),
        ]
    }

    /// The spec the flags describe.
    static func elevator(from arguments: ParsedArguments, size: Size) throws(CLIError) -> ElevatorNumber {
        let styleName = arguments.string("style") ?? "digits"
        guard
            let style = ElevatorNumber.Style(
                rawValue: styleName.lowercased() == "original" ? "seed" : styleName.lowercased())
        else {
            throw .usage("--style must be digits or original (got '\(styleName)')")
        }
        var spec = ElevatorNumber(changes: try changes(from: arguments), style: style, size: size)
        if style == .seed,
            let flag = ["direction", "stagger", "spring", "edge-fade"].first(where: { arguments.string($0) != nil })
        {
            throw .usage("--\(flag) applies to --style digits only; the original style slides the whole label")
        }
        if let name = arguments.string("direction") {
            guard let direction = RollDirection(rawValue: name.lowercased()) else {
                throw .usage("--direction must be sign, up, down or shortest (got '\(name)')")
            }
            spec.direction = direction
        }
        spec.stagger = try arguments.double("stagger", in: .from(0, to: 10, "seconds"), default: 0)
        spec.edgeFade = try arguments.double("edge-fade", in: Limits.points)
        spec.transition = try transition(from: arguments, style: style)
        if let width = try arguments.double("box-width", in: Limits.canvasPoints) {
            spec.boxSize = Size(width: width, height: spec.resolvedBoxSize.height)
        }
        if let height = try arguments.double("box-height", in: Limits.canvasPoints) {
            spec.boxSize = Size(width: spec.resolvedBoxSize.width, height: height)
        }
        if arguments.string("border-color") != nil {
            spec.borderColor = try NumberEffectFlags.color(arguments, "border-color", allowsNone: true)
        }
        spec.borderWidth = try arguments.double("border-width", in: Limits.points, default: spec.borderWidth)
        spec.format = try NumberEffectFlags.format(arguments, base: spec.format)
        spec.font = try NumberEffectFlags.font(arguments, base: spec.font)
        spec.textColor = try NumberEffectFlags.textColor(arguments) ?? spec.textColor
        spec.alignment = try NumberEffectFlags.alignment(arguments, base: spec.alignment)
        do {
            try spec.validate()
        } catch {
            throw .usage(error.message)
        }
        return spec
    }

    /// The values: `--values` at `--interval`, or counting `--from` `--to` by `--step` (default 0 → 30 by 1).
    ///
    /// The last value must arrive within the longest clip (600 s), checked here before any value is laid out, so
    /// `--to 18001` fails at once instead of after building eighteen thousand rolls.
    static func changes(from arguments: ParsedArguments) throws(CLIError) -> [NumberChange] {
        let interval = try arguments.double("interval", in: Limits.positiveSeconds, default: 1)
        let changes: [NumberChange]
        if let values = try NumberEffectFlags.numbers(arguments, "values") {
            if let flag = ["from", "to", "step"].first(where: { arguments.string($0) != nil }) {
                throw .usage("--\(flag) counts; it cannot be combined with --values")
            }
            changes = NumberChange.sequence(values, interval: interval)
        } else {
            do {
                changes = try NumberChange.counting(
                    from: arguments.double("from", in: Limits.number, default: 0),
                    to: arguments.double("to", in: Limits.number, default: 30),
                    step: arguments.double("step", in: Limits.number), interval: interval)
            } catch let error as CLIError {
                throw error
            } catch {
                throw .usage("\(error)")
            }
        }
        if let last = changes.last, !(last.time <= Limits.clipSeconds) {
            throw .usage(
                "\(changes.count) values at --interval \(interval.humanText) s arrive until \(last.time.humanText) s; "
                    + "a clip lasts at most \(Limits.clipSeconds.humanText) s: give fewer values, a larger --step "
                    + "or a shorter --interval")
        }
        return changes
    }

    /// `--instant`, `--spring` or `--easing` with `--transition-duration`; the style's default otherwise.
    static func transition(from arguments: ParsedArguments, style: ElevatorNumber.Style) throws(CLIError)
        -> RollTransition
    {
        let spring = try NumberEffectFlags.spring(arguments)
        let curve = try NumberEffectFlags.curve(arguments)
        let duration = try arguments.double("transition-duration", in: .above(0, upTo: 60, "seconds"))
        let given = ["instant", "spring", "easing"].filter { arguments.flag($0) || arguments.string($0) != nil }
        guard given.count <= 1, spring == nil || duration == nil else {
            throw .usage("choose one of --instant, --spring or --easing (with --transition-duration)")
        }
        if arguments.flag("instant") { return .instant }
        if let spring { return .spring(spring) }
        let seconds = duration ?? (style == .seed ? 1 : 0.6)
        switch curve {
        case .expo?: return .easeOutExpo(duration: seconds)
        case .timing(let function)?: return .timed(duration: seconds, timingFunction: function)
        case nil:
            if style == .seed { return .timed(duration: seconds, timingFunction: .linear) }
            if duration != nil { return .timed(duration: seconds, timingFunction: .easeInEaseOut) }
            return .default
        }
    }
}
