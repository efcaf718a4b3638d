import BenchmarkClips
import BenchmarkSupport
// Vector exports: how long exporting each effect to Lottie JSON and to animated SVG takes, and how large the files
// are next to the GIF of the same clip (30 fps, scale 1, `Clip.render(to:)` with the default palette and
// dithering). Sizes are bytes as written and, for the text formats, gzipped (`gzip -9`, as a web server sends
// them). Export times are the best of 5 runs (thread CPU time, steadier on a shared machine); the GIF time is the
// best of 3 renders on all cores (wall clock). `--only NAME,NAME` runs some effects (names as in the table).
//
//   cd Benchmarks && swift run -c release ExportBenchmark [--only 'count-up,elevator digits']
import Foundation
import KineticCore
import KineticEffects
import KineticExport
import KineticLayers
import KineticRaster

let measurer = PangoTextMeasurer()
let glyphs = PangoGlyphOutliner()

func effects() throws -> [(String, Clip)] { try effectClips(measuring: measurer) }

/// `bytes` gzipped at level 9, in bytes (0 when gzip is missing).
func gzipped(_ bytes: [UInt8]) -> Int {
    let path = NSTemporaryDirectory() + "kinetic-export-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard (try? Data(bytes).write(to: URL(fileURLWithPath: path))) != nil else { return 0 }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-9", "-c", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return 0 }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data.count
}

func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = threadCPUTime()
        try body()
        fastest = min(fastest, threadCPUTime() - start)
    }
    return fastest
}

func kilobytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1000) }

print("Vector exports at 30 fps (Lottie JSON, animated SVG) vs the GIF of the same clip")
print(
    "effect | clip s | Lottie ms | Lottie KB | gzip KB | keyframes (baked channels) | SVG ms | SVG KB | gzip KB "
        + "| GIF s | GIF KB")
print("---|---|---|---|---|---|---|---|---|---|---")
do {
    let folder = NSTemporaryDirectory() + "kinetic-export-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = CommandLine.arguments
    let only = arguments.firstIndex(of: "--only").flatMap {
        arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
    }
    .map { $0.split(separator: ",").map(String.init) }
    for (name, clip) in try effects() where only?.contains(name) ?? true {
        let lottieExporter = LottieExporter(glyphs: glyphs, options: LottieExportOptions(framesPerSecond: 30))
        let svgExporter = SVGExporter(glyphs: glyphs, options: SVGExportOptions(framesPerSecond: 30))
        var lottie: LottieExport?
        var svg: SVGExport?
        let lottieSeconds = try best(5) { lottie = try lottieExporter.export(clip) }
        let svgSeconds = try best(5) { svg = try svgExporter.export(clip) }
        guard let lottie, let svg else { continue }
        let gifPath = folder + "/\(name.replacingOccurrences(of: " ", with: "-")).gif"
        var gifSeconds = Double.infinity
        for _ in 0..<3 {
            let start = wallTime()
            _ = try clip.render(to: gifPath, options: RenderOptions(framesPerSecond: 30))
            gifSeconds = min(gifSeconds, wallTime() - start)
        }
        let gifBytes = (try FileManager.default.attributesOfItem(atPath: gifPath)[.size] as? Int) ?? 0
        let keyframes = lottie.channels.reduce(0) { $0 + $1.keyframes }
        let baked = lottie.channels.filter { $0.method == .baked }.count
        print(
            "\(name) | \(String(format: "%.2f", clip.duration)) | \(String(format: "%.1f", lottieSeconds * 1000)) "
                + "| \(kilobytes(lottie.bytes.count)) | \(kilobytes(gzipped(lottie.bytes))) "
                + "| \(keyframes) (\(baked) of \(lottie.channels.count)) | \(String(format: "%.1f", svgSeconds * 1000)) "
                + "| \(kilobytes(svg.bytes.count)) | \(kilobytes(gzipped(svg.bytes))) | \(String(format: "%.2f", gifSeconds)) "
                + "| \(kilobytes(gifBytes))")
    }
} catch {
    print("ExportBenchmark failed: \(error)")
    exit(1)
}
