// DynamicsBenchmark: ms per engine step on the shared reference scenes (ReferenceScenes), release build, and the
// same scenes in pymunk (Chipmunk2D), pybox2d (Box2D 2.3) and Box2D v3.1.1 (C, on 1 and 2 workers) run from
// Benchmarks/peers in the same run.
//
//   ../scripts/box2d3-peer.sh     # once: builds the Box2D v3 peer in Benchmarks/.build/peers
//   swift run -c release DynamicsBenchmark [--no-peers] [--repeat N] [--only SCENE[,SCENE…]]
//   swift run -c release DynamicsBenchmark --box2d-scenes [--no-peers] [--repeat N] [--workers 1|2] [--only SCENE]
//
// Every engine steps 1/120 s at its own defaults (ours: 4 substeps; pymunk: 10 iterations; Box2D 2.3: 8 velocity +
// 3 position iterations; Box2D v3: 4 substeps). Box2D v3 runs only the two 1,000-box piles. Figures: the mean ms/step over the first second (everything moving), over three seconds
// and over five (settling; engines that sleep get faster), and over seconds 1–5 (the contact-heavy part of the
// issue-13 pile, `columns1000`: 1,000 boxes in 25 columns falling into 600 × 1,200 pt). Time is the thread's CPU time, so that time slices
// lost to other processes on a shared machine do not count; the engines run in turns, N rounds, best of N each.
// Our engine on two threads (`columns1000 (2 threads)`) is timed by the wall clock instead.
import BenchmarkSupport
import Foundation
import KineticCore
import KineticDynamics
import KineticFixtures

struct Scene {
    let name: String
    /// The peers' scene to compare with (the same scene unless this is a variant of ours).
    var peerScene: String? = nil
    /// Threads of our engine (``PhysicsSettings/threadCount``); above 1 the time is wall-clock time.
    var threads = 1
    let build: () throws -> ReferenceScenes.Built
}

/// Our engine with sleeping off, to compare per-step cost with pymunk (which never sleeps at its defaults).
var awake = PhysicsSettings()
awake.allowsSleeping = false

/// The issue-13 pile on `threads` threads, sleeping on unless `sleeping` is false; with `pointsPerMetre`, the
/// tolerances Box2D v3 has at that scale instead of ours (which are its own at 100 pt per metre), to compare with
/// `box2d3_scenes --points-per-metre N`.
func columnPile(threads: Int, sleeping: Bool = true, pointsPerMetre: Double = 100) throws -> ReferenceScenes.Built {
    var settings = PhysicsSettings()
    settings.threadCount = threads
    settings.allowsSleeping = sleeping
    // Box2D v3's defaults in metres: linear slop 0.005, speculative distance 4 slops, push-out 3 m/s,
    // restitution threshold 1 m/s, sleep threshold 0.05 m/s.
    let scale = pointsPerMetre / 100
    settings.linearSlop *= scale
    settings.speculativeDistance *= scale
    settings.maximumContactPushSpeed *= scale
    settings.restitutionThreshold *= scale
    settings.sleepThreshold *= scale
    return try ReferenceScenes.columnPile(settings: settings)
}

let scenes = [
    Scene(name: "columns1000") { try columnPile(threads: 1) },
    Scene(name: "columns1000 (2 threads)", peerScene: "columns1000", threads: 2) { try columnPile(threads: 2) },
    Scene(name: "columns1000 (no sleeping)", peerScene: "columns1000") {
        try columnPile(threads: 1, sleeping: false)
    },
    Scene(name: "columns1000 (no sleeping; 2 threads)", peerScene: "columns1000", threads: 2) {
        try columnPile(threads: 2, sleeping: false)
    },
    Scene(name: "columns1000 (16 pt/m tolerances)", peerScene: "columns1000") {
        try columnPile(threads: 1, pointsPerMetre: 16)
    },
    Scene(name: "columns1000 (16 pt/m tolerances; 2 threads)", peerScene: "columns1000", threads: 2) {
        try columnPile(threads: 2, pointsPerMetre: 16)
    },
    Scene(name: "pile1000") {
        try ReferenceScenes.pile(count: 1000, width: 1000, height: 800, minimumSide: 10, maximumSide: 30)
    },
    Scene(name: "pile1000 (no sleeping)", peerScene: "pile1000") {
        try ReferenceScenes.pile(
            count: 1000, width: 1000, height: 800, minimumSide: 10, maximumSide: 30, settings: awake)
    },
    Scene(name: "pile40") {
        try ReferenceScenes.pile(count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80)
    },
    Scene(name: "stack10") { try ReferenceScenes.stack(count: 10) },
]

struct Figures {
    var firstSecond: Double
    var threeSeconds: Double
    var fiveSeconds: Double
    /// Seconds 1–5 (steps 121…600).
    var laterSeconds: Double
    var awakeAtEnd: Int

    static let unmeasured = Figures(
        firstSecond: .infinity, threeSeconds: .infinity, fiveSeconds: .infinity, laterSeconds: .infinity,
        awakeAtEnd: 0)

    /// The better of two measurements, figure by figure.
    func best(_ other: Figures) -> Figures {
        Figures(
            firstSecond: min(firstSecond, other.firstSecond), threeSeconds: min(threeSeconds, other.threeSeconds),
            fiveSeconds: min(fiveSeconds, other.fiveSeconds), laterSeconds: min(laterSeconds, other.laterSeconds),
            awakeAtEnd: other.awakeAtEnd)
    }
}

/// The calling thread's CPU time in milliseconds.
func threadMilliseconds() -> Double { threadCPUTime() * 1e3 }

func measure(_ scene: Scene) throws -> Figures {
    let built = try scene.build()
    let world = built.world
    // One thread: its CPU time. Several: the wall clock (the workers' time is spent in parallel).
    let clock = scene.threads > 1 ? { wallTime() * 1e3 } : threadMilliseconds
    let start = clock()
    world.step(count: 120)
    let oneSecond = clock() - start
    world.step(count: 240)
    let threeSeconds = clock() - start
    world.step(count: 240)
    let fiveSeconds = clock() - start
    return Figures(
        firstSecond: oneSecond / 120, threeSeconds: threeSeconds / 360, fiveSeconds: fiveSeconds / 600,
        laterSeconds: (fiveSeconds - oneSecond) / 480, awakeAtEnd: world.awakeBodyCount)
}

/// The Benchmarks folder.
let benchmarksDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A peer engine's program: a script of `peers/` run by python3, or the Box2D v3 program built by
/// `scripts/box2d3-peer.sh`, with its arguments.
struct Peer {
    let label: String
    let arguments: [String]

    static func script(_ name: String) -> Peer {
        Peer(label: name, arguments: ["python3", benchmarksDirectory.appendingPathComponent("peers/\(name)").path])
    }

    static func box2d3(workers: Int) -> Peer {
        let program = benchmarksDirectory.appendingPathComponent(".build/peers/box2d3_scenes").path
        return Peer(label: "box2d3_scenes --workers \(workers)", arguments: [program, "--workers", "\(workers)"])
    }
}

/// Runs a peer once and returns its figures per scene, or nil (with a note) if it cannot run.
func runPeer(_ peer: Peer) -> (engine: String, figures: [String: Figures])? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = peer.arguments + ["--repeat", "1"]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
        print("  (\(peer.label) did not start: \(error))")
        return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let engine = json["engine"] as? String, let sceneFigures = json["scenes"] as? [String: [String: Double]]
    else {
        print(
            "  (\(peer.label) failed with status \(process.terminationStatus); is it installed? see peers/README.md)")
        return nil
    }
    var figures: [String: Figures] = [:]
    for (name, values) in sceneFigures {
        figures[name] = Figures(
            firstSecond: values["ms_per_step_1s"] ?? .nan, threeSeconds: values["ms_per_step_3s"] ?? .nan,
            fiveSeconds: values["ms_per_step_5s"] ?? .nan, laterSeconds: values["ms_per_step_1to5s"] ?? .nan,
            awakeAtEnd: Int(values["awake_end"] ?? -1))
    }
    return (engine, figures)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

let arguments = CommandLine.arguments
let repeats = arguments.firstIndex(of: "--repeat").flatMap { Int(arguments[min($0 + 1, arguments.count - 1)]) } ?? 3
let withPeers = !arguments.contains("--no-peers")
// --only NAME[,NAME…]: just those scenes of ours (the peers run all theirs).
let only = arguments.firstIndex(of: "--only").map {
    arguments[min($0 + 1, arguments.count - 1)].split(separator: ",").map(String.init)
}
let selected = scenes.filter { only?.contains($0.name) ?? true }
if arguments.contains("--box2d-scenes") {
    // --only large_pyramid|many_pyramids: that scene alone (ours; the peers run both).
    if let only { Box2DScenes.scenes = Box2DScenes.allScenes.filter { only.contains($0.name) } }
    // --workers 1|2: only the runs on that many threads.
    let workers = arguments.firstIndex(of: "--workers").flatMap { Int(arguments[min($0 + 1, arguments.count - 1)]) }
    Box2DScenes.run(rounds: repeats, peers: withPeers, workers: workers.map { min(max($0, 1), 2) })
    exit(0)
}

print(
    "DynamicsBenchmark: CPU ms per 1/120 s step, best of \(repeats) rounds: mean over the first 1 s / 3 s / 5 s, "
        + "and over seconds 1–5")
var results: [(engine: String, figures: [String: Figures])] = [("KineticDynamics", [:])]
let peers =
    withPeers
    ? [.script("pymunk_scenes.py"), .script("box2d_scenes.py"), .box2d3(workers: 1), .box2d3(workers: 2)] : [Peer]()
for _ in 0..<repeats {
    for scene in selected {
        results[0].figures[scene.name] = (results[0].figures[scene.name] ?? .unmeasured).best(try measure(scene))
    }
    for peer in peers {
        guard let (engine, figures) = runPeer(peer) else { continue }
        let k = results.firstIndex { $0.engine == engine } ?? results.endIndex
        if k == results.endIndex { results.append((engine, [:])) }
        for (name, f) in figures {
            results[k].figures[name] = (results[k].figures[name] ?? .unmeasured).best(f)
        }
    }
}
for scene in selected {
    guard let ours = results[0].figures[scene.name] else { continue }
    for (k, (engine, figures)) in results.enumerated() {
        guard let f = figures[k == 0 ? scene.name : scene.peerScene ?? scene.name] else { continue }
        var line = "  " + pad(engine, 24) + " " + pad(scene.name, 36)
        line += String(
            format: " %7.3f  %7.3f  %7.3f  1–5 s %7.3f ms  awake at 5 s: %4d", f.firstSecond, f.threeSeconds,
            f.fiveSeconds, f.laterSeconds, f.awakeAtEnd)
        if engine != "KineticDynamics" {
            line += String(
                format: "  peer/ours %.2f %.2f %.2f %.2f", f.firstSecond / ours.firstSecond,
                f.threeSeconds / ours.threeSeconds, f.fiveSeconds / ours.fiveSeconds,
                f.laterSeconds / ours.laterSeconds)
        }
        print(line)
    }
}
