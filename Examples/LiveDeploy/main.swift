// LiveDeploy: a fake deploy that prints its steps as log lines while a live region below them counts the files
// uploaded, rolls the release number and moves a spring-driven progress bar; at the end the region stays with its
// final values. A complete program using KineticTerminal's `LiveRegion` in its own async code.
//
//   swift run LiveDeploy                      # about 3 s
//   swift run LiveDeploy --step-delay 0.1     # faster
//   swift run LiveDeploy | cat                # not a terminal: the log lines, then the final values once
//
// The program (not the library) reads the clock and the environment: it passes `SystemClock()`,
// `SystemTerminal()` and `TerminalEnvironment.current()` in.
import KineticCore
import KineticEffects
import KineticTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One step of the fake deploy: its log line and how many files it uploads.
struct Step {
    var name: String
    var files: Int
}

let steps = [
    Step(name: "resolved 42 packages", files: 0),
    Step(name: "built release artefacts", files: 180),
    Step(name: "uploaded static assets", files: 812),
    Step(name: "uploaded server bundle", files: 242),
    Step(name: "migrated database (3 migrations)", files: 0),
    Step(name: "switched traffic to release 128", files: 0),
]
let totalFiles = steps.reduce(0) { $0 + $1.files }

/// Seconds each step takes: `--step-delay SECONDS` (0…10), 0.5 by default.
func stepDelay() -> Double {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--step-delay") else { return 0.5 }
    guard index + 1 < arguments.count, let value = Double(arguments[index + 1]), value.isFinite, value >= 0,
        value <= 10
    else {
        printError("LiveDeploy: --step-delay takes a number of seconds in 0…10\n")
        exit(64)
    }
    return value
}

/// Writes `text` to standard error.
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
}

/// The region's three lines for `files` uploaded and `done` steps out of `steps.count`.
func lines(files: Int, done: Int, finished: Bool) -> [LiveLine] {
    let bold = CellStyle(isBold: true)
    let title: LiveElement =
        finished
        ? .text("✓ deployed kinetic-web to production", style: bold)
        : .shimmer(TerminalShimmer(text: "deploying kinetic-web to production", isBold: true))
    return [
        LiveLine(title),
        LiveLine(
            .text("files "), .count(LiveCount(Double(files), transition: .easeOutExpo(duration: 0.8), minimumWidth: 5)),
            .text(" of \(NumberFormat().string(for: Double(totalFiles)))  release "),
            .rollingNumber(LiveRollingNumber(Double(127 + (finished ? 1 : 0)), width: 3))),
        LiveLine(.progress(LiveProgress(fraction: Double(done) / Double(steps.count), width: 30))),
    ]
}

let delay = stepDelay()
let clock = SystemClock()
do {
    try await LiveRegion.run(device: SystemTerminal(), environment: .current(), clock: clock) { region in
        var files = 0
        try region.update(lines(files: 0, done: 0, finished: false))
        for (index, step) in steps.enumerated() {
            try await clock.sleep(until: clock.now + delay)
            files += step.files
            region.print("✓ \(step.name)")
            try region.update(lines(files: files, done: index + 1, finished: index + 1 == steps.count))
        }
    }
} catch {
    printError("LiveDeploy: \(error)\n")
    exit(1)
}
