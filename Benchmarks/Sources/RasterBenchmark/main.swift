// RasterBenchmark: Kinetic's GIF encoder against ffmpeg's palettegen/paletteuse on the same 60 frames, in the
// same run. Prints wall and CPU time, size and mean per-pixel error (every GIF decoded by ffmpeg and compared with
// the source frames) as a Markdown table for Benchmarks/RESULTS.md ("GIF encoder").
//
// The effects' own clips too with --effects; --rounds N (default 5); --kinetic-only (for profiling); --save DIR
// keeps the GIFs; --only NAME[,NAME…] keeps only the clips with those names ("gradient" for the Cairo clip).
//
// Run: cd Benchmarks && swift run -c release RasterBenchmark [width height] [--effects] [--rounds N]
import BenchmarkClips
import Foundation
import KineticCore
import KineticEffects
import KineticLayers
@_spi(Internals) import KineticRaster

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
        ffmpeg, ["-v", "error", "-i", gif, "-vf", "fps=30", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
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

/// One contender: encodes the clip's frames to `path`.
struct Contender {
    var name: String
    var runsInChild: Bool
    var encode: (String) throws -> Void
}

/// A clip to encode: its frames (premultiplied RGBA, opaque) at 30 fps.
struct BenchmarkClip {
    var name: String
    var frames: [RGBAFrame]
    var width: Int { frames[0].width }
    var height: Int { frames[0].height }
}

/// The effects' own clips as `kinetic render` draws them at 30 fps, scale 1, each on its own background (white
/// for the showcase and the collapse, which have none), so that both encoders get the same opaque frames.
func effectClips() throws -> [BenchmarkClip] {
    let clips = try BenchmarkClips.effectClips()
    return try clips.map { name, clip in
        let background = clip.background ?? .white
        let plan = try clip.plan(for: "x.gif", options: RenderOptions(background: .color(background)))
        let renderer = try LayerRenderer(
            pixelWidth: plan.pixelWidth, pixelHeight: plan.pixelHeight, background: background)
        let frames = try (0..<plan.frameCount).map { try renderer.render(clip.root, at: Double($0) / 30) }
        return BenchmarkClip(name: name, frames: frames)
    }
}

struct Settings {
    var width = 480
    var height = 270
    var rounds = 5
    var effects = false
    var kineticOnly = false
    /// A folder to copy the last GIF of each contender to, or nil.
    var save: String?
    /// The names of the clips to run (the Cairo clip is "gradient"), or nil for all.
    var only: Set<String>?
}

func parseSettings() -> Settings {
    var settings = Settings()
    var numbers: [Int] = []
    var arguments = CommandLine.arguments.dropFirst()[...]
    while let argument = arguments.popFirst() {
        switch argument {
        case "--effects": settings.effects = true
        case "--kinetic-only": settings.kineticOnly = true
        case "--save": settings.save = arguments.popFirst()
        case "--only":
            settings.only = Set((arguments.popFirst() ?? "").split(separator: ",").map { String($0) })
        case "--rounds": settings.rounds = max(1, arguments.popFirst().flatMap { Int($0) } ?? settings.rounds)
        default: if let number = Int(argument) { numbers.append(number) }
        }
    }
    if numbers.count >= 2 {
        settings.width = numbers[0]
        settings.height = numbers[1]
    }
    return settings
}

func main() throws {
    let settings = parseSettings()
    let duration = 1.0 / 30
    let folder = NSTemporaryDirectory() + "kinetic-raster-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let ffmpeg = try? VideoEncoder.locateFFmpeg() else {
        print("RasterBenchmark needs ffmpeg to compare against and to decode both GIFs: sudo apt-get install ffmpeg")
        return
    }
    let gradient = BenchmarkClip(
        name: "gradient \(settings.width)×\(settings.height)",
        frames: try (0..<60).map { try drawFrame($0, of: 60, width: settings.width, height: settings.height) })
    let clips = ([gradient] + (settings.effects ? try effectClips() : [])).filter { clip in
        settings.only.map { $0.contains(clip.name) || (clip.name.hasPrefix("gradient") && $0.contains("gradient")) }
            ?? true
    }
    var rows: [String] = []
    for clip in clips {
        let raw = folder + "/source.rgba"
        var source = Data()
        for frame in clip.frames { source.append(contentsOf: frame.bytes) }  // opaque: premultiplied = straight
        try source.write(to: URL(fileURLWithPath: raw))
        let width = clip.width
        let height = clip.height

        func kinetic(_ gif: GIFOptions) -> (String) throws -> Void {
            { path in
                let encoder = try GIFEncoder(
                    path: path, width: width, height: height, options: EncoderOptions(gif: gif))
                for frame in clip.frames { try encoder.append(frame, duration: duration) }
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
        var contenders = [
            Contender(
                name: "Kinetic GIFEncoder, defaults (quality 98, speed 6, dithering 0.5)", runsInChild: false,
                encode: kinetic(GIFOptions()))
        ]
        if clip.name.hasPrefix("gradient") && !settings.kineticOnly {
            contenders.append(
                Contender(
                    name: "Kinetic GIFEncoder, quality 100, speed 4, dithering 1", runsInChild: false,
                    encode: kinetic(GIFOptions(dithering: 1, quality: 100, speed: 4))))
        }
        if !settings.kineticOnly {
            contenders.append(
                Contender(
                    name: "ffmpeg palettegen + paletteuse (defaults)", runsInChild: true,
                    encode: ffmpegGraph("[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse")))
            if clip.name.hasPrefix("gradient") {
                contenders.append(
                    Contender(
                        name: "ffmpeg palettegen stats_mode=diff + paletteuse diff_mode=rectangle", runsInChild: true,
                        encode: ffmpegGraph(
                            "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=diff_mode=rectangle")
                    ))
            }
        }
        // Interleaved runs, so that the machine's load affects every contender alike; medians.
        var wall = [[Double]](repeating: [], count: contenders.count)
        var cpu = [[Double]](repeating: [], count: contenders.count)
        for _ in 0..<settings.rounds {
            for (index, contender) in contenders.enumerated() {
                let path = folder + "/\(index).gif"
                let cpuBefore = cpuSeconds(children: contender.runsInChild)
                wall[index].append(try seconds { try contender.encode(path) })
                cpu[index].append(cpuSeconds(children: contender.runsInChild) - cpuBefore)
            }
        }
        // Kinetic's CPU time over ffmpeg's (defaults), round by round.
        let ffmpegIndex = contenders.firstIndex { $0.name.hasPrefix("ffmpeg") }
        let ratio = ffmpegIndex.map { f in median(zip(cpu[0], cpu[f]).map { $0 / max($1, 1e-9) }) }
        for (index, contender) in contenders.enumerated() {
            let path = folder + "/\(index).gif"
            let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if let save = settings.save {
                let name = "\(clip.name)-\(index).gif".replacingOccurrences(of: " ", with: "-")
                try? FileManager.default.removeItem(atPath: save + "/" + name)
                try FileManager.default.copyItem(atPath: path, toPath: save + "/" + name)
            }
            let (error, decoded) = try meanError(of: path, against: clip.frames, ffmpeg: ffmpeg, folder: folder)
            let ratioText = index == 0 ? ratio.map { String(format: "%.2f", $0) } ?? "" : ""
            rows.append(
                "| \(clip.name) | \(contender.name) | \(String(format: "%.3f", median(wall[index]))) | "
                    + "\(String(format: "%.3f", median(cpu[index]))) | \(ratioText) | "
                    + "\(String(format: "%.1f", Double(bytes) / 1024)) | \(String(format: "%.3f", error)) | "
                    + "\(decoded)/\(clip.frames.count) |")
        }
    }
    print(
        "Medians of \(settings.rounds) interleaved rounds; CPU = user + system of the encoding; ratio = median over "
            + "the rounds of Kinetic's CPU time / ffmpeg's (defaults); error = mean absolute difference per RGB "
            + "channel (0…255) between the frames ffmpeg decodes from each GIF at 30 fps and the source frames.\n")
    print("| clip | encoder | wall (s) | CPU (s) | CPU ratio | size (KiB) | mean error | frames |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for row in rows { print(row) }
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("RasterBenchmark failed: \(error)\n".utf8))
    exit(1)
}
