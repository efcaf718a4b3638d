import Foundation
import XCTest

/// The terminal sessions the docs show are real: every ```text block whose lines start with `$ kinetic` is run
/// as it is written (in a scratch folder), and what follows each command — up to the next `$` line — must be
/// exactly what the command printed (stdout then stderr); a `$ echo $?` line checks the status of the command
/// before it.
final class DocumentedSessionTests: XCTestCase {
    struct Step {
        var arguments: [String]
        var expected: [String]
        var expectedStatus: Int32?
    }

    /// The documents whose sessions are checked.
    static let documents = ["docs/limits.md"]

    func testEveryDocumentedSessionPrintsWhatTheDocsShow() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var checked = 0
        for document in Self.documents {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            for steps in Self.sessions(in: text) {
                let folder = NSTemporaryDirectory() + "kinetic-doc-\(UUID().uuidString)"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(atPath: folder) }
                for step in steps {
                    let result = try KineticProcess.run(step.arguments, in: folder)
                    let printed = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
                    XCTAssertEqual(
                        printed, step.expected, "\(document): kinetic \(step.arguments.joined(separator: " "))")
                    if let status = step.expectedStatus {
                        XCTAssertEqual(result.status, status, "\(document): the status of kinetic \(step.arguments)")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 2)
    }

    /// The `$ kinetic …` steps of each ```text block.
    static func sessions(in document: String) -> [[Step]] {
        var sessions: [[Step]] = []
        var inBlock = false
        var steps: [Step] = []
        for line in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if inBlock, !steps.isEmpty { sessions.append(steps) }
                inBlock = line == "```text" && !inBlock
                steps = []
                continue
            }
            guard inBlock else { continue }
            if line == "$ echo $?" {
                continue
            } else if line.hasPrefix("$ kinetic ") {
                steps.append(Step(arguments: words(String(line.dropFirst(10))), expected: []))
            } else if !steps.isEmpty {
                if let status = Int32(line), steps[steps.count - 1].expectedStatus == nil,
                    !steps[steps.count - 1].expected.isEmpty
                {
                    steps[steps.count - 1].expectedStatus = status
                } else {
                    steps[steps.count - 1].expected.append(line)
                }
            }
        }
        return sessions
    }

    /// Shell words: spaces separate, single quotes group.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var any = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                any = true
            } else if character == " " && !quoted {
                if any { words.append(current) }
                current = ""
                any = false
            } else {
                current.append(character)
                any = true
            }
        }
        if any { words.append(current) }
        return words
    }
}
