import KineticAnimation
import KineticCore
import KineticLayers
import KineticRaster
import XCTest

private typealias AffineTransform = KineticCore.AffineTransform

/// Pixel values the compositing model fixes exactly: placement, scale, opacity, masks, clipping, borders.
final class RenderCompositingTests: XCTestCase {
    private let opaqueRed = RGBA8(red: 255, green: 0, blue: 0, alpha: 255)
    private let clear = RGBA8.transparent

    private func render(_ layers: [Layer], width: Int = 40, height: Int = 40, scale: Double = 1) throws -> RGBAFrame {
        let root = Layer(frame: Rect(x: 0, y: 0, width: Double(width) / scale, height: Double(height) / scale))
        for layer in layers { root.addSublayer(layer) }
        return try LayerRenderer(pixelWidth: width, pixelHeight: height, scale: scale).render(root, at: 0)
    }

    private func square(_ frame: Rect, _ color: Color?) -> Layer {
        let layer = Layer(frame: frame)
        layer.backgroundColor = color
        return layer
    }

    func testAPixelAlignedSquareCoversExactlyItsPixels() throws {
        let frame = try render([square(Rect(x: 10, y: 5, width: 20, height: 10), .red)])
        XCTAssertEqual(frame[10, 5], opaqueRed)
        XCTAssertEqual(frame[29, 14], opaqueRed)
        XCTAssertEqual(frame[9, 5], clear)
        XCTAssertEqual(frame[30, 5], clear)
        XCTAssertEqual(frame[10, 15], clear)
    }

    func testScaleMapsPointsToPixels() throws {
        let frame = try render([square(Rect(x: 5, y: 5, width: 5, height: 5), .red)], scale: 2)
        XCTAssertEqual(frame[10, 10], opaqueRed)
        XCTAssertEqual(frame[19, 19], opaqueRed)
        XCTAssertEqual(frame[9, 10], clear)
        XCTAssertEqual(frame[20, 19], clear)
    }

    func testTheRootIsPlacedByItsPositionAndTransform() throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.backgroundColor = .red
        root.position = Point(x: 20, y: 20)
        root.transform = .scale(x: 2, y: 1)
        let frame = try LayerRenderer(pixelWidth: 40, pixelHeight: 40).render(root, at: 0)
        // Centre (20, 20), 20 × 10 after scaling about the anchor.
        XCTAssertEqual(frame[10, 15], opaqueRed)
        XCTAssertEqual(frame[29, 24], opaqueRed)
        XCTAssertEqual(frame[9, 15], clear)
        XCTAssertEqual(frame[30, 24], clear)
        XCTAssertEqual(frame[20, 14], clear)
    }

    func testBoundsOriginShiftsTheSublayers() throws {
        let parent = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        parent.bounds.origin = Point(x: 10, y: 0)  // like a scrolled view: content moves left by 10
        parent.addSublayer(square(Rect(x: 20, y: 0, width: 5, height: 5), .red))
        let frame = try render([parent])
        XCTAssertEqual(frame[10, 0], opaqueRed)
        XCTAssertEqual(frame[20, 0], clear)
    }

    func testOpacityOfASingleLayerAndOfAGroup() throws {
        let single = square(Rect(x: 0, y: 0, width: 10, height: 10), .red)
        single.opacity = 0.5
        // A container whose only sublayer is drawn: its opacity folds into the sublayer's.
        let container = Layer(frame: Rect(x: 20, y: 0, width: 20, height: 20))
        container.opacity = 0.5
        let child = square(Rect(x: 0, y: 0, width: 10, height: 10), .red)
        child.opacity = 0.5
        container.addSublayer(child)
        let frame = try render([single, container])
        XCTAssertEqual(frame[5, 5], RGBA8(red: 128, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(frame[25, 5], RGBA8(red: 64, green: 0, blue: 0, alpha: 64))
    }

    func testHiddenAndTransparentLayersDrawNothing() throws {
        let hidden = square(Rect(x: 0, y: 0, width: 40, height: 40), .red)
        hidden.isHidden = true
        let invisible = square(Rect(x: 0, y: 0, width: 40, height: 40), .red)
        invisible.opacity = 0
        let flat = square(Rect(x: 0, y: 0, width: 40, height: 40), .red)
        flat.transform = .scale(x: 0, y: 1)
        let frame = try render([hidden, invisible, flat])
        XCTAssertFalse(frame.bytes.contains { $0 != 0 })
    }

    func testMaskUsesTheMaskLayersAlphaInTheLayersCoordinates() throws {
        let layer = square(Rect(x: 10, y: 10, width: 20, height: 20), .red)
        let mask = square(Rect(x: 10, y: 0, width: 10, height: 20), Color(white: 0, alpha: 0.5))
        layer.mask = mask
        let frame = try render([layer])
        XCTAssertEqual(frame[15, 15], clear)  // left half: no mask
        XCTAssertEqual(frame[25, 15], RGBA8(red: 128, green: 0, blue: 0, alpha: 128))  // mask alpha 0.5, colour ignored
    }

    func testMasksToBoundsClipsSublayersAndContentButNotTheBorder() throws {
        let parent = square(Rect(x: 10, y: 10, width: 20, height: 20), nil)
        parent.masksToBounds = true
        parent.addSublayer(square(Rect(x: -10, y: -10, width: 40, height: 40), .red))
        let frame = try render([parent])
        XCTAssertEqual(frame[10, 10], opaqueRed)
        XCTAssertEqual(frame[29, 29], opaqueRed)
        XCTAssertEqual(frame[9, 9], clear)
        XCTAssertEqual(frame[30, 30], clear)
    }

    func testBorderIsInsideTheBoundsAndOverTheSublayers() throws {
        let layer = square(Rect(x: 10, y: 10, width: 20, height: 20), nil)
        layer.borderWidth = 3
        layer.borderColor = .blue
        layer.addSublayer(square(Rect(x: 0, y: 0, width: 20, height: 20), .red))
        let frame = try render([layer])
        let blue = RGBA8(red: 0, green: 0, blue: 255, alpha: 255)
        XCTAssertEqual(frame[10, 20], blue)
        XCTAssertEqual(frame[12, 20], blue)
        XCTAssertEqual(frame[13, 20], opaqueRed)
        XCTAssertEqual(frame[9, 20], clear)
    }

    func testShadowLiesUnderTheLayerOffsetAndBlurred() throws {
        let layer = square(Rect(x: 10, y: 10, width: 20, height: 20), .white)
        layer.shadowOpacity = 1
        layer.shadowOffset = Size(width: 0, height: 6)
        layer.shadowRadius = 0  // a hard shadow: exactly the layer's shape, moved down 6 points
        let hard = try render([layer])
        XCTAssertEqual(hard[20, 20], RGBA8(red: 255, green: 255, blue: 255, alpha: 255))  // the layer on top
        XCTAssertEqual(hard[20, 32], RGBA8(red: 0, green: 0, blue: 0, alpha: 255))  // shadow below it
        XCTAssertEqual(hard[20, 36], clear)
        layer.shadowRadius = 3
        let soft = try render([layer])
        // Blurred with σ = shadowRadius = 3: a pixel centred d points outside the shadow's bottom edge (y = 36)
        // has alpha Φ(−d/σ) · 255 (Φ the normal distribution): d = 0.5 → 110.7, d = 3.5 → 31.0. Beside the layer
        // at (31.5, 33.5): Φ(−1.5/3) · Φ(2.5/3) · 255 = 62.7. Within 5 levels: three box blurs are not quite a
        // Gaussian.
        XCTAssertEqual(Double(soft[20, 36].alpha), 110.7, accuracy: 5)
        XCTAssertEqual(Double(soft[20, 39].alpha), 31.0, accuracy: 5)
        XCTAssertEqual(Double(soft[31, 33].alpha), 62.7, accuracy: 5)
        XCTAssertEqual(soft[20, 20], RGBA8(red: 255, green: 255, blue: 255, alpha: 255))
    }

    func testAxialGradientStopsAndPadding() throws {
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 0, y: 0, width: 40, height: 10)
        gradient.colors = [.black, .white]
        gradient.locations = [0.25, 0.75]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        let frame = try render([gradient])
        XCTAssertEqual(frame[2, 5], RGBA8(red: 0, green: 0, blue: 0, alpha: 255))  // padded before 0.25
        XCTAssertEqual(frame[38, 5], RGBA8(red: 255, green: 255, blue: 255, alpha: 255))  // after 0.75
        // The pixel centred at x = 20 (19.5…20.5) is half way: 50 % grey.
        XCTAssertEqual(Double(frame[19, 5].red + frame[20, 5].red) / 2, 127.5, accuracy: 2)
    }

    /// Core Animation (like Core Graphics and pixman) interpolates straight colours: white to `.clear`
    /// (transparent *black*) passes through translucent grey, the well-known grey band of iOS gradients.
    func testGradientInterpolatesStraightColoursLikeCoreAnimation() throws {
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 0, y: 0, width: 40, height: 10)
        gradient.colors = [.white, .clear]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        let frame = try render([gradient])
        // Pixel 20 is sampled at x = 20.5: t = 0.5125, alpha 1 − t, straight grey 1 − t, premultiplied (1 − t)².
        let t = 20.5 / 40
        let middle = frame[20, 5]
        XCTAssertEqual(Double(middle.alpha), (1 - t) * 255, accuracy: 1)
        XCTAssertEqual(Double(middle.red), (1 - t) * (1 - t) * 255, accuracy: 1)
        XCTAssertEqual(middle.red, middle.blue)
    }

    func testStrokeEndDrawsTheFirstPartOfThePath() throws {
        var line = Path()
        line.addLine(from: Point(x: 0, y: 20), to: Point(x: 40, y: 20))
        let shape = ShapeLayer(path: line, fillColor: nil, strokeColor: .red, lineWidth: 4)
        shape.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        shape.add(BasicAnimation(from: 0.0, to: 1.0, timing: MediaTiming(duration: 1)), for: \.strokeEnd)
        let root = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        root.addSublayer(shape)
        let frame = try LayerRenderer(pixelWidth: 40, pixelHeight: 40).render(root, at: 0.25)
        XCTAssertEqual(frame[9, 20], opaqueRed)
        XCTAssertEqual(frame[10, 20], clear)
    }

    func testTransparentAndOpaqueBackgrounds() throws {
        let transparent = try LayerRenderer(pixelWidth: 4, pixelHeight: 4).render(Layer(), at: 0)
        XCTAssertEqual(transparent[0, 0], clear)
        let opaque = try LayerRenderer(pixelWidth: 4, pixelHeight: 4, background: .blue).render(Layer(), at: 0)
        XCTAssertEqual(opaque[3, 3], RGBA8(red: 0, green: 0, blue: 255, alpha: 255))
    }
}
