import Foundation
import Kinetic
import XCTest

/// The README's library example, compiled and run here; a test checks that the README shows exactly this code.
final class ReadmeExampleTests: XCTestCase {
    func testTheExampleRuns() throws {
        // readme-example:start
        // Timing curves, Core Animation timing and springs are values with pure functions of time.
        let curve = try TimingFunction(parsing: "cubic-bezier(0.25, 0.1, 0.25, 1)")
        let timing = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        if let state = timing.state(at: 1.5) {
            print("eased progress on the way back:", curve.value(at: state.progress))
        }
        let spring = try Spring(response: 0.5, dampingFraction: 0.7)
        print("spring position at 0.25 s:", spring.value(at: 0.25, from: 0, to: 1))

        // Layers hold model values; animations attach to typed properties (key paths, never strings).
        let dot = ShapeLayer(path: .ellipse(in: Rect(x: 0, y: 0, width: 20, height: 20)), fillColor: .red)
        dot.position = Point(x: 20, y: 50)
        dot.add(try SpringAnimation(to: Point(x: 280, y: 50), spring: spring), for: \.position)
        print("presented position at 0.3 s:", dot.presentation(at: 0.3).position)
        // readme-example:end

        XCTAssertEqual(timing.state(at: 1.5)?.progress ?? .nan, 0.5, accuracy: 1e-12)
        XCTAssertEqual(dot.position, Point(x: 20, y: 50))  // the model is untouched
        let presented = dot.presentation(at: 0.3).position
        XCTAssertEqual(presented.x, 20 + 260 * spring.value(at: 0.3, from: 0, to: 1), accuracy: 1e-9)
    }

    func testTheReadmeShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let inReadme = try XCTUnwrap(
            section(of: readme, from: "<!-- readme-example:start -->", to: "<!-- readme-example:end -->"))
        let inTest = try XCTUnwrap(section(of: source, from: "// readme-example:start", to: "// readme-example:end"))
        let readmeLines = inReadme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("```") && $0 != "import Kinetic" }
        let testLines = inTest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        XCTAssertEqual(readmeLines, testLines)
    }

    private func section(of text: String, from start: String, to end: String) -> String? {
        guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[a.upperBound..<b.lowerBound])
    }
}
