import Foundation
import KineticTestSupport
import XCTest

@testable import KineticCLI

/// `kinetic serve` over real sockets on 127.0.0.1, with curl as the client: the same bytes as the command line for
/// every effect in every format, the caching headers, each error class, the countdown's time, the queue bound, the
/// deadline and the drain on SIGTERM.
final class ServeTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "kinetic-serve-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Each effect with small, quick settings, as a query and as the command line's flags.
    static let effects: [(name: String, parameters: [(String, String)])] = [
        ("showcase", [("duration", "1")]),
        ("shimmer", [("text", "slide to unlock"), ("duration", "1")]),
        ("collapse", [("duration", "1")]),
        ("elevator", [("values", "7,42,1999"), ("interval", "0.5")]),
        ("count", [("to", "1234"), ("format", "currency"), ("locale", "ja_JP"), ("count-duration", "0.5")]),
    ]

    static func query(_ parameters: [(String, String)]) -> String {
        parameters.map { "\($0.0)=\(ServicePage.percentEncoded($0.1))" }.joined(separator: "&")
    }

    func testEveryEffectInEveryFormatGivesTheCommandLinesBytes() throws {
        let service = try ServiceProcess()
        defer { service.stop() }
        for (name, base) in Self.effects {
            for format in ["png", "apng", "gif", "mp4", "webm", "json", "lottie", "svg"] {
                // A PNG is one picture: no frame rate.
                let parameters = base + (format == "png" ? [] : [("fps", "10")])
                let answer = try HTTPAnswer.fetch("\(service.base)/\(name).\(format)?\(Self.query(parameters))")
                XCTAssertEqual(answer.status, 200, "\(name).\(format): \(answer.text.prefix(300))")
                let path = "\(folder)/\(name).\(format)"
                let cli = try KineticProcess.run(
                    ["render", name, "-o", path] + parameters.flatMap { ["--\($0.0)", $0.1] })
                XCTAssertEqual(cli.status, 0, "kinetic render \(name) → .\(format): \(cli.stderr)")
                let expected = FileManager.default.contents(atPath: path) ?? Data()
                XCTAssertFalse(expected.isEmpty)
                XCTAssertTrue(
                    answer.body == expected,
                    "\(name).\(format): \(answer.body.count) bytes over HTTP, "
                        + "\(expected.count) from the command line")
                let type = try XCTUnwrap(answer.headers["content-type"])
                XCTAssertEqual(type, FileFormatMediaTypes.byExtension[format], "\(name).\(format)")
                XCTAssertEqual(answer.headers["etag"]?.count, 34, "\(name).\(format): a strong tag of 32 hex digits")
                XCTAssertEqual(answer.headers["cache-control"], "public, max-age=86400")
            }
        }
    }

    func testConditionalRequestsHeadAndTheCache() throws {
        let service = try ServiceProcess(["--max-age", "600"])
        defer { service.stop() }
        let url = "\(service.base)/count.svg?to=42&count-duration=0.5"
        let first = try HTTPAnswer.fetch(url)
        XCTAssertEqual(first.status, 200)
        let etag = try XCTUnwrap(first.headers["etag"])
        XCTAssertTrue(etag.hasPrefix("\"") && etag.hasSuffix("\""), "a strong tag: \(etag)")
        XCTAssertEqual(first.headers["cache-control"], "public, max-age=600")

        // The parameters in another order ask for the same picture: the same tag, from the cache.
        let reordered = try HTTPAnswer.fetch("\(service.base)/count.svg?count-duration=0.5&to=42")
        XCTAssertEqual(reordered.headers["etag"], etag)
        XCTAssertTrue(reordered.body == first.body)

        for header in [etag, "\"other\", \(etag)", "W/\(etag)", "*"] {
            let again = try HTTPAnswer.fetch(url, ["-H", "If-None-Match: \(header)"])
            XCTAssertEqual(again.status, 304, "If-None-Match: \(header)")
            XCTAssertTrue(again.body.isEmpty)
            XCTAssertEqual(again.headers["etag"], etag)
        }
        let changed = try HTTPAnswer.fetch(url, ["-H", "If-None-Match: \"0123\""])
        XCTAssertEqual(changed.status, 200)

        let head = try HTTPAnswer.fetch(url, ["-I"])
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-length"], "\(first.body.count)")
        XCTAssertEqual(head.headers["etag"], etag)
        XCTAssertEqual(head.headers["content-type"], "image/svg+xml")

        let metrics = try HTTPAnswer.fetch("\(service.base)/metrics").text
        XCTAssertTrue(metrics.contains("kinetic_cache_misses_total 1\n"), metrics)
        XCTAssertTrue(metrics.contains("kinetic_cache_hits_total 3\n"), metrics)  // reordered, changed, HEAD
        XCTAssertTrue(metrics.contains("kinetic_not_modified_total 4\n"), metrics)
        XCTAssertTrue(metrics.contains("kinetic_http_requests_total{route=\"count\",status=\"304\"} 4"), metrics)
        XCTAssertTrue(metrics.contains("# TYPE kinetic_render_seconds histogram"), metrics)
        XCTAssertEqual(try HTTPAnswer.fetch("\(service.base)/healthz").text, "ok\n")
        let index = try HTTPAnswer.fetch("\(service.base)/")
        XCTAssertTrue(index.text.contains("<img src=\"/count.svg?"), "the gallery shows live URLs")
        XCTAssertFalse(index.text.contains("<script"))
    }

    func testEachErrorIsItsStatusAndOnePlainLine() throws {
        let service = try ServiceProcess()
        defer { service.stop() }
        let long = String(repeating: "a", count: 5_000)
        let cases: [(path: String, arguments: [String], status: Int, words: String)] = [
            ("/counter.svg", [], 404, "unknown effect 'counter'; did you mean 'count'?"),
            ("/count.bmp", [], 404, "'.bmp' is not a format Kinetic writes"),
            ("/count.svg?to=abc", [], 400, "to expects a number"),
            ("/count.svg?tO=5", [], 400, "unknown parameter 'tO' for count; did you mean 'to'?"),
            ("/count.svg?to=1&to=2", [], 400, "parameter 'to' is given twice"),
            ("/count.gif?width=8000&scale=3", [], 400, "the frame would be 24000 px wide"),
            ("/count.svg?width=20000", [], 400, "width must be greater than 0 and at most 10000 points"),
            ("/count.svg?prefix=\(long)", [], 414, "the URL is"),
            ("/count.svg", ["-X", "POST", "-d", "to=5"], 405, "method POST is not allowed; use GET or HEAD"),
            ("/count.svg?background-image=/etc/passwd", [], 400, "parameter 'background-image' is not available"),
            ("/collapse.svg?scene=/etc/passwd", [], 400, "parameter 'scene' is not available"),
            ("/countdown.gif?until=2027-01-01&now=0", [], 400, "parameter 'now' is not available"),
            ("/count.svg?prefix=%FF", [], 400, "not UTF-8"),
            ("/count.gif?tolerance=1", [], 400, "unknown parameter 'tolerance'"),
            ("/count.gif?title=x", [], 400, "title does not apply to GIF"),
        ]
        for item in cases {
            let answer = try HTTPAnswer.fetch(service.base + item.path, item.arguments)
            XCTAssertEqual(answer.status, item.status, "\(item.path.prefix(80)): \(answer.text)")
            XCTAssertTrue(answer.text.contains(item.words), "\(item.path.prefix(80)): \(answer.text)")
            XCTAssertTrue(answer.text.hasSuffix("\n"))
            XCTAssertEqual(answer.text.filter { $0 == "\n" }.count, 1, "one line: \(answer.text)")
            XCTAssertEqual(answer.headers["content-type"], "text/plain; charset=utf-8")
            XCTAssertEqual(answer.headers["cache-control"], "no-store")
        }
        let post = try HTTPAnswer.fetch(service.base + "/count.svg", ["-X", "POST"])
        XCTAssertEqual(post.headers["allow"], "GET, HEAD")
        XCTAssertTrue(try HTTPAnswer.fetch(service.base + "/count").text.contains("to=N "), "the parameter list")
        XCTAssertEqual(service.stop().status, 0)
    }

    /// The countdown reads the request's time once, in the service: with the time passed in, its first frame shows
    /// the time left then, byte for byte as the command line draws it with that --now.
    func testTheCountdownShowsTheTimeLeftAtTheRequestsTime() throws {
        let now = 1_796_083_200.0  // 2026-12-01T00:00:00Z
        let service = RenderService(
            settings: RenderService.Settings(), cache: ResponseCache(capacity: 1 << 20),
            pool: RenderPool(workers: 1, queueLimit: 4), clock: { now })
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: HTTPServer.Limits()) { service.reply(to: $0) }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)/countdown"
        let until = "2026-12-02T01:02:03Z"

        let svg = try HTTPAnswer.fetch("\(base).svg?until=\(until)")
        XCTAssertEqual(svg.status, 200, svg.text)
        XCTAssertTrue(svg.text.contains("<title>Time left: 1d 01:02:03</title>"), String(svg.text.prefix(400)))
        XCTAssertEqual(svg.headers["cache-control"], "no-store, max-age=0")
        XCTAssertNil(svg.headers["etag"], "a picture of the time is never the same: no tag")

        let png = try HTTPAnswer.fetch("\(base).png?until=\(until)&time=0")
        let path = folder + "/countdown.png"
        let cli = try KineticProcess.run(
            ["render", "countdown", "--until", until, "--now", "2026-12-01T00:00:00Z", "--time", "0", "-o", path])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertTrue(png.body == FileManager.default.contents(atPath: path), "the first frame as the CLI draws it")

        // The first frame of the GIF is that still (the frame Outlook shows).
        let gif = try HTTPAnswer.fetch("\(base).gif?until=\(until)&fps=10")
        XCTAssertEqual(gif.status, 200)
        let gifPath = folder + "/countdown.gif"
        try gif.body.write(to: URL(fileURLWithPath: gifPath))
        let first = try XCTUnwrap(try GIFTestDecoder.decode(path: gifPath).frames.first).image
        let still = try XCTUnwrap(try PNGTestDecoder.decode(path: path).frames.first).image
        XCTAssertEqual(first.width, still.width)
        XCTAssertEqual(first.height, still.height)
        // The GIF's palette rounds colours: the mean difference per channel is small, not zero.
        var total = 0
        for (a, b) in zip(first.bytes, still.bytes) { total += abs(Int(a) - Int(b)) }
        let mean = Double(total) / Double(max(1, still.bytes.count))
        XCTAssertLessThan(mean, 2.0, "the GIF's first frame is the time left at the request")
    }

    func testTheQueueBoundAndTheDeadlineAnswer503WithRetryAfter() throws {
        let service = try ServiceProcess(["--workers", "1", "--queue", "0"])
        defer { service.stop() }
        // Three different slow renders at once: one renders, the others find no queue place.
        let answers = LockedAnswers()
        let group = DispatchGroup()
        let base = service.base
        for index in 0..<3 {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                let url = "\(base)/collapse.gif?duration=4&seed=\(index)&delay=random"
                if let answer = try? HTTPAnswer.fetch(url) { answers.append(answer) }
            }
        }
        group.wait()
        let statuses = answers.values.map(\.status).sorted()
        XCTAssertTrue(statuses.contains(200), "\(statuses)")
        let busy = answers.values.filter { $0.status == 503 }
        XCTAssertFalse(busy.isEmpty, "\(statuses)")
        for answer in busy {
            XCTAssertEqual(answer.headers["retry-after"], "1")
            XCTAssertTrue(answer.text.contains("busy"), answer.text)
        }

        let hurried = try ServiceProcess(["--deadline", "0.1"])
        defer { hurried.stop() }
        let late = try HTTPAnswer.fetch("\(hurried.base)/collapse.webm?duration=5")
        XCTAssertEqual(late.status, 503, late.text)
        XCTAssertTrue(late.text.contains("deadline"), late.text)
        XCTAssertNotNil(late.headers["retry-after"])
    }

    /// `--per-client 2`: a third connection from the same address is closed at accept, the first two are served.
    func testThePerClientLimitClosesTheConnectionBeyondIt() throws {
        let service = try ServiceProcess(["--per-client", "2"])
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0..<3 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            XCTAssertGreaterThanOrEqual(socket, 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(service.port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            XCTAssertEqual(connected, 0)
            sockets.append(socket)
        }
        usleep(200_000)
        var answers: [String] = []
        for socket in sockets {
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let request = Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            answers.append(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self))
        }
        // Two answered and one closed unanswered. Which one is closed is the one the service accepted third, and
        // its listening threads may accept three pending connections in any order (a run closed the second).
        XCTAssertEqual(answers.filter { $0.hasPrefix("HTTP/1.1 200") }.count, 2, "\(answers)")
        XCTAssertEqual(answers.filter(\.isEmpty).count, 1, "one connection is closed unanswered: \(answers)")
        XCTAssertEqual(service.stop().status, 0)
    }

    func testSIGTERMFinishesTheRequestsInFlightAndExitsZero() throws {
        let service = try ServiceProcess()
        let answer = LockedAnswers()
        let done = DispatchSemaphore(value: 0)
        let base = service.base
        DispatchQueue.global().async {
            if let got = try? HTTPAnswer.fetch("\(base)/collapse.gif?duration=3") { answer.append(got) }
            done.signal()
        }
        // Wait until the render is in progress, then ask the service to stop.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let metrics = (try? HTTPAnswer.fetch("\(service.base)/metrics").text) ?? ""
            if metrics.contains("kinetic_renders_in_progress 1") { break }
            usleep(20_000)
        }
        let (status, stderr) = service.stop()
        done.wait()
        XCTAssertEqual(status, 0, stderr)
        XCTAssertTrue(stderr.contains("SIGTERM: stopped; 1 request in flight, all answered"), stderr)
        let got = try XCTUnwrap(answer.values.first)
        XCTAssertEqual(got.status, 200)
        XCTAssertTrue(got.body.starts(with: Array("GIF89a".utf8)), "a whole GIF")
        let refused = try HTTPAnswer.fetch("\(service.base)/healthz", ["--max-time", "2"])
        XCTAssertEqual(refused.status, 0, "nothing listens after the drain")
    }

    func testTheServiceParsesNoFileAndNamesEveryParameterAsTheCommandLineDoes() throws {
        for renderer in RenderCommands.renderers + [CountdownCommand.renderer] {
            let command = try XCTUnwrap(KineticCommandLine.commands.first { $0.path == ["render", renderer.name] })
            XCTAssertEqual(command.options.map(\.name), renderer.options.map(\.name), "one definition per option")
            XCTAssertTrue(renderer.optionsRefusedOverHTTP.isSuperset(of: ["output", "background-image", "dry-run"]))
            for spec in renderer.options
            where spec.valueName?.contains("FILE") == true || spec.valueName == "SCENE.json" {
                XCTAssertTrue(renderer.optionsRefusedOverHTTP.contains(spec.name), "\(renderer.name): --\(spec.name)")
            }
        }
        XCTAssertEqual(
            SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            SHA256.hex(Array(String(repeating: "a", count: 1_000).utf8)),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    func testTheCacheDropsTheLeastRecentlyUsedBeyondItsBound() {
        let cache = ResponseCache(capacity: 4_000)
        func entry(_ size: Int) -> ResponseCache.Entry {
            ResponseCache.Entry(body: [UInt8](repeating: 7, count: size), mediaType: "image/svg+xml", etag: "\"x\"")
        }
        cache.put("a", entry(900))
        cache.put("b", entry(900))
        cache.put("c", entry(900))
        XCTAssertNotNil(cache.get("a"))  // a is now the most recently used
        cache.put("d", entry(900))
        cache.put("e", entry(900))  // 5 × 901 > 4,000: the least recently used, b, goes
        XCTAssertNil(cache.get("b"))
        XCTAssertNotNil(cache.get("a"))
        XCTAssertNotNil(cache.get("e"))
        XCTAssertLessThanOrEqual(cache.byteCount, 4_000)
        cache.put("huge", entry(1_500))  // more than a quarter of the bound: not kept
        XCTAssertNil(cache.get("huge"))
    }
}

/// The media type each extension is served with.
enum FileFormatMediaTypes {
    static let byExtension = [
        "png": "image/png", "apng": "image/apng", "gif": "image/gif", "mp4": "video/mp4", "webm": "video/webm",
        "json": "application/json", "lottie": "application/zip", "svg": "image/svg+xml",
    ]
}

/// Answers gathered from several threads.
final class LockedAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [HTTPAnswer] = []
    func append(_ answer: HTTPAnswer) { lock.withLock { list.append(answer) } }
    var values: [HTTPAnswer] { lock.withLock { list } }
}
