import BenchmarkSupport
// Renderer throughput (issue 3): frames per second drawing the layer showcase (KineticEffects' `Showcase`: a radial
// gradient, text masking a gradient, a turning card with a shadow, a spring-moving dot, captions) with
// `LayerRenderer` at 600×200, 1280×720 and 1920×1080 pixels (scale 1), on one core and on all cores.
//
//   cd Benchmarks && swift run -c release RenderBenchmark
//
// One core: frames rendered one after another on this thread; figures are wall-clock fps and thread CPU time per
// frame (steadier on a shared machine). All cores: the same frames through `DispatchQueue.concurrentPerform`
// (one `LayerRenderer`, each call its own surface and Pango context); wall-clock fps. Every thread renders a frame
// first, untimed, so font loading is not counted. Each figure is the best of 3 runs (the machine is shared).
import Dispatch
import Foundation
import KineticCore
import KineticEffects
import KineticRaster
import Synchronization

struct Case {
    var width: Int
    var height: Int
    var frames: Int
}

let cases = [
    Case(width: 600, height: 200, frames: 180), Case(width: 1280, height: 720, frames: 60),
    Case(width: 1920, height: 1080, frames: 40),
]
let cores = ProcessInfo.processInfo.activeProcessorCount

print("Showcase render, LayerRenderer (Cairo + Pango), scale 1, \(cores) cores")
print("size       | frames | 1 core fps | CPU ms/frame | \(cores) cores fps | speed-up")
print("-----------|--------|------------|--------------|-------------|---------")
do {
    for item in cases {
        let size = Size(width: Double(item.width), height: Double(item.height))
        let root = try Showcase(size: size).makeLayer()
        let renderer = try LayerRenderer(size: size)
        let times = (0..<item.frames).map { Showcase.duration * Double($0) / Double(item.frames) }
        // Warm up every worker thread (font maps are per thread).
        DispatchQueue.concurrentPerform(iterations: cores * 2) { _ in _ = try? renderer.render(root, at: 0) }
        _ = try renderer.render(root, at: 0)

        var serialWall = Double.infinity
        var serialCPU = Double.infinity
        var parallelWall = Double.infinity
        var checksum = 0
        for _ in 0..<3 {
            let startWall = wallTime()
            let startCPU = threadCPUTime()
            checksum = 0
            for time in times { checksum &+= Int(try renderer.render(root, at: time).bytes[item.width * 2 + 3]) }
            serialWall = min(serialWall, wallTime() - startWall)
            serialCPU = min(serialCPU, threadCPUTime() - startCPU)

            let failed = Atomic(false)
            let parallelStart = wallTime()
            DispatchQueue.concurrentPerform(iterations: item.frames) { index in
                if (try? renderer.render(root, at: times[index])) == nil { failed.store(true, ordering: .relaxed) }
            }
            parallelWall = min(parallelWall, wallTime() - parallelStart)
            guard !failed.load(ordering: .relaxed) else {
                print("rendering failed in parallel")
                exit(1)
            }
        }
        let serialFPS = Double(item.frames) / serialWall
        let parallelFPS = Double(item.frames) / parallelWall
        let label = "\(item.width)×\(item.height)".padding(toLength: 10, withPad: " ", startingAt: 0)
        let figures = String(
            format: " | %6d | %10.1f | %12.2f | %11.1f | %7.2f×", item.frames, serialFPS,
            serialCPU / Double(item.frames) * 1000, parallelFPS, parallelFPS / serialFPS)
        print(label + figures + "  (checksum \(checksum))")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
