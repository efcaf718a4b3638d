import Foundation
import KineticTestSupport
import XCTest

/// The README's pictures are animated SVGs that GitHub shows as images: each committed `docs/NAME.svg` is exactly
/// what the `kinetic render … -o docs/NAME.svg` command under it writes (scripts/readme-pictures.sh re-creates
/// them), and none needs a script, a font or another file.
final class ReadmePictureTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README's picture commands: each `kinetic render …` code span writing into docs/, as arguments.
    static func commands(in readme: String) -> [(file: String, arguments: [String])] {
        var result: [(String, [String])] = []
        for span in readme.components(separatedBy: "`").enumerated() where span.offset % 2 == 1 {
            let words = shellWords(span.element)
            guard words.first == "kinetic", words.dropFirst().first == "render",
                let o = words.lastIndex(of: "-o"), o + 1 < words.count, words[o + 1].hasPrefix("docs/")
            else { continue }
            result.append((words[o + 1], Array(words[1..<o] + words[(o + 2)...])))
        }
        return result
    }

    /// `text` split as a POSIX shell splits words without expansions: blanks separate, single quotes group.
    static func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        for character in text {
            if character == "'" {
                quoted.toggle()
                word = word ?? ""
            } else if character == " " && !quoted {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let word { words.append(word) }
        return words
    }

    func testShellWordsKeepQuotedBlanks() {
        XCTAssertEqual(
            Self.shellWords("kinetic render shimmer --text 'slide to unlock' -o docs/a.svg"),
            ["kinetic", "render", "shimmer", "--text", "slide to unlock", "-o", "docs/a.svg"])
        XCTAssertEqual(Self.shellWords("a '' b"), ["a", "", "b"])
    }

    func testEveryPictureIsAnSVGTheCommandUnderItWrites() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let image = try NSRegularExpression(pattern: #"!\[[^\]]*\]\(([^)]+)\)|<img [^>]*src="([^"]+)""#)
        let pictures = image.matches(in: readme, range: NSRange(readme.startIndex..., in: readme)).compactMap {
            match in
            [1, 2].compactMap { Range(match.range(at: $0), in: readme).map { String(readme[$0]) } }.first
        }
        XCTAssertEqual(pictures, ["docs/elevator.svg", "docs/count.svg", "docs/shimmer.svg", "docs/collapse.svg"])
        let commands = Self.commands(in: readme)
        XCTAssertEqual(commands.map(\.file), pictures, "each picture has its command, in the same order")

        let folder = NSTemporaryDirectory() + "kinetic-readme-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (file, arguments) in commands {
            let output = folder + "/" + (file as NSString).lastPathComponent
            let result = try KineticProcess.run(arguments + ["-o", output])
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            let written = try Data(contentsOf: URL(fileURLWithPath: output))
            let committed = try Data(contentsOf: Self.root.appendingPathComponent(file))
            XCTAssertEqual(
                written, committed,
                "\(file) is not what its README command writes (\(written.count) bytes, committed "
                    + "\(committed.count)): run scripts/readme-pictures.sh and commit docs/*.svg")
            let text = String(decoding: committed, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), file)
            XCTAssertTrue(text.contains("<animate"), "\(file) does not move")
            for forbidden in ["<script", "<text", "font-family", "@font-face", "<image", "<foreignObject"] {
                XCTAssertFalse(text.contains(forbidden), "\(file) contains \(forbidden)")
            }
            // The only URL is the SVG namespace; every href points inside the document.
            XCTAssertEqual(text.components(separatedBy: "http").count - 1, 1, file)
            XCTAssertFalse(text.contains("href=\"http"), file)
        }
    }
}
