import Foundation
import KineticCore
@_spi(Internals) import KineticRaster
import XCTest

/// A fresh temporary folder per test, removed afterwards.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "kinetic-raster-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Names of the files in the folder, hidden ones included, sorted.
    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

/// Synthetic frames drawn with Cairo: a diagonal gradient sliding sideways, a rotating rounded square, and a
/// translucent disc, on an opaque or transparent background.
enum SyntheticAnimation {
    static func frame(_ index: Int, of count: Int, width: Int, height: Int, opaque: Bool = true) throws -> RGBAFrame {
        let surface = try CairoSurface(pixelWidth: width, pixelHeight: height)
        let cairo = try CairoContext(surface: surface)
        let t = Double(index) / Double(max(count, 1))
        if opaque {
            let gradient = try CairoPattern(
                linearFrom: Point(x: -Double(width) + 2 * Double(width) * t, y: 0),
                to: Point(x: Double(width) * 2 * t + Double(width), y: Double(height)))
            gradient.addColorStop(at: 0, color: Color(red: 0.1, green: 0.2, blue: 0.8))
            gradient.addColorStop(at: 0.5, color: Color(red: 0.9, green: 0.3, blue: 0.5))
            gradient.addColorStop(at: 1, color: Color(red: 1.0, green: 0.9, blue: 0.2))
            gradient.extend = .reflect
            cairo.setSource(gradient)
            cairo.paint()
        }
        cairo.withSavedState {
            cairo.translate(x: Double(width) * 0.5, y: Double(height) * 0.5)
            cairo.rotate(by: 2 * Double.pi * t)
            let side = Double(min(width, height)) * 0.4
            cairo.addRoundedRect(Rect(x: -side / 2, y: -side / 2, width: side, height: side), cornerRadius: side * 0.2)
            cairo.setSource(Color(red: 0.2, green: 0.8, blue: 0.4))
            cairo.fill()
        }
        cairo.addEllipse(
            in: Rect(
                x: Double(width) * t, y: Double(height) * 0.1, width: Double(height) * 0.3, height: Double(height) * 0.3
            ))
        cairo.setSource(Color(red: 1, green: 1, blue: 1, alpha: 0.6))
        cairo.fill()
        try cairo.checkStatus()
        return surface.snapshot()
    }
}

/// Runs a command and returns its standard output, or nil when it cannot be started or fails.
func runCommand(_ executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
}

/// The first executable called `name` on PATH.
func findExecutable(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let candidate = String(folder) + "/" + name
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// Encodes frames with durations and returns the file's bytes.
@discardableResult
func encode(
    _ frames: [RGBAFrame], durations: [Double], to path: String, options: EncoderOptions = EncoderOptions()
) throws -> Data {
    let first = try XCTUnwrap(frames.first)
    let encoder = try OutputFormat.makeEncoder(path: path, width: first.width, height: first.height, options: options)
    for (frame, duration) in zip(frames, durations) {
        try encoder.append(frame, duration: duration)
    }
    try encoder.finish()
    return try Data(contentsOf: URL(fileURLWithPath: path))
}
