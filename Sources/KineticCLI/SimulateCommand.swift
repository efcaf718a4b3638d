import Foundation
import KineticDynamics

/// `kinetic simulate SCENE.json`: runs a dynamics scene and prints its trajectories as JSON (docs/simulate.md).
enum SimulateCommand {
    static let command = Command(
        path: ["simulate"],
        summary: "Run a UIKit Dynamics scene (JSON) and print the items' trajectories as JSON.",
        usage: "simulate SCENE.json [--seconds S] [--rate HZ] [--threads N]",
        details: """
            SCENE.json (or - for standard input; a pipe, FIFO or <(…) reads the same; at most 64 MiB) gives the
            bounds, gravity, collision and items; omitted fields take UIKit's defaults, and every number has a range
            (docs/simulate.md). Prints {"rate", "frames": [{"t", "items": [{"id", "x", "y", "angle", "vx", "vy",
            "w"}]}], "restedAt"}, x and y being each item's centre, frame by frame as they are computed. A run has
            at most 10^8 item-frames (frames × items) and 2·10^6 item-seconds. The format is in docs/simulate.md.
            """,
        options: [
            .value("seconds", "S", "Simulated time, 0 < S ≤ 3600 (default 5)."),
            .value("rate", "HZ", "Frames written per second, 0 < HZ ≤ 1000 (default 60)."),
            .value(
                "threads", "N",
                "Threads that step the engine, 1…16 (default 1); the output is the same bytes for any N."),
        ],
        run: { arguments, streams throws(CLIError) in
            guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
                throw .usage(
                    arguments.positionals.isEmpty
                        ? "missing SCENE.json: give a scene file (or - for standard input); see docs/simulate.md"
                        : "expected one scene file, got \(arguments.positionals.count) arguments")
            }
            let seconds = try arguments.double("seconds", in: .above(0, upTo: 3600, "seconds"), default: 5)
            let rate = try arguments.double("rate", in: .above(0, upTo: 1000, "frames per second"), default: 60)
            let threads = try arguments.int("threads", in: 1...PhysicsSettings.maximumThreadCount) ?? 1
            let name = path == "-" ? "stdin" : InputFile.printable(path)
            let bytes = try InputFile.contents(of: path)
            let scene: DynamicsScene
            do { scene = try DynamicsScene.parse(bytes) } catch { throw .data("\(name): \(error)") }
            do throws(SceneError) {
                try SceneSimulation.checkRun(itemCount: scene.items.count, seconds: seconds, rate: rate)
            } catch {
                throw .usage("--\(error.path): \(error.message)")
            }
            try write(scene: scene, name: name, seconds: seconds, rate: rate, threads: threads, to: streams)
        })

    /// The size at which buffered output is written: large enough that a frame of one item is not a write(2) of
    /// its own, small enough that memory stays flat.
    static let writeChunk = 64 << 10

    /// Simulates `scene` and writes the JSON frame by frame as it is computed, formatting on a thread of its own
    /// (``TrajectoryOutputThread``: nothing but a few frames and up to ``writeChunk`` bytes of text are held), in
    /// exactly the bytes of ``SceneSimulation/run(sceneJSON:seconds:rate:)``.
    static func write(
        scene: DynamicsScene, name: String, seconds: Double, rate: Double, threads: Int = 1,
        to streams: StandardStreams
    ) throws(CLIError) {
        func simulating<T>(_ body: () throws(SceneError) -> T) throws(CLIError) -> T {
            do throws(SceneError) { return try body() } catch { throw .data("\(name): \(error)") }
        }
        let frames = try simulating { () throws(SceneError) in
            try SceneSimulation.Frames(scene: scene, seconds: seconds, rate: rate, threads: threads)
        }
        let output = TrajectoryOutputThread(rate: rate, chunk: writeChunk, streams: streams)
        do throws(CLIError) {
            while let frame = try simulating({ () throws(SceneError) in try frames.next() }) { try output.send(frame) }
        } catch {
            output.abandon()
            throw error
        }
        try output.finish(restedAt: frames.restedAt)
    }
}
