import Foundation
import KineticCore
import KineticEffects
import KineticLayers
import KineticOutput
import KineticTestSupport
import XCTest

/// The front door: every effect to every format in one call, the same bytes as `kinetic render` with the same
/// settings, and the same bytes in memory as in a file.
final class OneDoorTests: XCTestCase {
    /// An effect as Swift builds it, and the command line that describes the same spec.
    struct Case {
        var name: String
        var effect: any Effect
        var arguments: [String]
        var options: OutputOptions = OutputOptions()
    }

    static var cases: [Case] {
        [
            Case(
                name: "elevator", effect: ElevatorNumber(values: [7, 42, 1999], interval: 0.8),
                arguments: ["render", "elevator", "--values", "7,42,1999", "--interval", "0.8"]),
            Case(name: "count", effect: CountUp(to: 1234), arguments: ["render", "count", "--to", "1234"]),
            Case(
                name: "shimmer",
                effect: ShimmerScene(
                    content: .text(ShimmerText(string: "slide to unlock")), style: .default(Shimmer())),
                arguments: ["render", "shimmer"]),
            Case(
                name: "collapse",
                effect: try! Collapse(
                    screen: ExampleScreen(size: Size(width: 375, height: 667)).makeLayer(), spec: CollapseSpec()),
                arguments: ["render", "collapse", "--duration", "1"], options: OutputOptions(duration: 1)),
        ]
    }

    func testEveryEffectToEveryFormatIsTheCommandLinesBytesInAFileAndInMemory() throws {
        let folder = try TemporaryFolder()
        for item in Self.cases {
            let clip = try item.effect.makeClip()
            for format in FileFormat.allCases {
                let label = "\(item.name).\(format.fileExtension)"
                let libraryPath = folder.path + "/library-" + label
                let cliPath = folder.path + "/cli-" + label
                let written = try clip.write(to: libraryPath, options: item.options)
                XCTAssertEqual(written.format, format, label)
                XCTAssertEqual(written.path, libraryPath, label)
                let fileBytes = try Array(Data(contentsOf: URL(fileURLWithPath: libraryPath)))
                XCTAssertEqual(written.byteCount, fileBytes.count, label)
                XCTAssertGreaterThan(fileBytes.count, 100, label)
                let memory = try clip.write(as: format, options: item.options)
                XCTAssertTrue(memory.bytes == fileBytes, "\(label): memory and file differ")
                XCTAssertNil(memory.path, label)
                let run = try KineticProcess.run(item.arguments + ["-o", cliPath])
                XCTAssertEqual(run.status, 0, "\(label): \(run.stderr)")
                let cliBytes = try Array(Data(contentsOf: URL(fileURLWithPath: cliPath)))
                XCTAssertTrue(
                    cliBytes == fileBytes,
                    "\(label): the library (\(fileBytes.count) bytes) and the command line (\(cliBytes.count)) differ")
            }
        }
        // Nothing but the outputs was left in the folder (no temporary file).
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(left.count, Self.cases.count * FileFormat.allCases.count * 2, left.sorted().description)
    }

    func testEffectWriteIsOneCallWithTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let count = CountUp(to: 1234)
        try count.write(to: folder.path + "/count.json")
        let viaClip = try count.makeClip().write(as: .lottie).bytes
        XCTAssertTrue(try Array(Data(contentsOf: URL(fileURLWithPath: folder.path + "/count.json"))) == viaClip)
        // The format can be given instead of taken from the extension.
        let result = try count.write(to: folder.path + "/count.anything", format: .svg)
        XCTAssertEqual(result.format, .svg)
        XCTAssertTrue(
            try Array(Data(contentsOf: URL(fileURLWithPath: folder.path + "/count.anything")))
                == count.write(as: .svg).bytes)
    }

    func testDefaultsAreTheCommandLines() throws {
        // Lottie from code is 30 frames a second, as the command line and the pixel formats are.
        let lottie = try JSONSerialization.jsonObject(with: Data(CountUp(to: 99).write(as: .lottie).bytes))
        XCTAssertEqual((lottie as? [String: Any])?["fr"] as? Double, 30)
        // dotLottie's manifest follows the clip: a shimmer loops, a count does not; --loop decides when given.
        // The archive stores its files uncompressed: the manifest's text is in the bytes as written.
        func manifestLoops(_ bytes: [UInt8]) -> Bool? {
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains(#""loop":true"#) { return true }
            if text.contains(#""loop":false"#) { return false }
            return nil
        }
        let shimmer = ShimmerScene(content: .text(ShimmerText(string: "loading")), style: .default(Shimmer()))
        XCTAssertEqual(try manifestLoops(shimmer.write(as: .dotLottie).bytes), true)
        XCTAssertEqual(try manifestLoops(CountUp(to: 99).write(as: .dotLottie).bytes), false)
        XCTAssertEqual(
            try manifestLoops(CountUp(to: 99).write(as: .dotLottie, options: OutputOptions(loopCount: 0)).bytes), true)
        // The plan says the same.
        let plan = try CountUp(to: 99).makeClip().outputPlan(format: .gif)
        XCTAssertEqual(plan.framesPerSecond, 30)
        XCTAssertEqual(plan.loopCount, 0)
        XCTAssertEqual(plan.scale, 1)
    }

    func testNumberEffectsFitTheirCanvasInTheLibraryAsOnTheCommandLine() throws {
        let wide = ElevatorNumber(values: [1, 123_456_789])
        let clip = try wide.makeClip()
        XCTAssertGreaterThan(clip.size.width, ElevatorNumber.defaultSize.width)
        XCTAssertTrue(clip.warnings.isEmpty, clip.warnings.description)
        var exact = wide
        exact.fitsWidth = false
        let cut = try exact.makeClip()
        XCTAssertEqual(cut.size.width, ElevatorNumber.defaultSize.width)
        XCTAssertEqual(cut.warnings.count, 1)
        let folder = try TemporaryFolder()
        let run = try KineticProcess.run(
            ["render", "elevator", "--values", "1,123456789", "-o", folder.path + "/e.svg"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            try Array(Data(contentsOf: URL(fileURLWithPath: folder.path + "/e.svg"))) == wide.write(as: .svg).bytes)

        let count = CountUp(to: 1e12)
        XCTAssertGreaterThan(try count.makeClip().size.width, CountUp.defaultSize.width)
    }
}
