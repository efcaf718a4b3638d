import Foundation
import KineticDynamics

/// `kinetic simulate SCENE.json`: runs a dynamics scene and prints its trajectories as JSON (docs/simulate.md).
enum SimulateCommand {
    static let command = Command(
        path: ["simulate"],
        summary: "Run a UIKit Dynamics scene (JSON) and print the items' trajectories as JSON.",
        usage: "simulate SCENE.json [--seconds S] [--rate HZ]",
        details: """
            SCENE.json (or - for standard input) gives the bounds, gravity, collision and items; omitted fields take
            UIKit's defaults. Prints {"rate", "frames": [{"t", "items": [{"id", "x", "y", "angle", "vx", "vy",
            "w"}]}], "restedAt"}, x and y being each item's centre. The format is documented in docs/simulate.md.
            """,
        options: [
            .value("seconds", "S", "Simulated time, 0 < S ≤ 3600 (default 5)."),
            .value("rate", "HZ", "Frames written per second, 0 < HZ ≤ 1000 (default 60)."),
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
            let data: Data
            if path == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let contents = FileManager.default.contents(atPath: path) else {
                    let exists = FileManager.default.fileExists(atPath: path)
                    throw .noInput(
                        exists ? "cannot read '\(path)': check its permissions" : "no such file '\(path)'")
                }
                data = contents
            }
            let output: Data
            do {
                output = try SceneSimulation.run(sceneJSON: data, seconds: seconds, rate: rate)
            } catch {
                throw .data("\(path == "-" ? "stdin" : path): \(error)")
            }
            let text = String(decoding: output, as: UTF8.self)
            try streams.out(text.hasSuffix("\n") ? text : text + "\n")
        })
}
