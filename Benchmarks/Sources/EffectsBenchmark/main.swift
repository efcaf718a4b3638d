import BenchmarkSupport
// Effects throughput (issue 4): frames per second rendering each text effect at 1280×720 (scale 1) with
// `LayerRenderer`, the same scenes `kinetic render …` draws, scaled up to the canvas. Prints a Markdown table for
// Benchmarks/RESULTS.md ("Effects").
//
//   cd Benchmarks && swift run -c release EffectsBenchmark [frames]
//
// For each scene: the tree is built once; `frames` times spread evenly over one loop are drawn one after another on
// this thread (wall-clock fps, and thread CPU ms per frame, steadier on a shared machine), then through
// `DispatchQueue.concurrentPerform` on every core (wall-clock fps), and the presentation tree alone is timed (CPU µs
// per frame: `presentation(at:)`, the layer-tree work before drawing). Every thread draws one frame first, untimed,
// so font loading is not counted. Other effects add their scenes to `scenes`.
import Dispatch
import Foundation
import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster

/// One scene to draw: its tree, the length of one loop, and what to call it in the table.
struct EffectScene {
    var effect: String
    var variant: String
    var duration: MediaTime
    var root: Layer
}

let canvas = Size(width: 1280, height: 720)
let measurer = PangoTextMeasurer()

/// A shimmer scene on the 1280×720 canvas.
func shimmer(_ variant: String, content: ShimmerScene.Content, style: ShimmerScene.Style) throws -> EffectScene {
    let scene = ShimmerScene(size: canvas, content: content, style: style)
    return EffectScene(
        effect: "shimmer", variant: variant, duration: try scene.clipDuration(),
        root: try scene.makeLayer(measurer: measurer))
}

/// Every scene measured, in table order.
func scenes() throws -> [EffectScene] {
    let text = ShimmerText(string: "slide to unlock", font: ShimmerText.defaultFont.withSize(120))
    let skeleton = SkeletonPlaceholder(lineCount: 8, barHeight: 40, barSpacing: 24, padding: 48)
    let skeletonStyle = Shimmer(
        highlightLength: 0.6, animationOpacity: 1, tilt: 20, beginTime: -0.1,
        highlightColor: Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255))
    return try [
        try shimmer("seed style, text 120 pt", content: .text(text), style: .seed(ShimmerSeed())),
        try shimmer(
            "default style, text 120 pt", content: .text(text), style: .default(Shimmer(beginTime: -0.1))),
        try shimmer(
            "default style, highlight colour + tilt 20°, text 120 pt", content: .text(text),
            style: .default(
                Shimmer(
                    highlightLength: 0.5, tilt: 20, beginTime: -0.1,
                    highlightColor: Color(red: 1, green: 0.84, blue: 0.04)))),
        try shimmer("skeleton placeholder, 8 bars", content: .skeleton(skeleton), style: .default(skeletonStyle)),
    ] + numberScenes(canvas: canvas, measurer: measurer)
}

let frameCount = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 60
let cores = ProcessInfo.processInfo.activeProcessorCount

print("Effects at \(Int(canvas.width))×\(Int(canvas.height)), LayerRenderer (Cairo + Pango), scale 1, ", terminator: "")
print("\(frameCount) frames per loop, \(cores) cores")
print("")
print("| effect | scene | 1 core fps | CPU ms/frame | \(cores) cores fps | presentation µs/frame |")
print("|---|---|---:|---:|---:|---:|")
do {
    let renderer = try LayerRenderer(size: canvas)
    for scene in try scenes() {
        let root = scene.root
        let times = (0..<frameCount).map { scene.duration * Double($0) / Double(frameCount) }
        DispatchQueue.concurrentPerform(iterations: cores * 2) { _ in _ = try? renderer.render(root, at: 0) }

        var checksum = 0
        let startWall = wallTime()
        let startCPU = threadCPUTime()
        for time in times { checksum &+= Int(try renderer.render(root, at: time).bytes[4 * 640 + 3]) }
        let serialWall = wallTime() - startWall
        let serialCPU = threadCPUTime() - startCPU

        let parallelStart = wallTime()
        DispatchQueue.concurrentPerform(iterations: times.count) { index in
            _ = try? renderer.render(root, at: times[index])
        }
        let parallelWall = wallTime() - parallelStart

        let presentationStart = threadCPUTime()
        var layers = 0
        for time in times { layers &+= root.presentation(at: time).sublayers.count }
        let presentationCPU = threadCPUTime() - presentationStart

        let row = [
            scene.effect, scene.variant, String(format: "%.1f", Double(times.count) / serialWall),
            String(format: "%.1f", serialCPU / Double(times.count) * 1000),
            String(format: "%.1f", Double(times.count) / parallelWall),
            String(format: "%.0f", presentationCPU / Double(times.count) * 1e6),
        ]
        print("| " + row.joined(separator: " | ") + " |")
        if checksum == -1 || layers == -1 { print("(unreachable: keeps the work observable)") }
    }
} catch {
    print("EffectsBenchmark failed: \(error)")
    exit(1)
}
