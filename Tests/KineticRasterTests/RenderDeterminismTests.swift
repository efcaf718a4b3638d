import Dispatch
import Foundation
import KineticCore
import KineticLayers
import KineticRaster
import Synchronization
import XCTest

/// The same tree and time give the same bytes, on one thread or many at once.
final class RenderDeterminismTests: XCTestCase {
    private static let scenes: [@Sendable () -> Layer] = [
        RenderScenes.shadow, RenderScenes.maskText, RenderScenes.textJapanese, RenderScenes.textTruncation,
        RenderScenes.shapeStrokeEnd, RenderScenes.groupOpacity, RenderScenes.radialGradient,
    ]

    func testRenderingTwiceGivesIdenticalBytes() throws {
        let renderer = try LayerRenderer(size: RenderScenes.size, scale: 2, background: RenderScenes.canvas)
        for scene in Self.scenes {
            let root = scene()
            let first = try renderer.render(root, at: 0.5)
            let second = try renderer.render(root, at: 0.5)
            XCTAssertEqual(first, second)
            // A fresh renderer and a fresh copy of the tree give the same bytes too.
            let again = try LayerRenderer(size: RenderScenes.size, scale: 2, background: RenderScenes.canvas)
            XCTAssertEqual(try again.render(scene(), at: 0.5), first)
        }
    }

    /// Many threads render the scenes at once (each call has its own surface and Pango context; Pango's font
    /// map is per thread): every frame equals the one rendered alone.
    func testConcurrentRenderingGivesTheSameBytes() throws {
        let renderer = try LayerRenderer(size: RenderScenes.size, background: RenderScenes.canvas)
        let roots = Self.scenes.map { $0() }
        let expected = try roots.map { try renderer.render($0, at: 0.25) }
        let rounds = 6
        let results = Mutex<[Int: RGBAFrame]>([:])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: roots.count * rounds) { index in
            do {
                let frame = try renderer.render(roots[index % roots.count], at: 0.25)
                results.withLock { $0[index] = frame }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        let frames = results.withLock { $0 }
        XCTAssertEqual(frames.count, roots.count * rounds)
        for (index, frame) in frames {
            XCTAssertEqual(frame, expected[index % roots.count], "scene \(index % roots.count) differs")
        }
    }

    /// Eight new threads at once, each with a new Pango font map (fontconfig shared underneath), render every
    /// scene: the frames equal those rendered alone.
    func testFreshThreadsRenderTheSameBytes() throws {
        let renderer = try LayerRenderer(size: RenderScenes.size, background: RenderScenes.canvas)
        let expected = try Self.scenes.map { try renderer.render($0(), at: 0.75) }
        let mismatches = Mutex<[String]>([])
        let group = DispatchGroup()
        for thread in 0..<8 {
            group.enter()
            let worker = Thread {
                defer { group.leave() }
                for (index, scene) in Self.scenes.enumerated() {
                    do {
                        if try renderer.render(scene(), at: 0.75) != expected[index] {
                            mismatches.withLock { $0.append("thread \(thread) scene \(index)") }
                        }
                    } catch {
                        mismatches.withLock { $0.append("thread \(thread): \(error)") }
                    }
                }
            }
            worker.start()
        }
        group.wait()
        XCTAssertEqual(mismatches.withLock { $0 }, [])
    }

    /// Measuring from many threads at once agrees with measuring alone.
    func testConcurrentMeasuringAgrees() {
        let measurer = PangoTextMeasurer()
        let font = Font(size: 23, tabularDigits: true)
        let strings = ["0123456789", "Kinetic モーション", "The quick brown fox", "¥10,000"]
        let expected = strings.map { measurer.layout($0, font: font, style: ParagraphStyle()) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let layout = measurer.layout(strings[index % strings.count], font: font, style: ParagraphStyle())
            if layout != expected[index % strings.count] { mismatches.withLock { $0 += 1 } }
        }
        XCTAssertEqual(mismatches.withLock { $0 }, 0)
    }
}
