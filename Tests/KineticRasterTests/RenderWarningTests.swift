import KineticCore
import KineticLayers
import KineticRaster
import XCTest

/// The renderer never draws something else silently: each fallback is a warning naming what was asked and what
/// was drawn.
final class RenderWarningTests: XCTestCase {
    private func warnings(_ layers: Layer...) throws -> (RenderResult, LayerRenderer) {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 120, height: 60))
        for layer in layers { root.addSublayer(layer) }
        let renderer = try LayerRenderer(pixelWidth: 120, pixelHeight: 60)
        return (try renderer.renderWithWarnings(root, at: 0), renderer)
    }

    private func text(_ string: String, families: [String], size: Double = 20) -> TextLayer {
        let layer = TextLayer(string: string, font: Font(families: families, size: size), color: .black)
        layer.frame = Rect(x: 0, y: 0, width: 120, height: 40)
        return layer
    }

    func testMissingFontNamesTheRequestedAndTheUsedFamily() throws {
        let layer = text("Hello", families: ["No Such Font Family"])
        layer.name = "title"
        let (result, renderer) = try warnings(layer)
        let warning = try XCTUnwrap(result.warnings.first { $0.kind == .fontNotInstalled })
        XCTAssertEqual(warning.layer, "title")
        XCTAssertTrue(warning.message.contains("'No Such Font Family' is not installed"), warning.message)
        // fontconfig's default sans-serif here is DejaVu Sans: the warning names it.
        XCTAssertTrue(warning.message.contains("drawn with 'DejaVu Sans'"), warning.message)
        XCTAssertEqual(renderer.warnings, result.warnings)
        // Something was drawn all the same.
        XCTAssertTrue(result.frame.bytes.contains { $0 != 0 })
    }

    func testInstalledFamiliesDrawWithoutWarnings() throws {
        let (result, _) = try warnings(text("Kinetic 日本語", families: ["Inter", "Noto Sans CJK JP"]))
        XCTAssertEqual(result.warnings, [])
    }

    func testCharactersOutsideTheListNameTheFallbackFamily() throws {
        // Inter has no Japanese: without Noto Sans CJK JP in the list, fontconfig picks a CJK font itself.
        let (result, _) = try warnings(text("A日本", families: ["Inter"]))
        let warning = try XCTUnwrap(result.warnings.first { $0.kind == .fontFallback })
        XCTAssertTrue(warning.message.hasPrefix("'日本' is in none of the families [\"Inter\"]"), warning.message)
        XCTAssertTrue(warning.message.contains("Noto Sans CJK"), warning.message)
    }

    func testCharactersNoFontHasAreNamedByCodePoint() throws {
        let (result, _) = try warnings(text("a\u{1D2E0}", families: ["Inter"]))  // a Mayan numeral: no font here
        let warning = try XCTUnwrap(result.warnings.first { $0.kind == .missingGlyphs })
        XCTAssertTrue(warning.message.contains("U+1D2E0"), warning.message)
    }

    func testInvalidFontSizeIsReportedAndNotDrawn() throws {
        let (result, _) = try warnings(text("abc", families: ["Inter"], size: 0))
        XCTAssertEqual(result.warnings.map(\.kind), [.invalidFontSize])
        XCTAssertFalse(result.frame.bytes.contains { $0 != 0 })
    }

    /// Over the 100,000-character limit the text is not drawn (nor measured), with a warning giving its length.
    func testTextOverTheLengthLimitIsReportedAndNotDrawn() throws {
        let long = text(String(repeating: "a", count: 100_001), families: ["Inter"])
        long.name = "long"
        let (result, _) = try warnings(long)
        XCTAssertEqual(result.warnings.map(\.kind), [.textTooLong])
        XCTAssertEqual(result.warnings.first?.layer, "long")
        XCTAssertEqual(
            result.warnings.first?.message,
            "the text is 100,001 characters long, more than the 100,000 that can be laid out; it was not drawn")
        XCTAssertFalse(result.frame.bytes.contains { $0 != 0 })
        let measured = PangoTextMeasurer().layout(long.string, font: long.font, style: ParagraphStyle())
        XCTAssertEqual(measured.size, .zero)
        XCTAssertTrue(measured.glyphs.isEmpty)
        // At the limit (here 100,000 characters of two scalars each) it is drawn and measured.
        let atLimit = text(String(repeating: "e\u{301}", count: 100_000), families: ["Inter"])
        let (drawn, _) = try warnings(atLimit)
        XCTAssertEqual(drawn.warnings, [])
        XCTAssertTrue(drawn.frame.bytes.contains { $0 != 0 })
        XCTAssertEqual(
            PangoTextMeasurer().layout(atLimit.string, font: atLimit.font, style: ParagraphStyle()).glyphs.count,
            100_000)
    }

    func testMirroredAlignmentOfRightToLeftText() throws {
        let layer = text("שלום", families: ["DejaVu Sans"])
        layer.alignment = .left
        let (result, _) = try warnings(layer)
        XCTAssertEqual(result.warnings.map(\.kind), [.mirroredAlignment])
    }

    func testInvalidDashIsDrawnSolidWithAWarning() throws {
        var line = Path()
        line.addLine(from: Point(x: 10, y: 30), to: Point(x: 110, y: 30))
        let shape = ShapeLayer(path: line, fillColor: nil, strokeColor: .black, lineWidth: 4)
        shape.frame = Rect(x: 0, y: 0, width: 120, height: 60)
        shape.lineDashPattern = [0, 0]
        let (result, _) = try warnings(shape)
        XCTAssertEqual(result.warnings.map(\.kind), [.invalidDashPattern])
        // Solid: every pixel along the line is covered.
        XCTAssertTrue((12..<108).allSatisfy { result.frame[$0, 30].alpha == 255 })
    }

    func testNonFiniteGeometryAndPathsAreSkippedWithWarnings() throws {
        let broken = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        broken.backgroundColor = .red
        broken.position = Point(x: .nan, y: 5)
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: .infinity, y: 3))
        let shape = ShapeLayer(path: path, fillColor: .red, strokeColor: .black)
        let (result, _) = try warnings(broken, shape)
        XCTAssertEqual(result.warnings.map(\.kind), [.nonFiniteGeometry, .nonFinitePath])
        XCTAssertFalse(result.frame.bytes.contains { $0 != 0 })
    }

    func testDegenerateGradientsAreDrawnInTheirLastColour() throws {
        let axial = GradientLayer()
        axial.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        axial.colors = [.red, .blue]
        axial.startPoint = Point(x: 0.5, y: 0.5)
        axial.endPoint = Point(x: 0.5, y: 0.5)
        let radial = GradientLayer()
        radial.kind = .radial
        radial.frame = Rect(x: 60, y: 0, width: 50, height: 50)
        radial.colors = [.red, .green]
        radial.startPoint = Point(x: 0.5, y: 0.5)
        radial.endPoint = Point(x: 0.5, y: 1)
        let (result, _) = try warnings(axial, radial)
        XCTAssertEqual(result.warnings.map(\.kind), [.degenerateGradient, .degenerateGradient])
        XCTAssertEqual(result.frame[25, 25], RGBA8(red: 0, green: 0, blue: 255, alpha: 255))
        XCTAssertEqual(result.frame[85, 25], RGBA8(red: 0, green: 255, blue: 0, alpha: 255))
    }

    func testShearedShadowIsApproximatedWithAWarning() throws {
        let layer = Layer(frame: Rect(x: 30, y: 10, width: 40, height: 40))
        layer.backgroundColor = .white
        layer.shadowOpacity = 1
        layer.transform = .shear(0.5)
        let (sheared, _) = try warnings(layer)
        XCTAssertEqual(sheared.warnings.map(\.kind), [.approximateShadowBlur])
        layer.transform = .rotation(0.7)  // a rotation alone blurs exactly
        let (rotated, _) = try warnings(layer)
        XCTAssertEqual(rotated.warnings, [])
    }

    func testWarningsAreCollectedOnceAcrossFrames() throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        root.addSublayer(text("x", families: ["Missing One"]))
        let renderer = try LayerRenderer(pixelWidth: 40, pixelHeight: 40)
        for t in [0.0, 0.5, 1] { _ = try renderer.render(root, at: t) }
        XCTAssertEqual(renderer.warnings.count, 1)
    }

    func testCapabilitiesListWhatIsNotExact() {
        let capabilities = LayerRenderer.capabilities
        XCTAssertEqual(capabilities.support(for: .groupOpacity), .exact)
        XCTAssertEqual(capabilities.support(for: .mask), .exact)
        guard case .approximate(let shadow) = capabilities.support(for: .shadow) else {
            return XCTFail("shadows are approximate")
        }
        XCTAssertTrue(shadow.contains("three box blurs"))
        guard case .unsupported = capabilities.support(for: .transform3D) else { return XCTFail("no 3D") }
        // Every feature has an entry, and the limitations are exactly the non-exact ones.
        XCTAssertEqual(Set(capabilities.support.keys), Set(RendererCapabilities.Feature.allCases))
        XCTAssertEqual(
            capabilities.limitations.map(\.feature),
            RendererCapabilities.Feature.allCases.filter { capabilities.support(for: $0) != .exact })
    }

    func testInvalidConfigurationAndTimeAreRefused() {
        XCTAssertThrowsError(try LayerRenderer(pixelWidth: 0, pixelHeight: 10)) { error in
            XCTAssertTrue("\(error)".contains("at least 1 pixel"), "\(error)")
        }
        XCTAssertThrowsError(try LayerRenderer(pixelWidth: 20_000, pixelHeight: 10)) { error in
            XCTAssertTrue("\(error)".contains("16384"), "\(error)")
        }
        XCTAssertThrowsError(try LayerRenderer(pixelWidth: 10, pixelHeight: 10, scale: 0)) { error in
            XCTAssertTrue("\(error)".contains("scale"), "\(error)")
        }
        XCTAssertThrowsError(try LayerRenderer(size: Size(width: -5, height: 10))) { error in
            XCTAssertTrue("\(error)".contains("no finite positive size"), "\(error)")
        }
        XCTAssertThrowsError(try LayerRenderer(pixelWidth: 10, pixelHeight: 10).render(Layer(), at: .nan)) { error in
            XCTAssertTrue("\(error)".contains("time"), "\(error)")
        }
    }
}
