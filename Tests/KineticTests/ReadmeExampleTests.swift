import Foundation
import Kinetic
import KineticRaster
import KineticTestSupport
import XCTest

/// The README's library example, compiled and run here; a test checks that the README shows exactly this code.
final class ReadmeExampleTests: XCTestCase {
    func testTheExampleRuns() throws {
        let folder = NSTemporaryDirectory() + "kinetic-readme-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder))
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(atPath: folder)
        }
        // readme-example:start
        // A red dot springs across a 300 × 100 canvas, and the result is written as a GIF.
        let canvas = Layer(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        canvas.backgroundColor = .white
        let dot = ShapeLayer(path: .ellipse(in: Rect(x: 0, y: 0, width: 20, height: 20)), fillColor: .red)
        dot.bounds = Rect(x: 0, y: 0, width: 20, height: 20)  // position is the centre of the bounds (anchor 0.5, 0.5)
        dot.position = Point(x: 20, y: 50)
        canvas.addSublayer(dot)

        // Core Animation's rule: an animation changes only what is presented and is removed when it ends, so set the
        // model value to where the dot stops and animate from where it was.
        let spring = try Spring(response: 0.5, dampingFraction: 0.7)
        dot.add(try SpringAnimation(from: dot.position, to: Point(x: 280, y: 50), spring: spring), for: \.position)
        dot.position = Point(x: 280, y: 50)

        let clip = Clip(root: canvas, duration: 1.5)
        try clip.render(to: "dot.gif")
        print("at 0.3 s the dot is at", clip.presentation(at: 0.3).sublayers[0].position)
        // readme-example:end

        // The GIF, decoded with giflib: 1.5 s of 300 × 100 frames (frames that repeat the one before are merged
        // into it). The dot is centred at its start, then where the spring says at 0.3 s, then at its end, where
        // it stays (the model value).
        let gif = try GIFTestDecoder.decode(path: folder + "/dot.gif")
        XCTAssertEqual([gif.width, gif.height], [300, 100])
        XCTAssertEqual(gif.frames.reduce(0) { $0 + $1.duration }, 1.5, accuracy: 0.005)
        func frame(at time: Double) -> RGBAFrame? {
            var start = 0.0
            for frame in gif.frames {
                if time < start + frame.duration - 1e-9 { return frame.image }
                start += frame.duration
            }
            return gif.frames.last?.image
        }
        for (time, x) in [(0, 20.0), (0.3, 20 + 260 * spring.value(at: 0.3, from: 0, to: 1)), (1.49, 280)] {
            let image = try XCTUnwrap(frame(at: time))
            let centre = try XCTUnwrap(Self.redCentre(image), "at \(time) s")
            XCTAssertEqual(centre.x, x, accuracy: 0.3, "at \(time) s")
            XCTAssertEqual(centre.y, 50, accuracy: 0.3, "at \(time) s")
        }
        XCTAssertEqual(dot.position, Point(x: 280, y: 50))
    }

    /// The centre of the red pixels of a frame on white, anti-aliased edges weighted by how red they are.
    static func redCentre(_ image: RGBAFrame) -> Point? {
        var sum = (x: 0.0, y: 0.0, weight: 0.0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                let weight = Double(255 - Int(pixel.green)) / 255
                guard pixel.red > 200, weight > 0.05 else { continue }
                sum.x += (Double(x) + 0.5) * weight
                sum.y += (Double(y) + 0.5) * weight
                sum.weight += weight
            }
        }
        return sum.weight > 0 ? Point(x: sum.x / sum.weight, y: sum.y / sum.weight) : nil
    }

    func testTheReadmeShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let inReadme = try XCTUnwrap(
            section(of: readme, from: "<!-- readme-example:start -->", to: "<!-- readme-example:end -->"))
        let inTest = try XCTUnwrap(section(of: source, from: "// readme-example:start", to: "// readme-example:end"))
        let readmeLines = inReadme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("```") && !$0.hasPrefix("import Kinetic") }
        let testLines = inTest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        XCTAssertEqual(readmeLines, testLines)
    }

    private func section(of text: String, from start: String, to end: String) -> String? {
        guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[a.upperBound..<b.lowerBound])
    }
}
