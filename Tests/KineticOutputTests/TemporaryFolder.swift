import Foundation

/// A fresh folder under the temporary directory, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "kinetic-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
