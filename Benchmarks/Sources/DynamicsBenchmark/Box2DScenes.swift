import BenchmarkSupport
import Foundation
import KineticDynamics
import KineticFixtures

/// Box2D's own benchmark scenes — `large_pyramid` (5,050 boxes, 500 steps) and `many_pyramids` (22,000 boxes, 200
/// steps), 1/60 s steps with 4 substeps and sleeping off, as Box2D's benchmark runs them — in our engine on one and
/// two threads, against Box2D 3.2 (its SSE2 and AVX2 builds, `scripts/box2d32-peer.sh`) and 3.1.1
/// (`scripts/box2d3-peer.sh`) on one and two workers. Every engine runs once per round, the rounds alternate, and
/// the figures are medians of the rounds: whole runs in ms (CPU time on one thread, wall-clock time on two) and
/// ours ÷ theirs (below 1: ours is faster).
enum Box2DScenes {
    struct Engine {
        let label: String
        let run: () -> [String: Double]?
    }

    /// The scenes run: every one, or those named by `--only`.
    nonisolated(unsafe) static var scenes = allScenes

    static let allScenes:
        [(name: String, steps: Int, build: @Sendable (PhysicsSettings) throws -> ReferenceScenes.Built)] = [
            ("large_pyramid", 500, { try ReferenceScenes.largePyramid(settings: $0) }),
            ("many_pyramids", 200, { try ReferenceScenes.manyPyramids(settings: $0) }),
        ]

    /// Our engine on `threads` threads: each scene built and stepped as Box2D's benchmark does; ms per scene.
    static func ours(threads: Int) -> [String: Double]? {
        var times: [String: Double] = [:]
        for scene in scenes {
            var settings = ReferenceScenes.box2DBenchmarkSettings
            settings.threadCount = threads
            guard let built = try? scene.build(settings) else { return nil }
            let clock = threads > 1 ? { wallTime() * 1e3 } : { threadCPUTime() * 1e3 }
            let start = clock()
            built.world.step(count: scene.steps)
            times[scene.name] = clock() - start
        }
        return times
    }

    /// A Box2D program of `Benchmarks/.build/peers` with `--box2d-scenes --workers N`; ms per scene, or nil.
    static func box2D(_ program: String, workers: Int) -> [String: Double]? {
        let path = benchmarksDirectory.appendingPathComponent(".build/peers/" + program).path
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--box2d-scenes", "--workers", "\(workers)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let sceneFigures = json["scenes"] as? [String: [String: Double]]
        else { return nil }
        return sceneFigures.compactMapValues { $0["ms_total"] }
    }

    /// Every engine, or with `peers` false our engine alone; with `workers` (1 or 2) only the runs on that many
    /// threads.
    static func run(rounds: Int, peers: Bool, workers: Int? = nil) {
        let everyEngine = [
            Engine(label: "KineticDynamics, 1 thread") { ours(threads: 1) },
            Engine(label: "KineticDynamics, 2 threads") { ours(threads: 2) },
            Engine(label: "Box2D 3.2 SSE2, 1 worker") { box2D("box2d32_scenes_sse2", workers: 1) },
            Engine(label: "Box2D 3.2 SSE2, 2 workers") { box2D("box2d32_scenes_sse2", workers: 2) },
            Engine(label: "Box2D 3.2 AVX2, 1 worker") { box2D("box2d32_scenes_avx2", workers: 1) },
            Engine(label: "Box2D 3.2 AVX2, 2 workers") { box2D("box2d32_scenes_avx2", workers: 2) },
            Engine(label: "Box2D 3.1.1, 1 worker") { box2D("box2d3_scenes", workers: 1) },
            Engine(label: "Box2D 3.1.1, 2 workers") { box2D("box2d3_scenes", workers: 2) },
        ]
        var engines = peers ? everyEngine : Array(everyEngine.prefix(2))
        if let workers {
            let suffixes = workers == 1 ? ["1 thread", "1 worker"] : ["2 threads", "2 workers"]
            engines = engines.filter { engine in suffixes.contains { engine.label.hasSuffix($0) } }
        }
        print(
            "DynamicsBenchmark --box2d-scenes: Box2D's large_pyramid (500 steps) and many_pyramids (200 steps), "
                + "1/60 s, 4 substeps, no sleeping; ms per run, median of \(rounds) alternated rounds; our solver "
                + "\(PhysicsWorld.solverLaneCount) lanes wide")
        var samples: [String: [String: [Double]]] = [:]
        for _ in 0..<rounds {
            for engine in engines {
                guard let times = engine.run() else { continue }
                for (scene, ms) in times { samples[engine.label, default: [:]][scene, default: []].append(ms) }
            }
        }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        }
        for scene in scenes {
            print("  \(scene.name):")
            for (threads, ours) in [(1, "KineticDynamics, 1 thread"), (2, "KineticDynamics, 2 threads")]
            where workers == nil || workers == threads {
                guard let mine = samples[ours]?[scene.name].map(median) else { continue }
                print(
                    "    " + pad(ours, 28)
                        + String(format: " %9.1f ms  %7.3f ms/step", mine, mine / Double(scene.steps)))
                for engine in engines where engine.label.hasSuffix(threads == 1 ? "1 worker" : "2 workers") {
                    guard let theirs = samples[engine.label]?[scene.name].map(median) else {
                        print("    \(engine.label): not built (scripts/box2d32-peer.sh, scripts/box2d3-peer.sh)")
                        continue
                    }
                    print(
                        "    " + pad(engine.label, 28)
                            + String(
                                format: " %9.1f ms  %7.3f ms/step  ours/theirs %.2f", theirs,
                                theirs / Double(scene.steps),
                                mine / theirs))
                }
            }
        }
    }
}
