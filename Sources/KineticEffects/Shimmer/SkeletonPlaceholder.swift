import KineticCore
import KineticLayers

/// A "skeleton" loading placeholder: a round avatar and rounded bars where text will appear, the grey shapes
/// that apps shimmer while content loads. An example of shimmer content that is not text: pass `makeLayer(size:)`
/// to `Shimmer.makeLayer(content:)`.
///
/// Layout within the box, inset by `padding`: the avatar (a circle as tall as the bars' block, when shown) on the
/// left, then `lineCount` bars stacked `barSpacing` apart, the block centred vertically. The first bar is a short
/// title (45 % of the space beside the avatar), the last a short closing line (65 %), those between nearly full.
public struct SkeletonPlaceholder: Sendable, Hashable {
    /// The number of bars, 1…12. Default 3.
    public var lineCount: Int
    /// Whether a round avatar sits left of the bars. Default true.
    public var showsAvatar: Bool
    /// Each bar's height, in points, finite and > 0. Default 14.
    public var barHeight: Double
    /// The gap between bars, in points, finite and ≥ 0. Default 10.
    public var barSpacing: Double
    /// The bars' corner radius, in points, ≥ 0 (clamped to half the height); nil for capsules. Default nil.
    public var cornerRadius: Double?
    /// The space kept clear around the shapes, and between avatar and bars, in points, finite and ≥ 0.
    /// Default 16.
    public var padding: Double
    /// The shapes' colour. Default #D1D1D6 (iOS system grey 4).
    public var color: Color

    /// A placeholder with the given layout (see each property for its default).
    public init(
        lineCount: Int = 3, showsAvatar: Bool = true, barHeight: Double = 14, barSpacing: Double = 10,
        cornerRadius: Double? = nil, padding: Double = 16,
        color: Color = Color(red: 209 / 255, green: 209 / 255, blue: 214 / 255)
    ) {
        self.lineCount = lineCount
        self.showsAvatar = showsAvatar
        self.barHeight = barHeight
        self.barSpacing = barSpacing
        self.cornerRadius = cornerRadius
        self.padding = padding
        self.color = color
    }

    /// The height of the bars' block: `lineCount` bars and the gaps between them, in points.
    public var blockHeight: Double {
        Double(lineCount) * barHeight + Double(max(0, lineCount - 1)) * barSpacing
    }

    /// The shapes' rectangles in a box of `size`, avatar first (its bounding square), then the bars top to bottom.
    ///
    /// - Throws: `EffectSpecError` for values out of range, or a box too small for the shapes.
    public func shapeFrames(in size: Size) throws(EffectSpecError) -> [Rect] {
        try validate(size: size)
        let inner = Rect(origin: .zero, size: size).insetBy(dx: padding, dy: padding)
        let top = inner.minY + (inner.height - blockHeight) / 2
        var frames: [Rect] = []
        var left = inner.minX
        if showsAvatar {
            frames.append(Rect(x: left, y: top, width: blockHeight, height: blockHeight))
            left += blockHeight + padding
        }
        let available = inner.maxX - left
        for index in 0..<lineCount {
            let fraction: Double
            if lineCount > 1 && index == 0 {
                fraction = 0.45
            } else if lineCount > 2 && index == lineCount - 1 {
                fraction = 0.65
            } else {
                fraction = index.isMultiple(of: 2) ? 0.92 : 1
            }
            let y = top + Double(index) * (barHeight + barSpacing)
            frames.append(Rect(x: left, y: y, width: available * fraction, height: barHeight))
        }
        return frames
    }

    /// A shape layer of `size` (at the origin), named "skeleton", filling the avatar and the bars with `color`.
    ///
    /// - Throws: `EffectSpecError` for values out of range, or a box too small for the shapes.
    public func makeLayer(size: Size) throws(EffectSpecError) -> Layer {
        var frames = try shapeFrames(in: size)
        var path = Path()
        if showsAvatar {
            path.addEllipse(in: frames.removeFirst())
        }
        let radius = cornerRadius ?? barHeight / 2
        for frame in frames { path.addRoundedRect(frame, cornerRadius: radius) }
        let layer = ShapeLayer(path: path, fillColor: color)
        layer.name = "skeleton"
        layer.frame = Rect(origin: .zero, size: size)
        return layer
    }

    private func validate(size: Size) throws(EffectSpecError) {
        guard (1...12).contains(lineCount) else {
            throw EffectSpecError("skeleton line count must be 1…12 (got \(lineCount)); the default is 3")
        }
        guard barHeight.isFinite, barHeight > 0, barSpacing.isFinite, barSpacing >= 0, padding.isFinite,
            padding >= 0, (cornerRadius ?? 0).isFinite, (cornerRadius ?? 0) >= 0
        else {
            throw EffectSpecError(
                "skeleton bar height must be > 0 and spacing, padding and corner radius ≥ 0, all finite (got "
                    + "height \(barHeight), spacing \(barSpacing), padding \(padding), radius \(cornerRadius ?? 0))")
        }
        let neededWidth = 2 * padding + (showsAvatar ? blockHeight + padding : 0) + 2 * barHeight
        let neededHeight = 2 * padding + blockHeight
        guard size.width.isFinite, size.height.isFinite, size.width >= neededWidth, size.height >= neededHeight else {
            throw EffectSpecError(
                "a skeleton of \(lineCount) bars needs a box of at least \(neededWidth) × \(neededHeight) points "
                    + "(got \(size.width) × \(size.height)); make it larger or use fewer bars")
        }
    }
}
