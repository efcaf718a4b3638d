import KineticAnimation
import KineticCore
import KineticLayers

/// The layer-feature showcase: four animated tiles side by side on a dark background, each with a caption —
/// a radial gradient that breathes, text masking a sweeping highlight, a rounded square turning with its shadow,
/// and a dot moved by a spring. It loops every `duration` seconds (t = 0 and t = `duration` look the same), and the
/// tests, the demo gallery and the render benchmark all draw this same scene, so they cannot drift apart.
///
/// Layout: four equal columns across `size`; each tile is sized from the column's width and the height, so any
/// aspect ratio works (600 × 200 for the demo, 16:9 for the benchmarks).
///
/// ```swift
/// let root = try Showcase(size: Size(width: 600, height: 200)).makeLayer()
/// // any renderer: draw root.presentation(at: t) for t in 0 ..< Showcase.duration
/// ```
public struct Showcase: Sendable, Hashable {
    /// One loop, in seconds: 3.
    public static let duration: MediaTime = 3
    /// The demo's size, in points: 600 × 200.
    public static let defaultSize = Size(width: 600, height: 200)

    /// The canvas size in points; both sides finite and > 0. Default `defaultSize`.
    public var size: Size

    /// A showcase of `size` points (default 600 × 200).
    public init(size: Size = Showcase.defaultSize) {
        self.size = size
    }

    /// Colours (an iOS-like dark palette).
    enum Palette {
        static let background = Color(red: 0.059, green: 0.078, blue: 0.125)
        static let caption = Color(white: 1, alpha: 0.6)
        static let yellow = Color(red: 1, green: 0.878, blue: 0.4)
        static let coral = Color(red: 1, green: 0.42, blue: 0.42)
        static let violet = Color(red: 0.518, green: 0.369, blue: 0.969)
        static let night = Color(red: 0.11, green: 0.145, blue: 0.255)
        static let teal = Color(red: 0.369, green: 0.918, blue: 0.831)
        static let blue = Color(red: 0.302, green: 0.671, blue: 0.969)
        static let orange = Color(red: 1, green: 0.573, blue: 0.169)
    }

    /// The root layer (its frame is (0, 0) and `size`) with every animation attached, beginning at t = 0.
    ///
    /// - Throws: `EffectSpecError` when `size` is not finite and > 0 in both directions.
    public func makeLayer() throws(EffectSpecError) -> Layer {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw EffectSpecError(
                "showcase size must be finite and > 0 in both directions (got \(size.width) × \(size.height) points); "
                    + "the default is 600 × 200")
        }
        let root = Layer(frame: Rect(origin: .zero, size: size))
        root.name = "showcase"
        root.backgroundColor = Palette.background
        let column = size.width / 4
        // The unit every tile is sized by: the column width, or the height when that is smaller.
        let unit = min(column, size.height)
        let centerY = size.height / 2 - 0.06 * unit
        let captions = ["gradient", "mask", "shadow", "spring"]
        for (index, caption) in captions.enumerated() {
            let center = Point(x: column * (Double(index) + 0.5), y: centerY)
            do {
                switch index {
                case 0: root.addSublayer(try breathingGradient(center: center, unit: unit))
                case 1: root.addSublayer(try shimmeringText(center: center, unit: unit, width: column))
                case 2: root.addSublayer(try turningCard(center: center, unit: unit))
                default:
                    for layer in try springingDot(center: center, unit: unit) { root.addSublayer(layer) }
                }
            } catch {
                throw EffectSpecError("the showcase's \(caption) animation could not be built: \(error)")
            }
            root.addSublayer(captionLayer(caption, center: center, unit: unit, width: column))
        }
        return root
    }

    /// The timing of an animation that loops forever with the showcase's period.
    private static func loop(duration: MediaTime = Showcase.duration, autoreverses: Bool = false) -> MediaTiming {
        MediaTiming(duration: duration, repeatCount: .infinity, autoreverses: autoreverses)
    }

    /// A rounded tile with a radial gradient whose outer ellipse shrinks and grows back (ease in and out).
    private func breathingGradient(center: Point, unit: Double) throws(AnimationError) -> Layer {
        let side = 0.62 * unit
        let tile = GradientLayer()
        tile.name = "gradient"
        tile.frame = Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
        tile.kind = .radial
        tile.colors = [Palette.yellow, Palette.coral, Palette.violet, Palette.night]
        tile.locations = [0, 0.35, 0.7, 1]
        tile.startPoint = Point(x: 0.5, y: 0.5)
        tile.endPoint = Point(x: 1, y: 1)
        tile.cornerRadius = 0.18 * side
        tile.masksToBounds = true
        tile.add(
            BasicAnimation(
                from: Point(x: 1, y: 1), to: Point(x: 0.72, y: 0.72),
                timing: Self.loop(duration: Self.duration / 2, autoreverses: true), timingFunction: .easeInEaseOut),
            for: \.endPoint)
        return tile
    }

    /// "Kinetic" in bold, masking a teal gradient with a white band that sweeps left to right (the seed
    /// shimmer's locations, [0, 0, 0.25] → [0.75, 1, 1], once per loop).
    private func shimmeringText(center: Point, unit: Double, width: Double) throws(AnimationError) -> Layer {
        let fontSize = min(0.2 * width, 0.28 * size.height)
        let height = 1.3 * fontSize
        let gradient = GradientLayer()
        gradient.name = "shimmer"
        gradient.frame = Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
        gradient.colors = [Palette.teal, .white, Palette.teal]
        gradient.locations = [0, 0, 0.25]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        gradient.add(
            BasicAnimation<[Double]?>(from: [0, 0, 0.25], to: [0.75, 1, 1], timing: Self.loop()), for: \.locations)
        let text = TextLayer(string: "Kinetic", font: Font(weight: 800, size: fontSize))
        text.frame = Rect(x: 0, y: 0, width: width, height: height)
        text.alignment = .center
        gradient.mask = text
        return gradient
    }

    /// A rounded square turning a full turn per loop (easing in and out, so the loop has no jolt), with a soft
    /// shadow that turns with it.
    private func turningCard(center: Point, unit: Double) throws(AnimationError) -> Layer {
        let side = 0.46 * unit
        let card = Layer(frame: Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side))
        card.name = "card"
        card.backgroundColor = Palette.blue
        card.cornerRadius = 0.22 * side
        card.borderWidth = max(1, 0.03 * side)
        card.borderColor = Color(white: 1, alpha: 0.35)
        card.shadowOpacity = 0.6
        card.shadowRadius = 0.05 * unit
        card.shadowOffset = Size(width: 0, height: 0.04 * unit)
        // Quarter turns as keyframes: transforms interpolate the short way round, so one 0 → 2π pair would not
        // turn at all.
        let turns = (0...4).map { AffineTransform.rotation(Double($0) * Double.pi / 2) }
        card.add(
            try KeyframeAnimation(values: turns, timing: Self.loop(), timingFunction: .easeInEaseOut), for: \.transform)
        return card
    }

    /// A dot that springs down at t = 0 and back up at half the loop, over a dashed guide.
    private func springingDot(center: Point, unit: Double) throws(AnimationError) -> [Layer] {
        let travel = 0.22 * unit
        let top = Point(x: center.x, y: center.y - travel)
        let bottom = Point(x: center.x, y: center.y + travel)
        var line = Path()
        line.addLine(from: top, to: bottom)
        let guide = ShapeLayer(path: line, fillColor: nil, strokeColor: Color(white: 1, alpha: 0.25), lineWidth: 2)
        guide.name = "guide"
        guide.frame = Rect(origin: .zero, size: size)
        guide.lineDashPattern = [2, 5]
        guide.lineCap = .round
        let diameter = 0.16 * unit
        let dot = Layer(
            frame: Rect(x: top.x - diameter / 2, y: top.y - diameter / 2, width: diameter, height: diameter))
        dot.name = "dot"
        dot.backgroundColor = Palette.orange
        dot.cornerRadius = diameter / 2
        let spring = try Spring(duration: 0.5, bounce: 0.35)
        let half = Self.duration / 2
        dot.add(
            try SpringAnimation(from: top, to: bottom, spring: spring, timing: MediaTiming(duration: half)),
            for: \.position, key: "down")
        dot.add(
            try SpringAnimation(
                from: bottom, to: top, spring: spring, timing: MediaTiming(beginTime: half, duration: half)),
            for: \.position, key: "up")
        return [guide, dot]
    }

    private func captionLayer(_ string: String, center: Point, unit: Double, width: Double) -> Layer {
        let fontSize = max(9, 0.07 * unit)
        let text = TextLayer(string: string, font: Font(weight: 500, size: fontSize), color: Palette.caption)
        text.name = "caption-" + string
        text.frame = Rect(x: center.x - width / 2, y: center.y + 0.38 * unit, width: width, height: 1.4 * fontSize)
        text.alignment = .center
        return text
    }
}

extension Showcase: Effect {
    /// The clip: one ``duration``-second loop on the scene's own background (no text to measure).
    public func makeClip(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Clip {
        Clip(root: try makeLayer(), duration: Self.duration, loops: true)
    }
}
