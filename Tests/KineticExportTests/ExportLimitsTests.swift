import KineticAnimation
import KineticCore
import KineticLayers
import XCTest

@testable import KineticExport

/// The vector exporters' bound, taken before anything is built: animated layers × samples.
final class ExportLimitsTests: XCTestCase {
    private func clip(animatedLayers: Int, duration: Double) -> Clip {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        for k in 0..<animatedLayers {
            let layer = Layer(frame: Rect(x: 10, y: 10, width: 20, height: 20))
            layer.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.opacity)
            // Every other one under a still parent, and one as a mask: the count reaches them all.
            if k % 2 == 0 {
                let parent = Layer(frame: root.bounds)
                parent.addSublayer(layer)
                root.addSublayer(parent)
            } else if k == 1 {
                root.mask = layer
            } else {
                root.addSublayer(layer)
            }
        }
        root.addSublayer(Layer(frame: Rect(x: 0, y: 0, width: 5, height: 5)))  // still: not counted
        return makeClip(root, duration: duration)
    }

    func testSamplesAreAnimatedLayersTimesTwiceTheFramesPlusOne() {
        XCTAssertEqual(
            ExportLimits.layerSamples(of: clip(animatedLayers: 3, duration: 2), framesPerSecond: 30), 3 * 121)
        XCTAssertEqual(
            ExportLimits.layerSamples(of: clip(animatedLayers: 3, duration: 2), duration: 0.5, framesPerSecond: 30),
            3 * 31)
        XCTAssertEqual(ExportLimits.layerSamples(of: clip(animatedLayers: 0, duration: 2), framesPerSecond: 30), 0)
    }

    /// Beyond the bound both exporters refuse before building, with the figures and what to change; at the bound
    /// they export.
    func testBothExportersRefuseBeyondTheBoundBeforeBuilding() throws {
        // 100 layers × (2 × 120 fps × 41.6 s + 1) = 998,500 samples: within; 42 s: 1,008,100: beyond.
        let within = clip(animatedLayers: 100, duration: 41.6)
        let beyond = clip(animatedLayers: 100, duration: 42)
        XCTAssertEqual(ExportLimits.layerSamples(of: within, framesPerSecond: 120), 998_500)
        XCTAssertNoThrow(try ExportLimits.check(within, framesPerSecond: 120))
        let started = Date()
        for export in [
            { () throws -> Void in
                _ = try LottieExporter(glyphs: SquareGlyphs(), options: .init(framesPerSecond: 120)).export(beyond)
            },
            { () throws -> Void in
                _ = try SVGExporter(glyphs: SquareGlyphs(), options: .init(framesPerSecond: 120)).export(beyond)
            },
        ] {
            XCTAssertThrowsError(try export()) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("100 animated layers 10081 times each"), message)
                XCTAssertTrue(message.contains("1008100 samples, at most 1000000"), message)
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "refused before anything was built")
    }
}
