import KineticCore
import KineticLayers

/// Where Facebook Shimmer's gradient mask sits and how far and how long it travels, for one content size
/// (the layout of Facebook Shimmer's `FBShimmeringLayer.m`).
///
/// With the content's length L along the sweep (its width for left/right, its height for up/down), the speed s,
/// the pause p and the highlight length h:
///
/// - extra distance = L + s·p (what the band travels beyond the content during the pause);
/// - the mask is 3L + extra long and travels 2L + extra per cycle;
/// - a cycle lasts L/s + p;
/// - the gradient's locations are [(1 − h)/2, 0.5, 1 − (1 − h)/2] of a segment L long, so the band is h·L wide.
///
/// The band therefore moves at (2L + extra)/(L/s + p) points per second (`bandSpeed`), not at s: `speed` sets the
/// cycle's length, as in Facebook's library (with the defaults and L = 480 pt: 1532 pt per 2.487 s, about
/// 616 pt/s). The band's centre starts half a segment before the content and, per cycle, sweeps across it and then
/// runs on `extra` points beyond it.
///
/// Tilt: the band is turned by the tilt angle θ on screen; to let a slanted band enter and leave the content
/// completely, every formula uses the effective length L′ = L + |tan θ|·C (C the content's extent across the
/// sweep) in place of L, except the segment (and so the band's width), which stays L long. With θ = 0, L′ = L.
///
/// Differences from Facebook's code, on purpose: up/down cycles use the content's height (Facebook's divides the
/// width by the speed for every direction), and left/up are the mirror images of right/down (Facebook plays the
/// rightward animation backwards, so the pause comes before each leftward sweep instead of after it).
public struct ShimmerGeometry: Sendable, Hashable {
    /// The concrete direction (never `.reading`).
    public let direction: ShimmerDirection
    /// The content's size, in points.
    public let contentSize: Size
    /// L: the content's length along the sweep, in points.
    public let contentLength: Double
    /// L′ = L + |tan θ| × the content's extent across the sweep, in points (L when there is no tilt).
    public let effectiveLength: Double
    /// The band's along-the-sweep shift per point across it: the band's slant (0 without tilt).
    public let shear: Double
    /// extra = L′ + speed × pause, in points.
    public let extraDistance: Double
    /// The mask's length along the sweep, 3L′ + extra, in points.
    public let maskLength: Double
    /// How far the mask moves per cycle, 2L′ + extra, in points.
    public let travelDistance: Double
    /// One cycle (a sweep and its pause), L′/speed + pause, in seconds.
    public let cycleDuration: MediaTime
    /// The gradient's locations, [(1 − h)/2, 0.5, 1 − (1 − h)/2].
    public let locations: [Double]
    /// The highlight's full width along the sweep, h × L, in points.
    public let bandWidth: Double
    /// The mask's offset along the sweep (its origin, in content coordinates) as a cycle starts and as it ends.
    public let maskStartOffset: Double
    /// See `maskStartOffset`.
    public let maskEndOffset: Double
    /// Where the band's centre sits along the sweep in the mask's own coordinates (on the content's centre line).
    public let segmentCenter: Double

    /// The geometry of `shimmer` over content of `contentSize`.
    ///
    /// - Parameters:
    ///   - shimmer: The shimmer's spec.
    ///   - contentSize: The content's size, in points, finite and > 0 in both directions.
    ///   - rightToLeft: Whether the content is right-to-left text, which turns the `.reading` direction into
    ///     `.left`. Default false.
    /// - Throws: `EffectSpecError` when the spec is invalid (`Shimmer.validate()`) or the content size is not
    ///   finite and > 0 in both directions.
    public init(shimmer: Shimmer, contentSize: Size, rightToLeft: Bool = false) throws(EffectSpecError) {
        try shimmer.validate()
        guard contentSize.width.isFinite, contentSize.height.isFinite, contentSize.width > 0, contentSize.height > 0
        else {
            throw EffectSpecError(
                "shimmer content must have a finite size > 0 in both directions (got \(contentSize.width) × "
                    + "\(contentSize.height) points); give the content layer a frame")
        }
        let direction = shimmer.direction.resolved(rightToLeft: rightToLeft)
        self.direction = direction
        self.contentSize = contentSize
        let length = direction.isVertical ? contentSize.height : contentSize.width
        let across = direction.isVertical ? contentSize.width : contentSize.height
        let (sine, cosine) = sineCosine(shimmer.tilt * Double.pi / 180)
        let slope = sine / cosine
        // A band turned clockwise on screen (y down): a vertical band leans to the right at its top ("/"), a
        // horizontal one drops at its right end.
        shear = direction.isVertical ? slope : -slope
        contentLength = length
        effectiveLength = length + abs(slope) * across
        extraDistance = effectiveLength + shimmer.speed * shimmer.pauseDuration
        maskLength = 3 * effectiveLength + extraDistance
        travelDistance = 2 * effectiveLength + extraDistance
        cycleDuration = effectiveLength / shimmer.speed + shimmer.pauseDuration
        let outside = (1 - shimmer.highlightLength) / 2
        locations = [outside, 0.5, 1 - outside]
        bandWidth = shimmer.highlightLength * length
        // Forwards: the band's centre starts half a segment (and half the slant) before the content.
        let forwardCenter = 1.5 * length + 1.5 * abs(slope) * across + extraDistance
        if direction.movesTowardsOrigin {
            // The mirror image about the content's centre line.
            maskStartOffset = length - effectiveLength
            maskEndOffset = length - maskLength
            segmentCenter = maskLength - forwardCenter
        } else {
            maskStartOffset = -travelDistance
            maskEndOffset = 0
            segmentCenter = forwardCenter
        }
    }

    /// The band's speed on screen, travel ÷ cycle, in points per second.
    public var bandSpeed: Double { travelDistance / cycleDuration }

    /// The mask's size in points: `maskLength` along the sweep, the content's extent across it.
    public var maskSize: Size {
        direction.isVertical
            ? Size(width: contentSize.width, height: maskLength) : Size(width: maskLength, height: contentSize.height)
    }

    /// The mask's offset along the sweep `cycleTime` seconds into a cycle (0…`cycleDuration`), in points.
    public func maskOffset(atCycleTime cycleTime: MediaTime) -> Double {
        let fraction = cycleTime / cycleDuration
        return maskStartOffset + (maskEndOffset - maskStartOffset) * fraction
    }

    /// The mask layer's position (its anchor point is its top-left corner) at an offset along the sweep.
    public func maskPosition(offset: Double) -> Point {
        direction.isVertical ? Point(x: 0, y: offset) : Point(x: offset, y: 0)
    }

    /// The band's centre along the sweep, in content coordinates (x for left/right, y for up/down), on the
    /// content's centre line, `cycleTime` seconds into a cycle. It starts at −L/2 (right, down) or 3L/2 (left,
    /// up), shifted outwards by half the slant.
    public func bandCenter(atCycleTime cycleTime: MediaTime) -> Double {
        maskOffset(atCycleTime: cycleTime) + segmentCenter
    }

    /// The axial gradient's start and end points in unit coordinates of the mask: the segment `contentLength`
    /// long centred on `segmentCenter`, its axis turned so that the colour bands are slanted by `shear`.
    public var gradientPoints: (start: Point, end: Point) {
        let across = direction.isVertical ? contentSize.width : contentSize.height
        let middle = across / 2
        // Axis d = λ(1, −shear) with λ = L / (1 + shear²): the gradient's value (u − shear·(v − middle) − u0) / L
        // is constant along the slanted band.
        let lambda = contentLength / (1 + shear * shear)
        let startAlong = segmentCenter - contentLength / 2
        let endAlong = startAlong + lambda
        let endAcross = middle - lambda * shear
        if direction.isVertical {
            return (
                Point(x: middle / across, y: startAlong / maskLength),
                Point(x: endAcross / across, y: endAlong / maskLength)
            )
        }
        return (
            Point(x: startAlong / maskLength, y: middle / across),
            Point(x: endAlong / maskLength, y: endAcross / across)
        )
    }
}
