import KineticCore
import XCTest

@_spi(Internals) @testable import KineticRaster

final class FrameAndCairoTests: XCTestCase {
    func testZeroAndHugeSizesAreRefusedWithTheLimit() {
        XCTAssertThrowsError(try RGBAFrame(width: 0, height: 10)) { error in
            XCTAssertEqual(
                "\(error)", "invalid frame size 0×10 pixels: width and height must be at least 1 pixel")
        }
        XCTAssertThrowsError(try RGBAFrame(width: 16_385, height: 1)) { error in
            XCTAssertEqual("\(error)", "invalid frame size 16385×1 pixels: the largest side allowed is 16384 pixels")
        }
        XCTAssertThrowsError(try RGBAFrame(width: 16_384, height: 16_384)) { error in
            XCTAssertEqual(
                "\(error)",
                "invalid frame size 16384×16384 pixels: 268435456 pixels is more than the limit of 67108864 (8192×8192)"
            )
        }
        XCTAssertThrowsError(try CairoSurface(pixelWidth: -3, pixelHeight: 5))
        XCTAssertThrowsError(try RGBAFrame(width: 2, height: 2, bytes: [1, 2, 3])) { error in
            XCTAssertEqual("\(error)", "a 2×2 RGBA frame needs 16 bytes (width × height × 4), got 3")
        }
    }

    func testPixelAccessAndEquality() throws {
        var frame = try RGBAFrame(width: 3, height: 2)
        frame[2, 1] = RGBA8(red: 10, green: 20, blue: 30, alpha: 40)
        XCTAssertEqual(Array(frame.bytes[20..<24]), [10, 20, 30, 40])
        XCTAssertEqual(frame.pixel(x: 2, y: 1), RGBA8(red: 10, green: 20, blue: 30, alpha: 40))
        XCTAssertNil(frame.pixel(x: 3, y: 0))
        var other = try RGBAFrame(width: 3, height: 2)
        XCTAssertNotEqual(frame, other)
        other[2, 1] = RGBA8(red: 10, green: 20, blue: 30, alpha: 40)
        XCTAssertEqual(frame, other)
        XCTAssertFalse(frame.isOpaque)
        XCTAssertTrue(try RGBAFrame(width: 2, height: 2, color: .red).isOpaque)
    }

    func testStraightAlphaRoundTripIsExactForEveryPremultipliedPixel() {
        for alpha in 0...255 {
            for value in 0...alpha {
                let byte = UInt8(value)
                let premultiplied = RGBA8(red: byte, green: byte, blue: 0, alpha: UInt8(alpha))
                XCTAssertEqual(RGBA8(straight: premultiplied.straight), premultiplied, "value \(value) alpha \(alpha)")
            }
        }
        XCTAssertEqual(
            RGBA8(red: 64, green: 0, blue: 0, alpha: 128).straight, RGBA8(red: 128, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(
            RGBA8(premultiplying: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)),
            RGBA8(red: 128, green: 64, blue: 0, alpha: 128))
    }

    func testSnapshotConvertsCairoARGB32ToRGBAByteOrder() throws {
        let surface = try CairoSurface(pixelWidth: 4, pixelHeight: 2)
        let cairo = try CairoContext(surface: surface)
        cairo.isAntialiased = false
        cairo.setSource(Color(red: 1, green: 0, blue: 0))
        cairo.addRect(Rect(x: 0, y: 0, width: 1, height: 1))
        cairo.fill()
        cairo.setSource(Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        cairo.addRect(Rect(x: 3, y: 1, width: 1, height: 1))
        cairo.fill()
        let frame = surface.snapshot()
        XCTAssertEqual(frame[0, 0], RGBA8(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(frame[3, 1], RGBA8(red: 0, green: 0, blue: 128, alpha: 128))
        XCTAssertEqual(frame[1, 0], .transparent)
        // And back: a surface made from a frame snapshots to the same frame.
        XCTAssertEqual(try CairoSurface(frame: frame).snapshot(), frame)
    }

    func testDeviceScaleMapsPointsToPixels() throws {
        let surface = try CairoSurface(size: Size(width: 3, height: 2), scale: 2)
        XCTAssertEqual(surface.pixelWidth, 6)
        XCTAssertEqual(surface.pixelHeight, 4)
        XCTAssertEqual(surface.size, Size(width: 3, height: 2))
        let cairo = try CairoContext(surface: surface)
        cairo.setSource(Color.green)
        cairo.addRect(Rect(x: 1, y: 0, width: 1, height: 1))  // one point = 2×2 pixels
        cairo.fill()
        let frame = surface.snapshot()
        let green = RGBA8(red: 0, green: 255, blue: 0, alpha: 255)
        for (x, y) in [(2, 0), (3, 0), (2, 1), (3, 1)] { XCTAssertEqual(frame[x, y], green) }
        XCTAssertEqual(frame[1, 0], .transparent)
        XCTAssertEqual(frame[4, 1], .transparent)
        XCTAssertEqual(frame[2, 2], .transparent)
        XCTAssertThrowsError(try CairoSurface(pixelWidth: 2, pixelHeight: 2, scale: 0))
    }

    func testClearFillsWithTheColourAndTransformsFollowCoreGraphicsConventions() throws {
        let surface = try CairoSurface(pixelWidth: 10, pixelHeight: 10)
        surface.clear(to: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        XCTAssertEqual(surface.snapshot()[9, 9], RGBA8(red: 0, green: 0, blue: 128, alpha: 128))
        surface.clear()
        XCTAssertEqual(surface.snapshot(), try RGBAFrame(width: 10, height: 10))
        let cairo = try CairoContext(surface: surface)
        let transform = AffineTransform(a: 2, b: 0.5, c: -1, d: 3, tx: 4, ty: 5)
        cairo.transform = transform
        XCTAssertEqual(cairo.transform, transform)
        cairo.transform = .identity
        cairo.concatenate(.translation(x: 6, y: 7))
        cairo.isAntialiased = false
        cairo.setSource(Color.white)
        cairo.addRect(Rect(x: 0, y: 0, width: 1, height: 1))
        cairo.fill()
        XCTAssertEqual(surface.snapshot()[6, 7], RGBA8(red: 255, green: 255, blue: 255, alpha: 255))
    }

    func testGroupOpacityAndMask() throws {
        let surface = try CairoSurface(pixelWidth: 4, pixelHeight: 1)
        let cairo = try CairoContext(surface: surface)
        cairo.isAntialiased = false
        cairo.pushGroup()
        cairo.setSource(Color.red)
        cairo.addRect(Rect(x: 0, y: 0, width: 2, height: 1))
        cairo.fill()
        cairo.setSource(Color.blue)
        cairo.addRect(Rect(x: 1, y: 0, width: 2, height: 1))
        cairo.fill()
        cairo.popGroupToSource()
        cairo.paint(alpha: 0.5)
        let frame = surface.snapshot()
        // Group opacity: the overlap shows only blue at half alpha, not red showing through.
        XCTAssertEqual(frame[1, 0], RGBA8(red: 0, green: 0, blue: 128, alpha: 128))
        XCTAssertEqual(frame[0, 0], RGBA8(red: 128, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(frame[3, 0], .transparent)
    }

    func testTextLayoutMeasuresWrapsAndDraws() throws {
        let context = try TextContext()
        let layout = try PangoTextLayout(context: context)
        try layout.setFont(FontDescriptor(families: ["DejaVu Sans"], size: 20))
        layout.text = "Kinetic"
        let single = layout.size
        XCTAssertGreaterThan(single.width, 40)
        XCTAssertGreaterThan(single.height, 20)
        XCTAssertEqual(layout.lineCount, 1)
        XCTAssertEqual(layout.characterBoxes.count, 7)
        XCTAssertEqual(layout.characterBoxes[0].minX, 0, accuracy: 1e-9)
        XCTAssertLessThan(layout.characterBoxes[0].maxX, layout.characterBoxes[1].maxX)
        layout.text = "Kinetic motion toolkit"
        layout.width = single.width
        XCTAssertGreaterThan(layout.lineCount, 1)
        XCTAssertEqual(layout.lines.count, layout.lineCount)
        // Sub-pixel positions: a half-point horizontal shift changes the rendered pixels.
        layout.width = nil
        layout.text = "I"
        func render(at x: Double) throws -> RGBAFrame {
            let surface = try CairoSurface(pixelWidth: 40, pixelHeight: 40)
            let cairo = try CairoContext(surface: surface)
            cairo.setSource(Color.black)
            layout.draw(in: cairo, at: Point(x: x, y: 5))
            return surface.snapshot()
        }
        let a = try render(at: 10)
        let b = try render(at: 10.5)
        XCTAssertNotEqual(a, b)
        XCTAssertTrue(a.bytes.contains { $0 != 0 })
        XCTAssertFalse(try context.resolvedFamily(for: FontDescriptor(families: ["DejaVu Sans"])).isEmpty)
    }
}
