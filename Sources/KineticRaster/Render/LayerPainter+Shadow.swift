import KineticCore
import KineticLayers

/// Shadows: the layer's composited alpha (background, content, sublayers, border; clipped by `masksToBounds`),
/// blurred, coloured, offset and drawn beneath the layer. Like Core Animation's, the shadow is in the layer's
/// coordinates (it turns and scales with the layer) and is clipped by `masksToBounds` and masked by `mask`.
extension LayerPainter {
    /// A layer's shadow parameters, or nil when it casts none.
    struct Shadow {
        var color: Color
        var opacity: Double
        var offset: Size
        var radius: Double

        init?(_ layer: Layer) {
            let opacity = layer.shadowOpacity
            guard opacity.isFinite, opacity > 0, layer.shadowColor.alpha > 0 else { return nil }
            self.color = layer.shadowColor
            self.opacity = min(opacity, 1)
            self.offset = Size(
                width: layer.shadowOffset.width.isFinite ? layer.shadowOffset.width : 0,
                height: layer.shadowOffset.height.isFinite ? layer.shadowOffset.height : 0)
            self.radius = layer.shadowRadius.isFinite ? max(0, layer.shadowRadius) : 0
        }
    }

    /// A rectangle of whole pixels on the canvas.
    struct PixelBox {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// Draws the layer's composite offscreen (in canvas pixels), then its shadow and the composite into
    /// `context` (whose transform is the layer's coordinates).
    func drawWithShadow(_ layer: Layer, _ shadow: Shadow, in context: CairoContext, alpha: Double) throws(RasterError) {
        // User space (the layer's points) → canvas pixels.
        let toPixels = context.transform.concatenating(.scale(x: scale, y: scale))
        // The blur's covariance on the canvas is σ² · A·Aᵀ for the linear part A: separable along the canvas axes
        // unless A·Aᵀ has an off-diagonal term (shear, or rotation with an uneven scale).
        let sigma = shadow.radius * LayerRenderer.shadowSigmaPerRadius
        let xx = toPixels.a * toPixels.a + toPixels.c * toPixels.c
        let yy = toPixels.b * toPixels.b + toPixels.d * toPixels.d
        let xy = toPixels.a * toPixels.b + toPixels.c * toPixels.d
        // Any finite layer values are drawable: a blur wider than the largest canvas is a uniform haze, and a
        // shadow moved beyond it lands outside; both are held to what a canvas can show (NaN counts as none).
        let sigmaX = Self.limited(sigma * xx.squareRoot(), to: Self.largestShadowSigma)
        let sigmaY = Self.limited(sigma * yy.squareRoot(), to: Self.largestShadowSigma)
        if sigma > 0, abs(xy) > 1e-6 * max(xx, yy) {
            warn(
                .approximateShadowBlur, layer,
                "the layer is sheared, or rotated with an uneven scale: its shadow was blurred along the screen axes")
        }
        let rawOffset = toPixels.applyLinear(to: Point(x: shadow.offset.width, y: shadow.offset.height))
        let offset = Point(
            x: Self.limited(rawOffset.x, to: Self.largestShadowOffset),
            y: Self.limited(rawOffset.y, to: Self.largestShadowOffset))
        guard let clip = canvasClip(of: context) else { return }
        // Content up to the blur's reach plus the offset outside the clip can still cast a shadow into it.
        let reachX = ShadowBlur.extent(sigma: sigmaX) + Int(abs(offset.x).rounded(.up)) + 1
        let reachY = ShadowBlur.extent(sigma: sigmaY) + Int(abs(offset.y).rounded(.up)) + 1
        let region = PixelBox(
            x: clip.x - reachX, y: clip.y - reachY, width: clip.width + 2 * reachX, height: clip.height + 2 * reachY)
        let composite = try CairoSurface(pixelWidth: region.width, pixelHeight: region.height, scale: scale)
        let offscreen = try CairoContext(surface: composite)
        offscreen.transform = context.transform.concatenating(
            .translation(x: -Double(region.x) / scale, y: -Double(region.y) / scale))
        try drawComposite(layer, in: offscreen, alpha: 1, soleSublayer: nil)
        try offscreen.checkStatus()

        context.save()
        defer { context.restore() }
        if layer.masksToBounds {
            context.beginPath()
            context.addRoundedRect(layer.bounds.standardized, cornerRadius: layer.cornerRadius)
            context.clip()
        }
        context.transform = .identity  // canvas points: surfaces below are placed on whole pixels
        if let (image, origin) = try shadowImage(
            of: composite, color: shadow.color, opacity: shadow.opacity, sigmaX: sigmaX, sigmaY: sigmaY)
        {
            context.setSource(
                image,
                at: Point(
                    x: (Double(region.x + origin.x) + offset.x) / scale,
                    y: (Double(region.y + origin.y) + offset.y) / scale))
            context.paint(alpha: alpha)
        }
        context.setSource(composite, at: Point(x: Double(region.x) / scale, y: Double(region.y) / scale))
        context.paint(alpha: alpha)
    }

    /// The largest blur standard deviation drawn, in pixels: 2,048 (a canvas is at most 8,192 px a side).
    static let largestShadowSigma = 2_048.0
    /// The largest shadow offset drawn, in pixels: 16,384 (beyond that the shadow is off every canvas).
    static let largestShadowOffset = 16_384.0

    /// `value` held to −limit…limit; NaN becomes 0.
    static func limited(_ value: Double, to limit: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -limit), limit)
    }

    /// The current clip's extent on the canvas, in whole pixels, or nil when nothing can be drawn.
    private func canvasClip(of context: CairoContext) -> PixelBox? {
        context.save()
        context.transform = .identity
        let bounds = context.clipBounds
        context.restore()
        guard let bounds, bounds.minX.isFinite, bounds.minY.isFinite, bounds.maxX.isFinite, bounds.maxY.isFinite,
            max(abs(bounds.minX), abs(bounds.minY), abs(bounds.maxX), abs(bounds.maxY)) * scale < 1e9
        else { return nil }
        let minX = Int((bounds.minX * scale).rounded(.down))
        let minY = Int((bounds.minY * scale).rounded(.down))
        let maxX = Int((bounds.maxX * scale).rounded(.up))
        let maxY = Int((bounds.maxY * scale).rounded(.up))
        guard maxX > minX, maxY > minY else { return nil }
        return PixelBox(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The shadow of `composite`'s alpha: blurred, multiplied by the colour and opacity, on a surface just big
    /// enough, with that surface's top-left corner in `composite`'s pixels. Nil when the composite is empty.
    private func shadowImage(
        of composite: CairoSurface, color: Color, opacity: Double, sigmaX: Double, sigmaY: Double
    ) throws(RasterError) -> (CairoSurface, (x: Int, y: Int))? {
        let width = composite.pixelWidth
        let height = composite.pixelHeight
        // Find the painted area so the blur works on it alone.
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        composite.withPixelData { data, stride in
            for y in 0..<height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                // The row's first painted pixel from the left, and if there is one, its last from the right.
                var first = 0
                while first < width && row[first] >> 24 == 0 { first += 1 }
                guard first < width else { continue }
                var last = width - 1
                while row[last] >> 24 == 0 { last -= 1 }
                minX = min(minX, first)
                maxX = max(maxX, last)
                minY = min(minY, y)
                maxY = y
            }
        }
        guard maxX >= minX, maxY >= minY else { return nil }
        let padX = ShadowBlur.extent(sigma: sigmaX)
        let padY = ShadowBlur.extent(sigma: sigmaY)
        let planeWidth = maxX - minX + 1 + 2 * padX
        let planeHeight = maxY - minY + 1 + 2 * padY
        var plane = [UInt8](repeating: 0, count: planeWidth * planeHeight)
        plane.withUnsafeMutableBufferPointer { planeBuffer in
            guard let planeBase = planeBuffer.baseAddress else { return }
            composite.withPixelData { data, stride in
                for y in minY...maxY {
                    let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                    let target = planeBase + (y - minY + padY) * planeWidth + padX
                    for x in minX...maxX { target[x - minX] = UInt8(truncatingIfNeeded: row[x] >> 24) }
                }
            }
        }
        let blurred = ShadowBlur.blur(
            alpha: plane, width: planeWidth, height: planeHeight, sigmaX: sigmaX, sigmaY: sigmaY)
        let image = try CairoSurface(pixelWidth: planeWidth, pixelHeight: planeHeight, scale: scale)
        let strength = min(max(color.alpha, 0), 1) * opacity
        let red = min(max(color.red, 0), 1)
        let green = min(max(color.green, 0), 1)
        let blue = min(max(color.blue, 0), 1)
        // Premultiplied pixels for every alpha level, so the loop below is a table lookup.
        let table: [UInt32] = (0...255).map { level in
            let a = Double(level) / 255 * strength
            func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
            return byte(a) << 24 | byte(red * a) << 16 | byte(green * a) << 8 | byte(blue * a)
        }
        table.withUnsafeBufferPointer { table in
            blurred.withUnsafeBufferPointer { blurred in
                guard let table = table.baseAddress, let levels = blurred.baseAddress else { return }
                image.withPixelData { data, stride in
                    for y in 0..<planeHeight {
                        let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                        let source = levels + y * planeWidth
                        // A level is a byte and the table has 256 entries: every lookup is inside it.
                        for x in 0..<planeWidth { row[x] = table[Int(source[x])] }
                    }
                }
            }
        }
        return (image, (minX - padX, minY - padY))
    }
}
