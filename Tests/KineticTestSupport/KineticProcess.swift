import Foundation
import XCTest

/// Runs the built `kinetic` binary and captures what it prints (the tests of the command line and of the one
/// output door compare with it).
public struct KineticProcess {
    public struct Result {
        /// The exit status, or the signal's number when the process was killed by one (never 0 then).
        public var status: Int32
        /// The signal that killed the process (SIGILL for a Swift trap), or 0 when it exited.
        public var signal: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, signal: Int32, stdout: String, stderr: String) {
            self.status = status
            self.signal = signal
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The folder holding the built products (the `kinetic` executable sits beside the test bundle).
    public static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            return Bundle.main.bundleURL
        #else
            return Bundle.main.bundleURL
        #endif
    }

    public static var executable: URL { productsDirectory.appendingPathComponent("kinetic") }

    /// Runs `kinetic` with `arguments` (in `directory`, or this process's current directory) and waits for it to
    /// exit. With a `launcher` (a program and its arguments, e.g. `setpriv` to run as another user), the launcher
    /// runs `kinetic` at `executablePath`.
    public static func run(
        _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        launcher: [String] = [], executablePath: String? = nil
    ) throws -> Result {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [executablePath ?? executable.path] + arguments
        } else {
            process.executableURL = executablePath.map { URL(fileURLWithPath: $0) } ?? executable
            process.arguments = arguments
        }
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end, at the same time, before waiting: a child that fills one pipe while the other
        // is being read would otherwise block for ever.
        let errReader = PipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errReader.wait()
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal
        return Result(
            status: process.terminationStatus, signal: killed ? process.terminationStatus : 0,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

extension KineticProcess {
    /// A launcher and an executable that run `kinetic` as an ordinary user: as root (which reads any file and is
    /// held to no process limit), a 755 copy of kinetic run as user nobody through util-linux's `setpriv`, since
    /// the build folder may sit where only root can enter; as anyone else, kinetic itself. The copy is removed when
    /// `test` ends.
    public static func unprivileged(for test: XCTestCase) throws -> (launcher: [String], executablePath: String) {
        guard getuid() == 0 else { return ([], executable.path) }
        let folder = NSTemporaryDirectory() + "kinetic-nobody-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: executable.path, toPath: folder + "/kinetic")
        guard chmod(folder, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        return (["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"], folder + "/kinetic")
    }
}
