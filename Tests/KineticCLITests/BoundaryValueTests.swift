import Foundation
import KineticTestSupport
import XCTest

@testable import KineticCLI

/// The crash-free promise: every command, every numeric option, every value at the edges — 0, −0, the smallest
/// subnormal, huge, ±inf, nan, hex, junk, and each option's own documented limits and one step beyond them —
/// ends in success or in a sysexits status with one line on stderr, and never in a signal.
///
/// Render commands
/// run with `--dry-run`, which checks everything and derives the clip and frame size but writes nothing; plays
/// run without a terminal, so they print their final value at once.
final class BoundaryValueTests: XCTestCase {
    /// Values every numeric option is tried with.
    static let edgeValues = [
        "0", "-0", "5e-324", "1e-320", "-1e-320", "1e308", "-1e308", "1e19", "-1e19", "1e400", "inf", "-inf", "nan",
        "0x1p3", "abc", "", "9223372036854775808", "1,2",
    ]

    /// The values plays are tried with (each play is a process: the most telling values only).
    static let playEdgeValues = ["0", "-0", "5e-324", "1e308", "-1e308", "inf", "nan", "abc"]

    /// The sysexits statuses a command may end with besides 0.
    static let sysexits: Set<Int32> = [64, 65, 66, 69, 70, 73, 74]

    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "kinetic-boundary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let scene = #"{"bounds": {"x": 0, "y": 0, "width": 100, "height": 100}, "gravity": null, "items": []}"#
        try scene.write(toFile: folder + "/scene.json", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The arguments that make each command valid on its own, before the option under test.
    private func base(for command: Command) -> [String] {
        let path = command.path
        switch path.first {
        case "render" where path != ["render", "countdown"]: return path + ["--dry-run", "-o", folder + "/out.gif"]
        case "play": return path
        case "simulate": return path + [folder + "/scene.json", "--seconds", "0.1"]
        default: break
        }
        switch path {
        case ["render", "countdown"]: return path + ["--dry-run", "-o", folder + "/out.gif", "--until", "2027-01-01"]
        case ["serve"]: return path + ["--dry-run", "--port", "0"]
        case ["sample", "curve"]: return path + ["ease", "--count", "3"]
        case ["sample", "spring"]: return path + ["--seconds", "0.1", "--rate", "10"]
        case ["sample", "timing"]: return path + ["--duration", "1", "--at", "0,1"]
        default: return path
        }
    }

    /// Every run of one command with one option set to `value`.
    private struct Run: Sendable {
        var arguments: [String]
    }

    private struct Failure: Sendable {
        var arguments: [String]
        var problem: String
    }

    /// Runs each command line and returns those that did not end in success or one line and a sysexits status.
    ///
    /// Plays run as processes (they look at the real terminal); the other commands run in this process, where a
    /// trap would end the whole test run — a failure no one can miss — and where thousands of runs take seconds.
    private func check(_ runs: [Run]) throws -> [Failure] {
        let failures = LockedList<Failure>()
        let (plays, others) = (
            runs.filter { $0.arguments.first == "play" }, runs.filter { $0.arguments.first != "play" }
        )
        for run in others {
            let errors = LockedList<String>()
            let status = KineticCommandLine.run(
                run.arguments,
                streams: StandardStreams(out: { _ throws(CLIError) in }, err: { errors.append($0) }))
            Self.check(status: status, stderr: errors.values.joined(), run.arguments, into: failures)
        }
        DispatchQueue.concurrentPerform(iterations: plays.count) { index in
            let run = plays[index]
            do {
                let result = try KineticProcess.run(run.arguments)
                if result.signal != 0 {
                    failures.append(Failure(arguments: run.arguments, problem: "signal \(result.signal)"))
                } else {
                    Self.check(status: result.status, stderr: result.stderr, run.arguments, into: failures)
                }
            } catch {
                failures.append(Failure(arguments: run.arguments, problem: "\(error)"))
            }
        }
        return failures.values
    }

    private static func check(status: Int32, stderr: String, _ arguments: [String], into failures: LockedList<Failure>)
    {
        guard status != 0 else { return }
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        if !Self.sysexits.contains(status) {
            failures.append(Failure(arguments: arguments, problem: "status \(status)"))
        } else if lines.count != 2 || !lines[1].isEmpty || !lines[0].hasPrefix("kinetic") {
            failures.append(Failure(arguments: arguments, problem: "stderr: \(stderr)"))
        }
    }

    /// The numeric options of `command`: those whose help names a number placeholder.
    private func numericOptions(of command: Command) -> [OptionSpec] {
        let placeholders: Set<String> = [
            "N", "S", "PT", "F", "DEG", "PT/S", "HZ", "RAD", "G", "E", "M", "K", "C", "R", "Z", "D", "B", "V", "O",
        ]
        return command.options.filter { $0.valueName.map(placeholders.contains) ?? false }
    }

    func testEveryNumericOptionOfEveryCommandAtTheEdges() throws {
        var runs: [Run] = []
        for command in KineticCommandLine.commands {
            for option in numericOptions(of: command) {
                for value in command.path.first == "play" ? Self.playEdgeValues : Self.edgeValues {
                    runs.append(Run(arguments: base(for: command) + ["--\(option.name)", value]))
                }
            }
        }
        XCTAssertGreaterThan(runs.count, 1_000)
        let failures = try check(runs)
        for failure in failures.prefix(20) {
            XCTFail("kinetic \(failure.arguments.joined(separator: " ")): \(failure.problem)")
        }
    }

    /// Each range an error message states is true: its ends are accepted, one step beyond them is refused.
    func testTheStatedLimitsAndOneStepBeyond() throws {
        var runs: [Run] = []
        var stated = 0
        for command in KineticCommandLine.commands {
            for option in numericOptions(of: command) {
                guard command.path.first != "play" else { continue }  // plays share the render commands' parsers
                let errors = LockedList<String>()
                _ = KineticCommandLine.run(
                    base(for: command) + ["--\(option.name)", "1e300"],
                    streams: StandardStreams(out: { _ throws(CLIError) in }, err: { errors.append($0) }))
                guard let range = Self.statedRange(in: errors.values.joined(), option: option.name) else { continue }
                stated += 1
                let accepted = range.includesLower ? [range.lower, range.upper] : [range.upper]
                for value in accepted {
                    runs.append(Run(arguments: base(for: command) + ["--\(option.name)", value.humanText]))
                }
                let below = range.includesLower ? range.lower - abs(range.lower) * 1e-9 - 1e-9 : range.lower
                for value in [below, range.upper + abs(range.upper) * 1e-9 + 1e-9] {
                    let arguments = base(for: command) + ["--\(option.name)", "\(value)"]
                    let status = KineticCommandLine.run(
                        arguments,
                        streams: StandardStreams(out: { _ throws(CLIError) in }, err: { _ throws(CLIError) in }))
                    XCTAssertEqual(status, 64, "\(arguments): one step beyond the stated range must be refused")
                }
            }
        }
        XCTAssertGreaterThan(stated, 60, "most numeric options state their range when refusing a value")
        for failure in try check(runs).prefix(20) {
            XCTFail("kinetic \(failure.arguments.joined(separator: " ")): \(failure.problem)")
        }
    }

    /// The range in "--NAME must be from A to B …" or "--NAME must be greater than A and at most B …", or nil.
    static func statedRange(in message: String, option: String) -> (lower: Double, includesLower: Bool, upper: Double)?
    {
        for (marker, includesLower, link) in [("from ", true, "to"), ("greater than ", false, "and")] {
            guard let start = message.range(of: "--\(option) must be \(marker)") else { continue }
            var words = message[start.upperBound...].split(separator: " ")
            guard words.count >= 3, words[1] == link, let lower = Double(words[0]) else { return nil }
            words.removeFirst(2)
            if !includesLower {
                guard words.count >= 3, words[0] == "at", words[1] == "most" else { return nil }
                words.removeFirst(2)
            }
            guard let upper = Double(words[0].trimmingCharacters(in: CharacterSet(charactersIn: "(),"))) else {
                return nil
            }
            return (lower, includesLower, upper)
        }
        return nil
    }
}

/// A list appended to from several threads.
final class LockedList<Element: Sendable>: @unchecked Sendable {
    private var storage: [Element] = []
    private let lock = NSLock()

    func append(_ element: Element) {
        lock.lock()
        storage.append(element)
        lock.unlock()
    }

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
