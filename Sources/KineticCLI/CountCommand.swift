import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster

/// `kinetic render count`: a number counting from one value to another, in the article's style (a fixed step per
/// 0.02-s tick) or countUp.js's (by time, eased), with every option of `CountUp` as a flag.
enum CountCommand {
    static let countOptions: [OptionSpec] =
        [
            .value("from", "N", "The start value, |N| ≤ 1e15 (default 0)."),
            .value("to", "N", "The target, |N| ≤ 1e15 (default 10000)."),
            .value(
                "retarget", "LIST",
                "Later targets as TIME:VALUE pairs (TIME 0…600 s, |VALUE| ≤ 1e15), e.g. 2.5:500,4:12000 (default none)."
            ),
            .value(
                "style", "STYLE",
                "default (by time, eased, as countUp.js) or original (the article's step per tick; 'seed' works too) (default default)."
            ),
            .value(
                "step", "STEP", "Seed: one (1 per tick) or fiftieth (⌈|to − from| / 50⌉ per tick) (default fiftieth)."),
            .value(
                "tick", "S",
                "Seconds between label updates, 0.001…10; at most 100,000 ticks (default 0.02 original, 1/60 default)."),
            .value("count-duration", "S", "Default style: seconds to count, 0 < S ≤ 600 (default 2)."),
            .value("delay", "S", "Seconds before counting starts, 0…600 (default 0, as CountUp's startTime)."),
        ]
        + NumberEffectFlags.motionOptions(easingDefault: "expo", springDefault: "none")
        + [
            .flag("no-smart-easing", "Ease the whole count even when it is longer than the smart easing threshold."),
            .value(
                "smart-threshold", "N",
                "Counts longer than N run linearly first, 0 < N ≤ 1e15 (default 999, countUp.js)."),
            .value("smart-amount", "N", "How much of a long count is eased, 0 ≤ N < threshold (default 333)."),
        ]
        + NumberEffectFlags.formatOptions
        + NumberEffectFlags.textOptions(defaultFont: "30 bold original, 56 bold default")

    static let command = Command(
        path: ["render", "count"],
        summary: "Render the count-up (a number counting to a target) to an image or a video.",
        usage: """
            render count -o FILE [--from N --to N] [--style default|original] [--format decimal|currency|percent] \
            [--currency CODE] [--locale ID] [--decimals N] [--prefix P] [--suffix S] [--easing CURVE|expo] [options]
            """,
        details: """
            The original style is the SwiftUI + Combine article's: every 0.02 s the count grows by ⌈|to − from| / 50⌉
            (or 1 with --step one) and stops exactly on the target. The default style is countUp.js's: 2 s on
            easeOutExpo, with smart easing for counts over 999 (linear until 333 short of the target, then eased).
            Digits are tabular and the label keeps the widest text's width, so nothing wobbles.
            """,
        options: renderer.options,
        run: { arguments, streams throws(CLIError) in try renderer.run(arguments, streams: streams) })

    static let renderer = EffectRenderer(
        name: "count",
        options: countOptions
            + RenderSettings.options(
                defaultSize: CountUp.defaultSize, defaultDuration: "the delay + the count + 1.5",
                defaultBackground: "#FFFFFF"),
        defaultSize: CountUp.defaultSize, fileOptions: [],
        makeClip: { arguments, settings throws(CLIError) in
            var count = try countUp(from: arguments, size: settings.size)
            // The default canvas grows to fit the widest text (a given --width is kept; text that does not fit it
            // is a warning): the library's `fitsWidth`.
            count.fitsWidth = arguments.string("width") == nil
            return try RenderPipeline.clip(of: count)
        })

    /// The gallery's count-up entries: the article's first version and countUp.js's model in yen.
    static var demoItems: [DemoCommand.Item] {
        [
            DemoCommand.Item(
                section: "Count-up", title: "0 → 1000 (the original article)",
                caption: "A Combine timer every 0.02 s adds 1 (the article's first version) in bold tabular digits; "
                    + "--step fiftieth is its final version, ⌈Δ / 50⌉ per tick.",
                name: "count-original",
                arguments: ["render", "count", "--style", "original", "--to", "1000", "--step", "one"],
                width: 320, height: 120),
            DemoCommand.Item(
                section: "Count-up", title: "¥10,000 (countUp.js)",
                caption: "By time: 2 s on easeOutExpo with smart easing (linear to ¥9,667, then eased), formatted "
                    + "for ja_JP; the label keeps the widest value's width and the digits never wobble.",
                name: "count-default",
                arguments: ["render", "count", "--to", "10000", "--format", "currency", "--locale", "ja_JP"],
                width: 320, height: 120),
        ]
    }

    /// The spec the flags describe.
    static func countUp(from arguments: ParsedArguments, size: Size) throws(CLIError) -> CountUp {
        let styleName = arguments.string("style") ?? "default"
        guard
            let style = CountUp.Style(rawValue: styleName.lowercased() == "original" ? "seed" : styleName.lowercased())
        else {
            throw .usage("--style must be default or original (got '\(styleName)')")
        }
        let defaultOnly = [
            "count-duration", "easing", "spring", "smart-threshold", "smart-amount",
        ]
        if style == .seed,
            let flag = (defaultOnly + ["no-smart-easing"]).first(where: {
                arguments.string($0) != nil || arguments.flag($0)
            })
        {
            throw .usage("--\(flag) applies to --style default only; the original style adds a fixed step per tick")
        }
        if style == .default, arguments.string("step") != nil {
            throw .usage("--step applies to --style original only; the default style counts by time")
        }
        var count = CountUp(
            from: try arguments.double("from", in: Limits.number, default: 0),
            to: try arguments.double("to", in: Limits.number, default: 10_000),
            style: style)
        count.size = size
        count.startTime = try arguments.double("delay", in: Limits.seconds, default: count.startTime)
        count.retargets = try retargets(from: arguments)
        if let name = arguments.string("step") {
            guard let step = CountUp.SeedStep(rawValue: name.lowercased()) else {
                throw .usage("--step must be one or fiftieth (got '\(name)')")
            }
            count.step = step
        }
        count.tickInterval = try arguments.double(
            "tick", in: .from(0.001, to: 10, "seconds"), default: count.tickInterval)
        count.duration = try arguments.double("count-duration", in: Limits.positiveSeconds, default: count.duration)
        let spring = try NumberEffectFlags.spring(arguments)
        let curve = try NumberEffectFlags.curve(arguments)
        if spring != nil, curve != nil { throw .usage("choose --easing or --spring, not both") }
        if let spring { count.easing = .spring(spring) }
        switch curve {
        case .expo?: count.easing = .easeOutExpo
        case .timing(let function)?: count.easing = .timing(function)
        case nil: break
        }
        if arguments.flag("no-smart-easing") {
            if arguments.string("smart-threshold") != nil || arguments.string("smart-amount") != nil {
                throw .usage("--no-smart-easing cannot be combined with --smart-threshold or --smart-amount")
            }
            count.smartEasing = nil
        } else if count.smartEasing != nil {
            count.smartEasing = SmartEasing(
                threshold: try arguments.double("smart-threshold", in: .above(0, upTo: 1e15), default: 999),
                amount: try arguments.double("smart-amount", in: .from(0, to: 1e15), default: 333))
        }
        count.format = try NumberEffectFlags.format(arguments, base: count.format)
        count.font = try NumberEffectFlags.font(arguments, base: count.font)
        count.textColor = try NumberEffectFlags.textColor(arguments) ?? count.textColor
        count.alignment = try NumberEffectFlags.alignment(arguments, base: count.alignment)
        do {
            try count.validate()
        } catch {
            throw .usage(error.message)
        }
        return count
    }

    /// `--retarget TIME:VALUE,…`.
    static func retargets(from arguments: ParsedArguments) throws(CLIError) -> [NumberChange] {
        guard let text = arguments.string("retarget") else { return [] }
        var changes: [NumberChange] = []
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: ":").map { Double(String($0).trimmingWhitespace) }
            guard parts.count == 2, let time = parts[0], let value = parts[1] else {
                throw .usage("--retarget expects TIME:VALUE pairs like 2.5:500,4:12000 (got '\(pair)')")
            }
            guard Limits.seconds.contains(time), Limits.number.contains(value) else {
                throw .usage(
                    "--retarget: each time must be \(Limits.seconds.text) and each value \(Limits.number.text) "
                        + "(got '\(pair)')")
            }
            guard changes.count < Limits.listCount else {
                throw .usage("--retarget takes at most \(Limits.listCount) pairs")
            }
            changes.append(NumberChange(time: time, value: value))
        }
        return changes
    }
}
