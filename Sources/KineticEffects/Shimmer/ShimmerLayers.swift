import KineticAnimation
import KineticCore
import KineticLayers

extension Shimmer {
    /// Builds the shimmering layer tree over a copy of `content` (any layer: text, shapes, a skeleton
    /// placeholder), with every animation attached.
    ///
    /// The returned layer takes `content`'s frame; inside it, by name:
    /// - "shimmer-body": the content (filled with `baseColor` when set), masked by "shimmer-mask", a gradient of
    ///   white at `animationOpacity` → `shimmeringOpacity` → `animationOpacity` laid out by `ShimmerGeometry` and
    ///   sliding along the sweep. The mask's sublayer "shimmer-fade", opaque white, hides the gradient (the
    ///   content shows plain) before `beginTime`, fades out over the begin fade and back in after the last sweep.
    /// - "shimmer-highlight" (only with `highlightColor`): the content's shape filled with the highlight colour,
    ///   masked by "shimmer-highlight-mask", a clear → white → clear gradient that slides with the other mask.
    ///
    /// - Parameters:
    ///   - content: The layer to shimmer, placed by its frame (e.g. `ShimmerText.makeLayer(size:measurer:)`).
    ///   - rightToLeft: Whether the content is right-to-left text (see `ShimmerDirection.reading`). Default false.
    ///     `ShimmerText.isRightToLeft(measurer:)` tells.
    /// - Throws: `EffectSpecError` for an invalid spec or a content frame without a finite size > 0.
    public func makeLayer(content: Layer, rightToLeft: Bool = false) throws(EffectSpecError) -> Layer {
        let frame = content.frame
        let geometry = try geometry(for: frame.size, rightToLeft: rightToLeft)
        let timeline = timeline(cycleDuration: geometry.cycleDuration)
        let bounds = Rect(origin: .zero, size: frame.size)
        let root = Layer(frame: frame)
        root.name = "shimmer"

        let body = Layer(frame: bounds)
        body.name = "shimmer-body"
        body.addSublayer(Self.filled(content, with: baseColor, frame: frame))
        let mask = slidingMask(
            geometry: geometry, timeline: timeline,
            colors: [
                .white.withAlpha(animationOpacity), .white.withAlpha(shimmeringOpacity),
                .white.withAlpha(animationOpacity),
            ])
        mask.name = "shimmer-mask"
        let fade = Layer(frame: Rect(origin: .zero, size: geometry.maskSize))
        fade.name = "shimmer-fade"
        fade.backgroundColor = .white
        addFades(to: fade, timeline: timeline, shimmering: 0, plain: 1)
        mask.addSublayer(fade)
        body.mask = mask
        root.addSublayer(body)

        if let highlightColor {
            let highlight = Layer(frame: bounds)
            highlight.name = "shimmer-highlight"
            highlight.addSublayer(Self.filled(content, with: highlightColor, frame: frame))
            let band = slidingMask(geometry: geometry, timeline: timeline, colors: [.clear, .white, .clear])
            band.name = "shimmer-highlight-mask"
            highlight.mask = band
            highlight.opacity = 0
            addFades(to: highlight, timeline: timeline, shimmering: 1, plain: 0)
            root.addSublayer(highlight)
        }
        return root
    }

    /// A copy of `content` moved to the origin, or, with a colour, a layer of that colour masked by the copy.
    private static func filled(_ content: Layer, with color: Color?, frame: Rect) -> Layer {
        let copy = content.copy()
        copy.position = Point(x: copy.position.x - frame.minX, y: copy.position.y - frame.minY)
        guard let color else { return copy }
        let fill = Layer(frame: Rect(origin: .zero, size: frame.size))
        fill.name = "shimmer-tint"
        fill.backgroundColor = color
        fill.mask = copy
        return fill
    }

    /// A gradient mask laid out by `geometry`, waiting at its start position until the first sweep, then sliding
    /// once per cycle (forever, or for the timeline's cycles and then resting at its end position).
    private func slidingMask(geometry: ShimmerGeometry, timeline: ShimmerTimeline, colors: [Color]) -> GradientLayer {
        let mask = GradientLayer()
        mask.anchorPoint = .zero
        mask.bounds = Rect(origin: .zero, size: geometry.maskSize)
        let start = geometry.maskPosition(offset: geometry.maskStartOffset)
        mask.position = start
        mask.colors = colors
        mask.locations = geometry.locations
        (mask.startPoint, mask.endPoint) = geometry.gradientPoints
        let timing = MediaTiming(
            beginTime: timeline.slideBeginTime, duration: geometry.cycleDuration,
            repeatCount: timeline.cycleCount.map(Double.init) ?? .infinity, fillMode: .forwards)
        mask.add(
            BasicAnimation(
                from: start, to: geometry.maskPosition(offset: geometry.maskEndOffset), timing: timing),
            for: \.position, key: "slide")
        return mask
    }

    /// The begin fade (from `plain` to `shimmering` opacity from `beginTime`, held after) and the end fade (back
    /// to `plain` after the last cycle). The model opacity is `plain`, shown before `beginTime`.
    private func addFades(to layer: Layer, timeline: ShimmerTimeline, shimmering: Double, plain: Double) {
        layer.opacity = plain
        layer.add(
            Self.fade(from: plain, to: shimmering, beginTime: timeline.beginTime, duration: beginFadeDuration),
            for: \.opacity, key: "fade-in")
        if let end = timeline.slideEndTime {
            layer.add(
                Self.fade(from: shimmering, to: plain, beginTime: end, duration: timeline.endFadeDuration),
                for: \.opacity, key: "fade-out")
        }
    }

    /// A linear opacity change that holds its end value afterwards; a duration of 0 is a jump at `beginTime`.
    private static func fade(from: Double, to: Double, beginTime: MediaTime, duration: MediaTime)
        -> BasicAnimation<Double>
    {
        // MediaTiming reads a duration of 0 as Core Animation's 0.25 s, so a jump is a 1 s hold of the end value.
        let jump = duration <= 0
        return BasicAnimation(
            from: jump ? to : from, to: to,
            timing: MediaTiming(beginTime: beginTime, duration: jump ? 1 : duration, fillMode: .forwards))
    }
}
