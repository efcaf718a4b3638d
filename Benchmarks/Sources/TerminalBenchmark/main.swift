// TerminalBenchmark (issue 6): bytes written and CPU time per frame at 60 fps on a 120 × 40 terminal, for
// KineticTerminal's FrameDiffRenderer (only what changed) against redrawing the full screen every frame, for each
// effect: the showcase scene in pixel mode (rendered by LayerRenderer at 120 × 80 px, shown with half blocks), a
// text-mode shimmer over a full screen of text, a one-line inline shimmer, the count-up and the elevator number.
// Every diff frame is also checked through ANSIScreen (the emulator must end up showing exactly the frame).
// Then the live region (issue 12): LiveRegion's frames and log lines on a RecordingTerminal and a virtual clock.
//
//   cd Benchmarks && swift run -c release TerminalBenchmark
import BenchmarkSupport
import Foundation
import KineticCore
import KineticEffects
import KineticRaster
import KineticTerminal

let columns = 120
let rows = 40
let framesPerSecond = 60.0

struct Figures {
    var name: String
    var frames: Int
    var buildMicroseconds: Double
    var diffBytes: [Int]
    var diffMicroseconds: Double
    var fullBytes: [Int]
    var fullMicroseconds: Double

    var diffMean: Double { Double(diffBytes.dropFirst().reduce(0, +)) / Double(max(1, diffBytes.count - 1)) }
    var fullMean: Double { Double(fullBytes.reduce(0, +)) / Double(max(1, fullBytes.count)) }
}

/// Runs `frames` screens through a diff renderer and a full-redraw renderer; times each part on this thread.
func measure(
    _ name: String, size: TerminalSize, frames: Int, colorSupport: ColorSupport = .trueColor,
    addressing: FrameDiffRenderer.Addressing = .absolute, screen: (Int) throws -> TerminalScreen
) throws -> Figures {
    var screens: [TerminalScreen] = []
    let buildStart = threadCPUTime()
    for index in 0..<frames { screens.append(try screen(index)) }
    let build = threadCPUTime() - buildStart

    var diff = FrameDiffRenderer(addressing: addressing, colorSupport: colorSupport)
    var diffBytes: [Int] = []
    var output: [UInt8] = []
    output.reserveCapacity(1 << 20)
    let diffStart = threadCPUTime()
    for screen in screens {
        output.removeAll(keepingCapacity: true)
        diff.render(screen, into: &output)
        diffBytes.append(diff.lastFrame.byteCount)
    }
    let diffTime = threadCPUTime() - diffStart

    var full = FrameDiffRenderer(strategy: .fullRedraw, addressing: addressing, colorSupport: colorSupport)
    var fullBytes: [Int] = []
    let fullStart = threadCPUTime()
    for screen in screens {
        output.removeAll(keepingCapacity: true)
        full.render(screen, into: &output)
        fullBytes.append(full.lastFrame.byteCount)
    }
    let fullTime = threadCPUTime() - fullStart

    // Proof, outside the timings: the emulator shows every frame exactly.
    var check = FrameDiffRenderer(addressing: addressing, colorSupport: colorSupport)
    var terminal = try ANSIScreen(size: size)
    for (index, screen) in screens.enumerated() {
        terminal.apply(check.render(screen))
        guard terminal.screen == screen.adaptedForCheck(colorSupport), terminal.unsupported.isEmpty else {
            throw TerminalError.frameFailed(reason: "\(name): frame \(index) differs after applying the diff")
        }
    }
    let count = Double(frames)
    return Figures(
        name: name, frames: frames, buildMicroseconds: build / count * 1e6, diffBytes: diffBytes,
        diffMicroseconds: diffTime / count * 1e6, fullBytes: fullBytes, fullMicroseconds: fullTime / count * 1e6)
}

extension TerminalScreen {
    /// The screen as the emulator should show it under `support` (palette mapping done by the renderer).
    func adaptedForCheck(_ support: ColorSupport) -> TerminalScreen {
        guard support != .trueColor else { return self }
        var renderer = FrameDiffRenderer(colorSupport: support)
        var emulator = ANSIScreen(showing: self)
        emulator.apply(renderer.render(self))
        return emulator.screen
    }
}

let size = TerminalSize(columns: columns, rows: rows)
var results: [Figures] = []

// 1. Pixel mode: the showcase, 3 s loop at 60 fps, rendered at 120 × 80 px.
let showcaseLayer = try Showcase(size: Size(width: 120, height: 80)).makeLayer()
let layerRenderer = try LayerRenderer(pixelWidth: 120, pixelHeight: 80)
let frameCount = Int(Showcase.duration * framesPerSecond)
let renderStart = threadCPUTime()
var pictures: [RGBAFrame] = []
for index in 0..<frameCount {
    pictures.append(try layerRenderer.render(showcaseLayer, at: Double(index) / framesPerSecond))
}
let renderMicroseconds = (threadCPUTime() - renderStart) / Double(frameCount) * 1e6
let halfBlocks = HalfBlockRenderer(background: .black)
results.append(
    try measure("pixels: showcase 120×80 px, 24-bit", size: size, frames: frameCount) { index in
        try halfBlocks.screen(for: pictures[index], size: size)
    })
results.append(
    try measure("pixels: showcase 120×80 px, 256 colours", size: size, frames: frameCount, colorSupport: .palette256) {
        index in try halfBlocks.screen(for: pictures[index], size: size)
    })
results.append(
    try measure("pixels: showcase 120×80 px, 16 colours", size: size, frames: frameCount, colorSupport: .palette16) {
        index in try halfBlocks.screen(for: pictures[index], size: size)
    })

// 2. Text mode: a shimmer sweeping a full screen of text (every row, the band staggered down the rows).
let words = "Kinetic brings four classic iOS motion effects to every platform Swift runs on, starting with Linux "
let sweep = ShimmerSweep(bandWidth: 16)
results.append(
    try measure("text: shimmer over 40 rows of text", size: size, frames: 120) { index in
        var screen = try TerminalScreen(size: size)
        for row in 0..<rows {
            let start = (row * 7) % words.count
            let text = String((words + words).dropFirst(start).prefix(columns))
            let center = Double(index) * 1.5 - 20 + Double(row) * 0.5
            screen.put(sweep.line(text, bandCenter: center), column: 0, row: row)
        }
        return screen
    })

// 3. Inline: one shimmering line (TerminalShimmer's timing), relative addressing.
let shimmer = TerminalShimmer(text: "Fetching packages from the registry, please wait...")
let lineSize = TerminalSize(columns: columns, rows: 1)
results.append(
    try measure("inline: one shimmering line", size: lineSize, frames: 120, addressing: .relative) { index in
        var screen = try TerminalScreen(size: lineSize)
        screen.put(try shimmer.line(at: Double(index) / framesPerSecond), column: 0, row: 0)
        return screen
    })

// 4. Count-up: 0 → 1,000,000 in 2 s (countUp.js easing), live digits in the middle of the screen.
let countUp = CountUp(from: 0, to: 1_000_000)
let digits = LiveDigits(style: CellStyle(foreground: .rgb(94, 234, 212)), minimumWidth: 9)
results.append(
    try measure("text: count-up 0 → 1,000,000", size: size, frames: 120) { index in
        var screen = try TerminalScreen(size: size)
        let time = Double(index) / framesPerSecond
        let previous = index == 0 ? nil : countUp.text(at: Double(index - 1) / framesPerSecond)
        screen.put(digits.line(countUp.text(at: time), previous: previous), column: 55, row: 20)
        return screen
    })

// 5. Elevator: a rolling number counting 0 → 30, one step every 0.1 s.
var elevator = try RollingNumberText(width: 8)
for step in 0...30 { elevator.setValue(Double(step), at: Double(step) * 0.1) }
let elevatorFrames = Int(elevator.endTime * framesPerSecond) + 1
results.append(
    try measure("text: elevator 0 → 30", size: size, frames: elevatorFrames) { index in
        var screen = try TerminalScreen(size: size)
        screen.put(
            elevator.line(at: Double(index) / framesPerSecond, style: CellStyle(isBold: true)), column: 56, row: 20)
        return screen
    })

print(
    "TerminalBenchmark: \(columns)×\(rows) cells at 60 fps; showcase rendered by LayerRenderer in \(String(format: "%.0f", renderMicroseconds)) µs per frame (not included below)"
)
print("")
print(
    "| scene | frames | diff B/frame (mean / max) | full redraw B/frame | diff KB/s at 60 fps | full KB/s | build µs/frame | diff µs/frame | full µs/frame |"
)
print("|---|---|---|---|---|---|---|---|---|")
for figures in results {
    let maxDiff = figures.diffBytes.dropFirst().max() ?? 0
    print(
        "| \(figures.name) | \(figures.frames) | \(String(format: "%.0f", figures.diffMean)) / \(maxDiff) | "
            + "\(String(format: "%.0f", figures.fullMean)) | \(String(format: "%.1f", figures.diffMean * 60 / 1000)) | "
            + "\(String(format: "%.1f", figures.fullMean * 60 / 1000)) | \(String(format: "%.0f", figures.buildMicroseconds)) | "
            + "\(String(format: "%.0f", figures.diffMicroseconds)) | \(String(format: "%.0f", figures.fullMicroseconds)) |"
    )
}
print("")
print(
    "diff B/frame excludes the first frame (a full draw: \(results.map { "\($0.diffBytes.first ?? 0)" }.joined(separator: ", ")) bytes)."
)

// 6. The live region (LiveRegion): 3 lines at the bottom of a 120 × 40 terminal at its default 30 fps for 10 s
// of virtual time — a title (plain, or shimmering), a count-up of files (countUp.js easing, 0.8 s) and a 30-cell
// progress bar on bubbles' spring — with new values every 0.5 s and, when `logs`, a log line printed above the
// region with each. Timed: each `drawFrame` (laying the lines out at the frame's time, diffing, encoding) and
// each `print` (the log line and the region drawn again below it), this thread's CPU time.
struct LiveFigures {
    var name: String
    var framesAsked: Int
    var framesDrawn: Int
    var frameBytes: [Int]
    var frameMicroseconds: Double
    var logLines: Int
    var logBytes: Int
    var logMicroseconds: Double
}

func measureLiveRegion(
    _ name: String, colorSupport: ColorSupport, shimmers: Bool, logs: Bool, framesPerStep: Int = 15
) throws
    -> LiveFigures
{
    let liveSize = TerminalSize(columns: columns, rows: rows)
    let device = RecordingTerminal(size: liveSize)
    let clock = ManualClock()
    let region = try LiveRegion(device: device, output: .ansi(colorSupport), clock: clock)
    let frames = 300
    let steps = frames / framesPerStep
    let title: LiveElement =
        shimmers
        ? .shimmer(TerminalShimmer(text: "Deploying kinetic-web to production", isBold: true))
        : .text("Deploying kinetic-web to production", style: CellStyle(isBold: true))
    func lines(step: Int) -> [LiveLine] {
        [
            LiveLine(title),
            LiveLine(
                .text("files "),
                .count(LiveCount(Double(step * 137), transition: .easeOutExpo(duration: 0.8), minimumWidth: 5)),
                .text(" of \(NumberFormat().string(for: Double(steps * 137)))")),
            LiveLine(.progress(LiveProgress(fraction: Double(step) / Double(steps), width: 30))),
        ]
    }
    var frameBytes: [Int] = []
    var frameTime = 0.0
    var logTime = 0.0
    var logBytes = 0
    for frame in 0..<frames {
        let time = Double(frame) / 30
        clock.set(to: time)
        if frame % framesPerStep == 0 {
            try region.update(lines(step: frame / framesPerStep + 1))
            if logs {
                let before = region.statistics.bytesWritten
                let start = threadCPUTime()
                region.print(
                    "✓ step \(frame / framesPerStep + 1): uploaded \(137) files to the bucket kinetic-web-production")
                logTime += threadCPUTime() - start
                logBytes += region.statistics.bytesWritten - before
            }
        }
        let before = region.statistics.frameBytes
        let start = threadCPUTime()
        try region.drawFrame(at: time)
        frameTime += threadCPUTime() - start
        let written = region.statistics.frameBytes - before
        if written > 0 { frameBytes.append(written) }
    }
    try region.finish()
    // Proof, outside the timings: a terminal shows the last log line above the region's final values.
    var terminal = try ANSIScreen(size: liveSize)
    terminal.apply(device.output)
    let shown = (0..<liveSize.rows).map { terminal.screen.text(ofRow: $0).trimmingCharacters(in: .whitespaces) }
    let total = NumberFormat().string(for: Double(steps * 137))
    guard terminal.unsupported.isEmpty,
        shown.contains(where: { $0.split(separator: " ").joined(separator: " ") == "files \(total) of \(total)" }),
        shown.contains(String(repeating: "█", count: 30) + " 100%"),
        !logs || shown.contains(where: { $0.hasPrefix("✓ step \(steps):") })
    else {
        throw TerminalError.frameFailed(reason: "\(name): the terminal does not show the final region: \(shown)")
    }
    let statistics = region.statistics
    return LiveFigures(
        name: name, framesAsked: frames, framesDrawn: statistics.framesDrawn, frameBytes: frameBytes,
        frameMicroseconds: frameTime / Double(frames) * 1e6, logLines: statistics.logLines, logBytes: logBytes,
        logMicroseconds: statistics.logLines == 0 ? 0 : logTime / Double(statistics.logLines) * 1e6)
}

let live = [
    try measureLiveRegion("count + bar, 24-bit", colorSupport: .trueColor, shimmers: false, logs: false),
    try measureLiveRegion("count + bar + logs, 24-bit", colorSupport: .trueColor, shimmers: false, logs: true),
    try measureLiveRegion("count + bar + logs, 256 colours", colorSupport: .palette256, shimmers: false, logs: true),
    try measureLiveRegion("shimmer + count + bar + logs, 24-bit", colorSupport: .trueColor, shimmers: true, logs: true),
    try measureLiveRegion(
        "count + bar + logs, values every 2 s, 24-bit", colorSupport: .trueColor, shimmers: false, logs: true,
        framesPerStep: 60),
]
print("")
print(
    "Live region: 3 lines on a \(columns)×\(rows) terminal, 300 frames asked at 30 fps (10 s), values every 0.5 s unless said"
)
print("")
print(
    "| region | frames drawn / asked | B/frame drawn (mean / max) | KB/s at 30 fps | µs/frame asked | log lines | B/log line (with the redraw) | µs/log line |"
)
print("|---|---|---|---|---|---|---|---|")
for figures in live {
    let mean = Double(figures.frameBytes.dropFirst().reduce(0, +)) / Double(max(1, figures.frameBytes.count - 1))
    let perSecond = Double(figures.frameBytes.reduce(0, +) + figures.logBytes) / 10 / 1000
    print(
        "| \(figures.name) | \(figures.framesDrawn) / \(figures.framesAsked) | \(String(format: "%.0f", mean)) / "
            + "\(figures.frameBytes.dropFirst().max() ?? 0) | \(String(format: "%.2f", perSecond)) | "
            + "\(String(format: "%.1f", figures.frameMicroseconds)) | \(figures.logLines) | "
            + "\(figures.logLines == 0 ? "–" : String(format: "%.0f", Double(figures.logBytes) / Double(figures.logLines))) | "
            + "\(figures.logLines == 0 ? "–" : String(format: "%.0f", figures.logMicroseconds)) |"
    )
}
print("")
print(
    "B/frame drawn excludes the first frame (a full draw: \(live.map { "\($0.frameBytes.first ?? 0)" }.joined(separator: ", ")) bytes); KB/s counts frames and log lines."
)
