import Foundation

/// A `kinetic serve` process on 127.0.0.1 (any free port), for the tests of the service: started with the options
/// given, it is ready once it has printed its address; `stop()` sends SIGTERM and waits for it to exit.
public final class ServiceProcess {
    public let process = Process()
    /// The port it listens on.
    public private(set) var port = 0
    /// "http://127.0.0.1:PORT".
    public var base: String { "http://127.0.0.1:\(port)" }
    private let errors = Pipe()
    private var errorText = ""

    /// Starts `kinetic serve --port 0 --access-log none` with `arguments` added, and waits (at most 20 s) for its
    /// address.
    public init(_ arguments: [String] = []) throws {
        process.executableURL = KineticProcess.executable
        process.arguments = ["serve", "--port", "0", "--access-log", "none"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            if let range = text.range(of: "listening on http://127.0.0.1:"),
                let end = text[range.upperBound...].firstIndex(of: "/"),
                let number = Int(text[range.upperBound..<end])
            {
                port = number
                errorText = text
                return
            }
        }
        process.terminate()
        throw ServiceError.notStarted(text)
    }

    /// Sends `signal` (SIGTERM by default), waits for the exit and returns the status and what it printed on
    /// standard error.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> (status: Int32, stderr: String) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let rest = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorText += String(decoding: rest, as: UTF8.self)
        return (process.terminationStatus, errorText)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    public enum ServiceError: Error {
        case notStarted(String)
    }
}

/// One answer over HTTP, fetched with curl (a client that is not Kinetic's).
public struct HTTPAnswer {
    public var status: Int
    /// Header names in lowercase.
    public var headers: [String: String]
    public var body: Data

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// `curl` with `arguments` (the URL among them); the status, headers and body of the last answer.
    public static func fetch(_ url: String, _ arguments: [String] = []) throws -> HTTPAnswer {
        let folder = NSTemporaryDirectory() + "kinetic-http-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments =
            ["-s", "-g", "--max-time", "120", "-D", folder + "/headers", "-o", folder + "/body", "-w", "%{http_code}"]
            + arguments + [url]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let code = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var headers: [String: String] = [:]
        let headerText = (try? String(contentsOfFile: folder + "/headers", encoding: .utf8)) ?? ""
        for line in headerText.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let body = FileManager.default.contents(atPath: folder + "/body") ?? Data()
        return HTTPAnswer(status: Int(code) ?? 0, headers: headers, body: body)
    }
}
