import Foundation
import KineticTestSupport
import XCTest

/// A new package that depends on Kinetic by path builds the README's whole program and renders an effect with it:
/// what a developer adopting Kinetic does first. The program is read from the README, so the README cannot show
/// code that does not build.
final class PackageConsumerTests: XCTestCase {
    func testANewPackageBuildsAndRunsTheReadmeProgram() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let program = try XCTUnwrap(Self.codeBlock(in: readme, between: "consumer-example"))
        let folder = NSTemporaryDirectory() + "kinetic-consumer-\(UUID().uuidString)"
        let sources = folder + "/Sources/MyTool"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        // Through a link named "kinetic", as a checkout would be named, whatever this clone's folder is called.
        try FileManager.default.createSymbolicLink(atPath: folder + "/kinetic", withDestinationPath: root.path)
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "MyTool",
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: "kinetic")],
                targets: [
                    .executableTarget(
                        name: "MyTool",
                        dependencies: [
                            .product(name: "Kinetic", package: "kinetic"),
                            .product(name: "KineticOutput", package: "kinetic"),
                        ])
                ]
            )
            """
        try manifest.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        try program.write(toFile: sources + "/main.swift", atomically: true, encoding: .utf8)

        // A build of its own (the new package resolves and compiles Kinetic like any dependency).
        let build = try Self.run(["swift", "run", "--package-path", folder, "MyTool"], in: folder)
        XCTAssertEqual(build.status, 0, build.output)
        XCTAssertTrue(build.output.contains("wrote elevator.gif: 240×160 px"), build.output)
        let gif = try GIFTestDecoder.decode(path: folder + "/elevator.gif")
        XCTAssertEqual([gif.width, gif.height], [240, 160])
        XCTAssertGreaterThan(gif.frames.count, 10)
        XCTAssertTrue(build.output.contains("bytes at 30 fps"), build.output)
        let lottie = try String(contentsOfFile: folder + "/elevator.json", encoding: .utf8)
        XCTAssertTrue(lottie.hasPrefix("{\"v\":\"5.7.0\""), String(lottie.prefix(40)))
        XCTAssertFalse(program.contains("import Foundation"), "the README's program needs no Foundation")
    }

    /// The code between `<!-- NAME:start -->` and `<!-- NAME:end -->`, without the fence lines.
    static func codeBlock(in text: String, between name: String) -> String? {
        guard let start = text.range(of: "<!-- \(name):start -->"),
            let end = text.range(of: "<!-- \(name):end -->", range: start.upperBound..<text.endIndex)
        else { return nil }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("```") }.joined(separator: "\n")
    }

    static func run(_ arguments: [String], in folder: String) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
