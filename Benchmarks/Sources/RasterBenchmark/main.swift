// RasterBenchmark: Kinetic's GIF encoder against ffmpeg's palettegen/paletteuse on the same 60 frames, in the
// same run. Prints wall and CPU time, size and mean per-pixel error (every GIF decoded by ffmpeg and compared with
// the source frames) as a Markdown table for Benchmarks/RESULTS.md ("GIF encoder").
//
// Run: cd Benchmarks && swift run -c release RasterBenchmark [width height]
import Foundation
import KineticCore
import KineticRaster

struct Measurement {
    var name: String
    var wallSeconds: Double
    var cpuSeconds: Double
    var bytes: Int
    var meanError: Double
    var frames: Int
}

/// CPU seconds (user + system) used so far by this process (`RUSAGE_SELF`) or its finished children.
func cpuSeconds(children: Bool) -> Double {
    var usage = rusage()
    getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// A moving diagonal gradient with a rotating rounded square and a sliding translucent disc.
func drawFrame(_ index: Int, of count: Int, width: Int, height: Int) throws -> RGBAFrame {
    let surface = try CairoSurface(pixelWidth: width, pixelHeight: height)
    let cairo = try CairoContext(surface: surface)
    let t = Double(index) / Double(count)
    let w = Double(width)
    let h = Double(height)
    let gradient = try CairoPattern(linearFrom: Point(x: -w + 2 * w * t, y: 0), to: Point(x: 2 * w * t + w, y: h))
    gradient.addColorStop(at: 0, color: Color(red: 0.1, green: 0.2, blue: 0.8))
    gradient.addColorStop(at: 0.5, color: Color(red: 0.9, green: 0.3, blue: 0.5))
    gradient.addColorStop(at: 1, color: Color(red: 1.0, green: 0.9, blue: 0.2))
    gradient.extend = .reflect
    cairo.setSource(gradient)
    cairo.paint()
    cairo.withSavedState {
        cairo.translate(x: w * 0.5, y: h * 0.5)
        cairo.rotate(by: 2 * Double.pi * t)
        let side = min(w, h) * 0.4
        cairo.addRoundedRect(Rect(x: -side / 2, y: -side / 2, width: side, height: side), cornerRadius: side * 0.2)
        cairo.setSource(Color(red: 0.2, green: 0.8, blue: 0.4))
        cairo.fill()
    }
    cairo.addEllipse(in: Rect(x: w * t, y: h * 0.1, width: h * 0.3, height: h * 0.3))
    cairo.setSource(Color(red: 1, green: 1, blue: 1, alpha: 0.6))
    cairo.fill()
    try cairo.checkStatus()
    return surface.snapshot()
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

@discardableResult
func run(_ executable: String, _ arguments: [String], stdout: FileHandle? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let stdout { process.standardOutput = stdout }
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// Decodes a GIF with ffmpeg into full RGBA frames and returns the mean absolute error per channel (R, G, B)
/// against the source frames, and the number of frames decoded.
func meanError(of gif: String, against frames: [RGBAFrame], ffmpeg: String, folder: String) throws -> (Double, Int) {
    let raw = folder + "/decoded.rgba"
    _ = FileManager.default.createFile(atPath: raw, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: raw))
    try run(
        ffmpeg, ["-v", "error", "-i", gif, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
        stdout: handle)
    try handle.close()
    let data = try Data(contentsOf: URL(fileURLWithPath: raw))
    let frameBytes = frames[0].bytes.count
    let decodedCount = data.count / frameBytes
    var total = 0
    var count = 0
    data.withUnsafeBytes { decoded in
        for index in 0..<min(decodedCount, frames.count) {
            frames[index].withUnsafeBytes { source in
                var i = 0
                while i < frameBytes {
                    for c in 0..<3 { total += abs(Int(decoded[index * frameBytes + i + c]) - Int(source[i + c])) }
                    count += 3
                    i += 4
                }
            }
        }
    }
    return (Double(total) / Double(max(count, 1)), decodedCount)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// One contender: encodes the 60 frames to `path`.
struct Contender {
    var name: String
    var runsInChild: Bool
    var encode: (String) throws -> Void
}

func main() throws {
    let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
    let width = arguments.count >= 2 ? arguments[0] : 480
    let height = arguments.count >= 2 ? arguments[1] : 270
    let count = 60
    let duration = 1.0 / 30
    let repeats = 5
    let folder = NSTemporaryDirectory() + "kinetic-raster-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let ffmpeg = try? VideoEncoder.locateFFmpeg() else {
        print("RasterBenchmark needs ffmpeg to compare against and to decode both GIFs: sudo apt-get install ffmpeg")
        return
    }

    let frames = try (0..<count).map { try drawFrame($0, of: count, width: width, height: height) }
    let raw = folder + "/source.rgba"
    var source = Data()
    for frame in frames { source.append(contentsOf: frame.bytes) }  // opaque: premultiplied = straight
    try source.write(to: URL(fileURLWithPath: raw))

    func kinetic(_ gif: GIFOptions) -> (String) throws -> Void {
        { path in
            let encoder = try GIFEncoder(path: path, width: width, height: height, options: EncoderOptions(gif: gif))
            for frame in frames { try encoder.append(frame, duration: duration) }
            try encoder.finish()
        }
    }
    func ffmpegGraph(_ graph: String) -> (String) throws -> Void {
        { path in
            try run(
                ffmpeg,
                [
                    "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                    "-framerate", "30", "-i", raw, "-filter_complex", graph, path,
                ])
        }
    }
    let contenders = [
        Contender(
            name: "Kinetic GIFEncoder, defaults (quality 98, speed 6, dithering 0.5)", runsInChild: false,
            encode: kinetic(GIFOptions())),
        Contender(
            name: "Kinetic GIFEncoder, quality 100, speed 4, dithering 1", runsInChild: false,
            encode: kinetic(GIFOptions(dithering: 1, quality: 100, speed: 4))),
        Contender(
            name: "ffmpeg palettegen + paletteuse (defaults)", runsInChild: true,
            encode: ffmpegGraph("[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse")),
        Contender(
            name: "ffmpeg palettegen stats_mode=diff + paletteuse diff_mode=rectangle", runsInChild: true,
            encode: ffmpegGraph(
                "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=diff_mode=rectangle")),
    ]
    // Interleaved runs, so that the machine's load affects every contender alike; medians of 5.
    var wall = [[Double]](repeating: [], count: contenders.count)
    var cpu = [[Double]](repeating: [], count: contenders.count)
    for _ in 0..<repeats {
        for (index, contender) in contenders.enumerated() {
            let path = folder + "/\(index).gif"
            let cpuBefore = cpuSeconds(children: contender.runsInChild)
            wall[index].append(try seconds { try contender.encode(path) })
            cpu[index].append(cpuSeconds(children: contender.runsInChild) - cpuBefore)
        }
    }
    var results: [Measurement] = []
    for (index, contender) in contenders.enumerated() {
        let path = folder + "/\(index).gif"
        let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let (error, decoded) = try meanError(of: path, against: frames, ffmpeg: ffmpeg, folder: folder)
        results.append(
            Measurement(
                name: contender.name, wallSeconds: median(wall[index]), cpuSeconds: median(cpu[index]), bytes: bytes,
                meanError: error, frames: decoded))
    }
    print(table(results, width: width, height: height))
}

func table(_ results: [Measurement], width: Int, height: Int) -> String {
    var lines = [
        "60 frames of \(width)×\(height) at 30 fps (a moving gradient, a rotating rounded square, a sliding "
            + "translucent disc, drawn with Cairo); medians of 5 interleaved runs; error = mean absolute difference "
            + "per RGB channel (0…255) between the frames ffmpeg decodes from each GIF and the source frames.",
        "",
        "| encoder | wall time (s) | CPU time (s) | size (KiB) | mean error | frames |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in results {
        lines.append(
            "| \(r.name) | \(String(format: "%.3f", r.wallSeconds)) | \(String(format: "%.3f", r.cpuSeconds)) | "
                + "\(String(format: "%.1f", Double(r.bytes) / 1024)) | \(String(format: "%.2f", r.meanError)) | "
                + "\(r.frames) |")
    }
    return lines.joined(separator: "\n")
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("RasterBenchmark failed: \(error)\n".utf8))
    exit(1)
}
