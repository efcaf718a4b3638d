import Foundation
import KineticTestSupport
import XCTest

/// The `$ kinetic …` transcripts in docs/*.md, run: each command prints what the page shows and `$ echo $?` shows
/// its status. (docs/simulate.md is left out: the simulate command's own tests run its examples.) The articles'
/// other code blocks are run by KineticTests' ArticleExampleTests.
final class DocTranscriptTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testTheTranscriptsInDocsAreWhatKineticPrints() throws {
        let docs = Self.root + "/docs"
        var commandCount = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: docs).sorted()
        where name.hasSuffix(".md") && name != "simulate.md" {
            let text = try String(contentsOfFile: docs + "/" + name, encoding: .utf8)
            for transcript in Self.transcripts(in: text) {
                let folder = NSTemporaryDirectory() + "kinetic-transcript-\(UUID().uuidString)"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(atPath: folder) }
                var lastStatus: Int32?
                for step in transcript {
                    let place = "docs/\(name): $ \(step.command)"
                    if step.command == "echo $?" {
                        XCTAssertEqual(lastStatus.map { "\($0)" }, step.output, place)
                        continue
                    }
                    let words = try XCTUnwrap(Self.words(step.command), "\(place): unbalanced quotes")
                    XCTAssertEqual(words.first, "kinetic", "\(place): transcripts run kinetic only")
                    let result = try KineticProcess.run(Array(words.dropFirst()), directory: folder)
                    commandCount += 1
                    lastStatus = result.status
                    let printed = (result.stdout + result.stderr).trimmingCharacters(in: .newlines)
                    XCTAssertEqual(printed, step.output, place)
                }
            }
        }
        XCTAssertGreaterThanOrEqual(commandCount, 2, "the transcripts of docs/limits.md were not found")
    }

    /// One command of a transcript and the lines shown after it, up to the next command.
    struct Step {
        var command: String
        var output: String
    }

    /// The fenced blocks whose first line is `$ kinetic …`, split into commands and what each prints.
    static func transcripts(in text: String) -> [[Step]] {
        var transcripts: [[Step]] = []
        var block: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let lines = block {
                    if lines.first?.hasPrefix("$ kinetic ") == true {
                        var steps: [Step] = []
                        for line in lines {
                            if line.hasPrefix("$ ") {
                                steps.append(Step(command: String(line.dropFirst(2)), output: ""))
                            } else if let last = steps.indices.last {
                                steps[last].output += (steps[last].output.isEmpty ? "" : "\n") + line
                            }
                        }
                        transcripts.append(steps)
                    }
                    block = nil
                } else {
                    block = []
                }
            } else if block != nil {
                block?.append(String(line))
            }
        }
        return transcripts
    }

    /// A command line split into words as a POSIX shell does for plain words and '…' / "…" quoting (no variables,
    /// globs or escapes); nil when a quote is left open.
    static func words(_ line: String) -> [String]? {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word?.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        guard quote == nil else { return nil }
        if let word { words.append(word) }
        return words
    }
}
