import Foundation
import XCTest

/// The rules of docs/ARCHITECTURE.md that the compiler does not check, checked on the sources: the engine modules
/// import no C library and no operating-system module, and Foundation only where the allow-list says why.
final class HouseRulesTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The engine modules (pure Swift, built for every platform) and the files in each that may import Foundation,
    /// with the reason. Anything else they import beyond the standard library and each other fails the test.
    private static let engine: [String: [String: String]] = [
        "KineticCore": [:],
        "KineticLayers": [:],
        "KineticExport": [:],
        "Kinetic": [:],
        "KineticAnimation": [:],
        "KineticDynamics": [
            "SolverPool.swift": "threads, locks and condition variables for the solver's workers",
            "SceneSimulation.swift": "the output thread's hand-off",
            "DynamicsScene.swift": "Data for the JSON reader's input",
        ],
        "KineticEffects": [
            "NumberFormatting.swift": "locales and currencies for number formatting",
            "NumberFormattingParts.swift": "the formatter's parts",
            "SceneAnimation.swift": "the collapse's scene simulation",
        ],
    ]

    /// The C modules an engine module may import: compiler hints in a header that includes nothing and links
    /// nothing, so they build wherever Swift's compiler does. Each with the modules that may import it.
    private static let hintModules: [String: Set<String>] = ["CPrefetch": ["KineticDynamics"]]

    func testEngineModulesImportOnlyTheStandardLibraryAndEachOther() throws {
        let swiftModules = Set(["Swift", "Synchronization", "_StringProcessing"])
        for (module, allowed) in Self.engine {
            let folder = Self.root + "/Sources/" + module
            let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }
            XCTAssertFalse(files.isEmpty, module)
            var foundationFiles: Set<String> = []
            for file in files {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                    let imported = line.dropFirst(7).trimmingCharacters(in: .whitespaces)
                    let name = (file as NSString).lastPathComponent
                    if imported == "Foundation" {
                        foundationFiles.insert(name)
                        XCTAssertNotNil(
                            allowed[name],
                            "\(module)/\(file) imports Foundation: the engine does not (see ARCHITECTURE)")
                    } else if Self.hintModules[imported]?.contains(module) == true {
                        continue
                    } else if Self.engine[imported] == nil && !swiftModules.contains(imported) {
                        XCTFail("\(module)/\(file) imports \(imported): the engine modules are pure Swift")
                    }
                }
            }
            for name in allowed.keys where !foundationFiles.contains(name) {
                XCTFail("\(module)/\(name) no longer imports Foundation: take it off the allow-list")
            }
        }
    }

    func testHintModulesIncludeAndLinkNothing() throws {
        for name in Self.hintModules.keys {
            let folder = Self.root + "/Sources/" + name
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            XCTAssertEqual(Set(files.map { ($0 as NSString).pathExtension }), ["h", "modulemap"], name)
            for file in files {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                XCTAssertFalse(
                    text.contains("#include"), "\(name)/\(file) includes a header: a hint module includes nothing")
                XCTAssertFalse(text.contains("link "), "\(name)/\(file) links a library: a hint module links nothing")
            }
        }
    }
}
