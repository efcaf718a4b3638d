import KineticAnimation
import KineticCore
import KineticLayers

/// The seed article's shimmer (the first published "slide to unlock"), exactly: an axial gradient black → white → black
/// running left to right, three times as wide as the label (the label's bounds inset by minus its width), whose
/// `locations` animate linearly from [0, 0, 0.25] to [0.75, 1, 1] in 2 s and start over, forever. The label's content
/// masks the gradient from the middle third, so only the gradient shows, in the shape of the text; the content's own
/// colours are not drawn.
///
/// The glint crosses the label while the white stop is in the middle third: from 2/3 s to 4/3 s of each 2 s loop.
public struct ShimmerSeed: Sendable, Hashable {
    /// One loop: 2 s.
    public static let duration: MediaTime = 2
    /// The gradient's locations as a loop starts.
    public static let fromLocations: [Double] = [0, 0, 0.25]
    /// The gradient's locations as a loop ends.
    public static let toLocations: [Double] = [0.75, 1, 1]

    /// The colour of the gradient's ends: the text away from the glint. Default black, as in the article.
    public var baseColor: Color
    /// The colour of the gradient's middle stop: the glint. Default white, as in the article.
    public var highlightColor: Color

    /// The article's colours unless given.
    public init(baseColor: Color = .black, highlightColor: Color = .white) {
        self.baseColor = baseColor
        self.highlightColor = highlightColor
    }

    /// The gradient's locations `time` seconds after the animation started: a linear blend of the two sets that
    /// starts over every 2 s.
    public static func locations(at time: MediaTime) -> [Double] {
        let loop = time - (time / duration).rounded(.down) * duration
        let fraction = loop / duration
        return zip(fromLocations, toLocations).map { start, end in start + (end - start) * fraction }
    }

    /// Builds the article's layers over a copy of `content` (its mask), with the animation attached from t = 0.
    ///
    /// The returned layer, named "shimmer-seed", takes `content`'s frame; its sublayer "shimmer-gradient" spans
    /// three widths (x from −width to 2 × width) and is masked by the content moved to its middle third.
    ///
    /// - Throws: `EffectSpecError` when `content`'s frame has no finite size > 0.
    public func makeLayer(content: Layer) throws(EffectSpecError) -> Layer {
        let frame = content.frame
        guard frame.width.isFinite, frame.height.isFinite, frame.width > 0, frame.height > 0 else {
            throw EffectSpecError(
                "shimmer content must have a finite size > 0 in both directions (got \(frame.width) × "
                    + "\(frame.height) points); give the content layer a frame")
        }
        let root = Layer(frame: frame)
        root.name = "shimmer-seed"
        let width = frame.width
        let gradient = GradientLayer()
        gradient.name = "shimmer-gradient"
        gradient.frame = Rect(origin: .zero, size: frame.size).insetBy(dx: -width, dy: 0)
        gradient.colors = [baseColor, highlightColor, baseColor]
        gradient.locations = [0, 0.5, 1]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        gradient.add(
            BasicAnimation<[Double]?>(
                from: Self.fromLocations, to: Self.toLocations,
                timing: MediaTiming(duration: Self.duration, repeatCount: .infinity)),
            for: \.locations)
        let mask = content.copy()
        // In the gradient's coordinates the label's box is its middle third: (width, 0, width, height).
        mask.position = Point(x: mask.position.x - frame.minX + width, y: mask.position.y - frame.minY)
        gradient.mask = mask
        root.addSublayer(gradient)
        return root
    }
}
