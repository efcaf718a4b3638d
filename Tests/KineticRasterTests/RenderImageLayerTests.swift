import Foundation
import KineticCore
import KineticLayers
import KineticRaster
import KineticTestSupport
import XCTest

/// `ImageLayer`: a PNG or JPEG decoded with gdk-pixbuf, placed by its contents gravity, clipped to its bounds,
/// and a file that cannot be read reported as a warning naming the layer.
final class RenderImageLayerTests: XCTestCase {
    /// A 2 × 1 picture, red on the left and blue on the right, written as PNG.
    private func redBluePicture(in folder: TemporaryFolder) throws -> String {
        var frame = try RGBAFrame(width: 2, height: 1)
        frame[0, 0] = RGBA8(red: 255, green: 0, blue: 0, alpha: 255)
        frame[1, 0] = RGBA8(red: 0, green: 0, blue: 255, alpha: 255)
        let path = folder.file("rb.png")
        try frame.writePNG(to: path)
        return path
    }

    private func draw(_ layer: ImageLayer, width: Int, height: Int) throws -> (RGBAFrame, [RenderWarning]) {
        let root = Layer(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        root.addSublayer(layer)
        let result = try LayerRenderer(pixelWidth: width, pixelHeight: height).renderWithWarnings(root, at: 0)
        return (result.frame, result.warnings)
    }

    func testDecodingGivesThePixelsAndRefusesWhatIsNotAPicture() throws {
        let folder = try TemporaryFolder()
        let picture = try RGBAFrame(contentsOfImageFile: try redBluePicture(in: folder))
        XCTAssertEqual([picture.width, picture.height], [2, 1])
        XCTAssertEqual(picture[0, 0], RGBA8(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(picture[1, 0], RGBA8(red: 0, green: 0, blue: 255, alpha: 255))
        try "not a picture".write(toFile: folder.file("x.png"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try RGBAFrame(contentsOfImageFile: folder.file("x.png"))) { error in
            XCTAssertTrue("\(error)".contains("not a PNG or JPEG"), "\(error)")
        }
    }

    func testResizeStretchesAndAspectFitLetterboxes() throws {
        let folder = try TemporaryFolder()
        let path = try redBluePicture(in: folder)
        // Stretched to 20 × 10: the left half red, the right half blue (bilinear in between).
        let (stretched, _) = try draw(
            ImageLayer(path: path, frame: Rect(x: 0, y: 0, width: 20, height: 10)), width: 20, height: 10)
        XCTAssertGreaterThan(stretched[2, 5].red, 240)
        XCTAssertLessThan(stretched[2, 5].blue, 15)
        XCTAssertGreaterThan(stretched[17, 5].blue, 240)
        // Fitted into 20 × 20: 20 × 10 in the middle, nothing above or below it.
        let (fitted, _) = try draw(
            ImageLayer(path: path, frame: Rect(x: 0, y: 0, width: 20, height: 20), gravity: .resizeAspect),
            width: 20, height: 20)
        XCTAssertEqual(fitted[2, 2].alpha, 0)
        XCTAssertEqual(fitted[2, 17].alpha, 0)
        XCTAssertGreaterThan(fitted[2, 10].red, 240)
        XCTAssertGreaterThan(fitted[17, 10].blue, 240)
        // Filling 10 × 20: the picture scaled to 40 × 20 and cut to the bounds: only its middle shows, the left
        // half of the layer red-ish and the right half blue-ish.
        let (filled, _) = try draw(
            ImageLayer(path: path, frame: Rect(x: 0, y: 0, width: 10, height: 20), gravity: .resizeAspectFill),
            width: 10, height: 20)
        XCTAssertEqual(filled[0, 0].alpha, 255)
        XCTAssertGreaterThan(Int(filled[1, 10].red), Int(filled[1, 10].blue))
        XCTAssertGreaterThan(Int(filled[8, 10].blue), Int(filled[8, 10].red))
    }

    func testAJPEGDecodesToo() throws {
        guard let ffmpeg = findExecutable("ffmpeg") else {
            throw MissingTool("ffmpeg makes the JPEG; it is not installed")
        }
        let folder = try TemporaryFolder()
        let path = folder.file("green.jpg")
        _ = runCommand(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "color=c=0x00C000:s=16x8", "-frames:v", "1", path])
        let picture = try RGBAFrame(contentsOfImageFile: path)
        XCTAssertEqual([picture.width, picture.height], [16, 8])
        XCTAssertEqual(Double(picture[8, 4].green), 192, accuracy: 6)
        XCTAssertLessThan(picture[8, 4].red, 12)
    }

    func testAMissingFileIsAWarningNamingTheLayer() throws {
        let layer = ImageLayer(path: "/nonexistent/shot.png", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        layer.name = "screenshot"
        let (frame, warnings) = try draw(layer, width: 10, height: 10)
        XCTAssertEqual(frame[5, 5].alpha, 0)
        XCTAssertEqual(warnings.map(\.kind), [.unreadableImage])
        XCTAssertEqual(warnings.first?.layer, "screenshot")
        XCTAssertTrue(warnings.first?.message.contains("/nonexistent/shot.png") ?? false)
    }
}
