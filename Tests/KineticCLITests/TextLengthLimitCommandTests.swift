import Foundation
import KineticTestSupport
import XCTest

/// The 100,000-character limit on text, end to end: a longer `--text`, `--prefix` or `--suffix` is a usage error
/// (status 64) naming the option, the limit and the length given; text at the limit renders.
final class TextLengthLimitCommandTests: XCTestCase {
    private func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "kinetic-text-limit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// `count` characters: letters in words of 2…9 letters, one space between words.
    private func words(_ count: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var characters: [Character] = []
        var word = 0
        while characters.count < count {
            for _ in 0..<(2 + word % 8) where characters.count < count {
                characters.append(letters[characters.count % letters.count])
            }
            word += 1
            if characters.count < count { characters.append(" ") }
        }
        return String(characters)
    }

    func testTextOverTheLimitIsAUsageErrorNamingTheOption() throws {
        let path = try makeFolder() + "/long.png"
        // 100,001 one-byte characters: within Linux's 128 KiB limit on one argument.
        let long = String(repeating: "a", count: 100_001)
        let cases: [([String], String)] = [
            (["render", "shimmer", "--text", long], "--text is 100,001 characters long"),
            (["render", "count", "--suffix", long], "--suffix is 100,001 characters long"),
            (["render", "elevator", "--prefix", long], "--prefix is 100,001 characters long"),
            (["render", "elevator", "--style", "seed", "--suffix", long], "--suffix is 100,001 characters long"),
        ]
        for (arguments, message) in cases {
            let result = try KineticProcess.run(arguments + ["-o", path])
            XCTAssertEqual(result.status, 64, "\(arguments.prefix(3)): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments.prefix(3)): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("at most 100,000 characters (extended grapheme clusters)"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        }
    }

    /// A still of 100,000 characters (the limit) renders: the layout is linear in the text's length.
    func testAStillAtTheLimitRenders() throws {
        let folder = try makeFolder()
        let shimmer = folder + "/shimmer.png"
        let text = words(100_000)
        let result = try KineticProcess.run(["render", "shimmer", "--text", text, "--time", "1", "-o", shimmer])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("wrote \(shimmer) (480×96 px)"), result.stderr)
        let png = try Data(contentsOf: URL(fileURLWithPath: shimmer))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

        let elevator = folder + "/elevator.png"
        let suffix = " " + words(20_000)
        // A number's suffix is at most 100 characters: refused at once, whatever the format.
        let seed = try KineticProcess.run(
            ["render", "elevator", "--style", "seed", "--values", "1,2", "--suffix", suffix, "-o", elevator])
        XCTAssertEqual(seed.status, 64, seed.stderr)
        XCTAssertTrue(seed.stderr.contains("a number's suffix has at most 100"), seed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: elevator))
    }
}
