import Foundation
import KineticRaster
import KineticTestSupport
import XCTest

/// docs/serve.md's nginx configuration, as shipped, in front of two `kinetic serve` replicas on 127.0.0.1: under
/// `wrk` load, one replica is killed (SIGKILL) and not one request fails; and the README-ready SVG in headless
/// Chromium with its media features emulated.
final class ServeDeploymentTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "kinetic-deploy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The nginx block between the markers in docs/serve.md.
    static func documentedConfiguration() throws -> String {
        let doc = try String(contentsOfFile: root + "/docs/serve.md", encoding: .utf8)
        guard let start = doc.range(of: "# kinetic-nginx-begin\n"), let end = doc.range(of: "# kinetic-nginx-end")
        else { throw MissingTool("docs/serve.md has lost its nginx block markers") }
        return String(doc[start.upperBound..<end.lowerBound])
    }

    /// A free port on 127.0.0.1 (bound, read, released).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(socket, pointer, length) == 0 else { return -1 }
                return getsockname(socket, pointer, &length)
            }
        }
        guard bound == 0 else { throw MissingTool("cannot bind 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testTheNginxPairLosesNoRequestWhenAReplicaIsKilledUnderLoad() throws {
        for tool in ["/usr/sbin/nginx", "/usr/bin/wrk"] where !FileManager.default.isExecutableFile(atPath: tool) {
            XCTFail("\(tool) is missing: make test installs nginx-light and wrk (scripts/setup.sh test)")
            return
        }
        let first = try ServiceProcess()
        let second = try ServiceProcess()
        defer {
            first.stop(signal: SIGKILL)
            second.stop()
        }
        let port = try Self.freePort()
        var block = try Self.documentedConfiguration()
        block = block.replacingOccurrences(of: "127.0.0.1:8081", with: "127.0.0.1:\(first.port)")
            .replacingOccurrences(of: "127.0.0.1:8082", with: "127.0.0.1:\(second.port)")
            .replacingOccurrences(of: "listen 127.0.0.1:8080", with: "listen 127.0.0.1:\(port)")
            .replacingOccurrences(of: "/var/cache/nginx/kinetic", with: folder + "/cache")
        XCTAssertTrue(block.contains("proxy_next_upstream error timeout"), block)
        let temporaries = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map {
            "\($0)_temp_path \(folder)/\($0);"
        }
        let configuration = """
            \(getuid() == 0 ? "user root;" : "")
            worker_processes 1;
            daemon off;
            pid \(folder)/nginx.pid;
            error_log \(folder)/error.log;
            events { worker_connections 512; }
            http {
            access_log off;
            \(temporaries.joined(separator: "\n"))
            \(block)
            }

            """
        try configuration.write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
        let check = try Self.run(
            "/usr/sbin/nginx", ["-t", "-p", folder, "-c", folder + "/nginx.conf", "-e", folder + "/error.log"])
        XCTAssertEqual(check.status, 0, check.output)
        let nginx = Process()
        nginx.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        nginx.arguments = ["-p", folder, "-c", folder + "/nginx.conf", "-e", folder + "/error.log"]
        nginx.standardOutput = FileHandle.nullDevice
        nginx.standardError = FileHandle.nullDevice
        try nginx.run()
        defer {
            nginx.terminate()
            nginx.waitUntilExit()
        }
        let base = "http://127.0.0.1:\(port)"
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? HTTPAnswer.fetch(base + "/healthz", ["--max-time", "1"]))?.status == 200
            if !ready { usleep(50_000) }
        }
        XCTAssertTrue(ready, "nginx did not answer on \(base)")

        // Through nginx: a picture, cached by nginx as Kinetic's Cache-Control allows.
        let picture = try HTTPAnswer.fetch(base + "/count.svg?to=42")
        XCTAssertEqual(picture.status, 200)
        XCTAssertEqual(try HTTPAnswer.fetch(base + "/count.svg?to=42").headers["x-cache-status"], "HIT")

        // Under load — the countdown, which no cache keeps, so every request reaches a replica — the first replica
        // is killed after 1.5 s.
        let load = "\(base)/countdown.png?until=2030-01-01T00:00:00Z&time=0"
        let killer = DispatchWorkItem { _ = first.stop(signal: SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5, execute: killer)
        let wrk = try Self.run("/usr/bin/wrk", ["-t1", "-c4", "-d4s", "--latency", load])
        killer.wait()
        XCTAssertEqual(wrk.status, 0, wrk.output)
        XCTAssertFalse(wrk.output.contains("Non-2xx or 3xx responses"), wrk.output)
        XCTAssertFalse(wrk.output.contains("Socket errors"), wrk.output)
        let requests =
            wrk.output.split(separator: "\n").first { $0.contains("requests in") }.flatMap {
                Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
            } ?? 0
        XCTAssertGreaterThan(requests, 20, wrk.output)
        XCTAssertFalse(first.process.isRunning)
        XCTAssertEqual(try HTTPAnswer.fetch(base + "/healthz").status, 200, "the other replica answers")
    }

    /// The SVG in an `<img>` and on its own in headless Chromium, through the DevTools protocol: the dark colours
    /// under `prefers-color-scheme: dark`, the last frame under reduced motion; and no script, font or URL in it.
    func testTheREADMESVGFollowsTheColourSchemeAndReducedMotionInChromium() throws {
        let path = folder + "/count.svg"
        let render = try KineticProcess.run(
            [
                "render", "count", "--to", "1234", "--count-duration", "1", "-o", path, "--dark-text-color", "white",
                "--dark-background", "#000000",
            ])
        XCTAssertEqual(render.status, 0, render.stderr)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(svg.contains("role=\"img\"") && svg.contains("<title>1,234</title>"))
        // The namespace is a name, not a link: every other URL is forbidden.
        let body = svg.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        for forbidden in ["<script", "@font-face", "font-family", "@import", "http:", "https:", "<image", "<foreign"] {
            XCTAssertFalse(body.contains(forbidden), "the SVG holds \(forbidden)")
        }
        // The animation's end as Chromium draws it (light, after the count), to compare the still with.
        func shots(_ cases: [String], direct: Bool = false, forceReducedMotion: Bool = false) throws -> [String] {
            var arguments = [
                Self.root + "/scripts/svg_media.py", path, "--out", folder + "/shots-\(UUID().uuidString)",
                "--width", "320", "--height", "120",
            ]
            if direct { arguments.append("--direct") }
            if forceReducedMotion { arguments.append("--force-reduced-motion") }
            arguments += cases.flatMap { ["--case", $0] }
            let result = try Self.run(Self.root + "/.build/venv/bin/python", arguments)
            let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            let files = json?["files"] as? [String] ?? []
            XCTAssertEqual(files.count, cases.count, result.output)
            return files
        }
        func image(_ file: String) throws -> RGBAFrame {
            try XCTUnwrap(PNGTestDecoder.decode(path: file).frames.first).image
        }
        func meanDifference(_ a: RGBAFrame, _ b: RGBAFrame) -> Double {
            var total = 0
            for (x, y) in zip(a.bytes, b.bytes) { total += abs(Int(x) - Int(y)) }
            return Double(total) / Double(max(1, a.bytes.count))
        }
        func pixel(_ frame: RGBAFrame, _ x: Int, _ y: Int) -> [UInt8] {
            let offset = (y * frame.width + x) * 4
            return Array(frame.bytes[offset..<offset + 3])
        }
        let inImage = try shots(["light:0", "light:2.5", "dark:0"])
        let start = try image(inImage[0])
        let end = try image(inImage[1])
        let dark = try image(inImage[2])
        XCTAssertGreaterThan(meanDifference(start, end), 1, "the count moves")
        XCTAssertEqual(pixel(end, 2, 2), [255, 255, 255], "light: the white background")
        XCTAssertEqual(pixel(dark, 2, 2), [0, 0, 0], "dark (emulated, in an <img>): the dark background")
        XCTAssertGreaterThan(
            dark.bytes.enumerated().filter { $0.offset % 4 == 0 && $0.element > 200 }.count, 500,
            "dark: the text is light")

        let forced = try image(try shots(["light:0"], forceReducedMotion: true)[0])
        XCTAssertLessThan(
            meanDifference(forced, end), 0.5, "reduced motion (the system's, in an <img>): the last frame")
        let direct = try shots(["reduce:0", "dark-reduce:0"], direct: true)
        XCTAssertLessThan(
            meanDifference(try image(direct[0]), end), 0.5, "reduced motion (emulated, the SVG itself): the last frame")
        let darkStill = try image(direct[1])
        XCTAssertEqual(pixel(darkStill, 2, 2), [0, 0, 0])
    }
}
