import Foundation
import KineticCore
import KineticLayers
import KineticOutput
import Synchronization

/// What `kinetic serve` answers, apart from the sockets: routes, parameters, the entity tag, the cache, the render
/// queue and the deadline. `/NAME.EXT?…` renders effect NAME (`kinetic render NAME`'s options, without the dashes)
/// to format EXT in memory, through the library's one output layer — the same bytes as the command line writes.
final class RenderService: Sendable {
    /// How the service behaves; every field has the `serve` command's default.
    struct Settings: Sendable {
        /// Seconds a deterministic picture may be kept by browsers and proxies (`Cache-Control: public,
        /// max-age`). Default 86,400 (a day).
        var maxAge = 86_400
        /// Seconds a request may wait and render in all; past it the answer is 503. Default 30.
        var deadline = 30.0
        /// Longest path and query, in bytes; longer is 414. Default 4,096.
        var maximumURLBytes = 4_096
        /// Where GIF and video renders keep their scratch files for a moment. Default "/tmp".
        var scratchFolder = "/tmp"
    }

    let settings: Settings
    let cache: ResponseCache
    let pool: RenderPool
    let metrics = ServiceMetrics()
    /// The time now, in seconds since 1970: read once per request (the countdown's "now", the deadline).
    private let clock: @Sendable () -> Double
    /// Called once per answered request, for the access log.
    private let log: @Sendable (AccessRecord) -> Void
    private let renderers: [String: EffectRenderer]
    private let draining = Atomic<Bool>(false)
    private let cancelling = Atomic<Bool>(false)
    /// Renders in progress by canonical request: a request for a picture being rendered waits for that render.
    private let inFlight = Mutex<[String: [@Sendable (Result<ResponseCache.Entry, HTTPError>) -> Void]]>([:])

    /// One line of the access log.
    struct AccessRecord: Sendable {
        var method: String
        var path: String
        var query: String
        var status: Int
        var bytes: Int
        var seconds: Double
        /// "hit", "miss", "shared" (joined a render in progress), "not-modified" or "" (no picture).
        var cache: String
        var receivedAt: Double
    }

    init(
        settings: Settings, cache: ResponseCache, pool: RenderPool, clock: @escaping @Sendable () -> Double,
        log: @escaping @Sendable (AccessRecord) -> Void = { _ in }
    ) {
        self.settings = settings
        self.cache = cache
        self.pool = pool
        self.clock = clock
        self.log = log
        var table: [String: EffectRenderer] = [:]
        for renderer in RenderCommands.renderers + [CountdownCommand.renderer] { table[renderer.name] = renderer }
        renderers = table
    }

    /// From now on `/healthz` answers 503, so that a load balancer stops sending new requests.
    func beginDraining() { draining.store(true, ordering: .sequentiallyConsistent) }

    /// Stops every render at its next frame (the drain's bound has passed): each answers 503.
    func cancelRenders() { cancelling.store(true, ordering: .sequentiallyConsistent) }

    /// The answer to `request`, logged when it is sent.
    func reply(to request: HTTPServer.Request) -> HTTPServer.Reply {
        let received = clock()
        let query = request.query.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
        let finish: @Sendable (HTTPServer.Response, String, String) -> HTTPServer.Response = {
            [metrics, log, clock] response, route, cacheState in
            metrics.request(route: route, status: response.status)
            log(
                AccessRecord(
                    method: request.method, path: request.path, query: query, status: response.status,
                    bytes: request.method == "HEAD" ? 0 : response.body.count, seconds: clock() - received,
                    cache: cacheState, receivedAt: received))
            return response
        }
        switch answer(request, receivedAt: received) {
        case .done(let response, let route, let cacheState):
            return .now(finish(response, route, cacheState))
        case .render(let job):
            return .later { [self] send in
                self.start(job, receivedAt: received) { response, cacheState in
                    send(finish(response, job.renderer.name, cacheState))
                }
            }
        }
    }

    /// An answer now, or a render to do.
    enum Answer {
        case done(HTTPServer.Response, route: String, cache: String)
        case render(Job)
    }

    /// A picture to render.
    struct Job: Sendable {
        var renderer: EffectRenderer
        var format: FileFormat
        var arguments: ParsedArguments
        /// The canonical request: the cache's key and the entity tag's source; nil for a picture that depends
        /// on the time (never cached, `no-store`).
        var key: String?
        var etag: String?
    }

    /// Routes `request`: pages, errors, 304s and cached pictures at once; anything else becomes a render job.
    func answer(_ request: HTTPServer.Request, receivedAt received: Double) -> Answer {
        do throws(HTTPError) {
            guard request.method == "GET" || request.method == "HEAD" else {
                throw HTTPError(405, "method \(InputFile.printable(request.method)) is not allowed; use GET or HEAD")
            }
            guard request.isUTF8 else {
                throw HTTPError(400, "the path or a parameter is not UTF-8; percent-encode UTF-8 text")
            }
            let urlBytes =
                request.path.utf8.count + request.query.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 }
            guard urlBytes <= settings.maximumURLBytes else {
                throw HTTPError(
                    414, "the URL is \(urlBytes) bytes long; at most \(settings.maximumURLBytes) (shorten the text)")
            }
            switch request.path {
            case "/":
                return .done(
                    Self.page(ServicePage.html(renderers: orderedRenderers), type: "text/html; charset=utf-8"),
                    route: "index", cache: "")
            case "/healthz":
                if draining.load(ordering: .sequentiallyConsistent) { throw HTTPError(503, "stopping", retryAfter: 1) }
                return .done(Self.page("ok\n", type: "text/plain; charset=utf-8"), route: "healthz", cache: "")
            case "/metrics":
                let text = metrics.text(
                    cacheBytes: cache.byteCount, cacheEntries: cache.count, queueDepth: pool.depth,
                    rendering: pool.running)
                return .done(
                    Self.page(text, type: "text/plain; version=0.0.4; charset=utf-8"), route: "metrics", cache: "")
            default: break
            }
            let name = String(request.path.dropFirst())
            if let renderer = renderers[name] {
                return .done(
                    Self.page(ServicePage.parameters(renderer), type: "text/plain; charset=utf-8"), route: "parameters",
                    cache: "")
            }
            let (renderer, format) = try route(name)
            let arguments = try QueryArguments.parse(request.query, for: renderer)
            guard !renderer.dependsOnTime else {
                return .render(Job(renderer: renderer, format: format, arguments: arguments, key: nil, etag: nil))
            }
            let key = Self.canonicalKey(renderer: renderer, format: format, arguments: arguments)
            let etag = "\"" + String(SHA256.hex(Array(key.utf8)).prefix(32)) + "\""
            if let tags = request.ifNoneMatch, Self.matches(tags, etag) {
                metrics.notModified()
                return .done(
                    HTTPServer.Response(status: 304, headers: pictureHeaders(etag: etag, mediaType: nil), body: []),
                    route: renderer.name, cache: "not-modified")
            }
            if let entry = cache.get(key) {
                metrics.cacheHit()
                return .done(
                    HTTPServer.Response(
                        status: 200, headers: pictureHeaders(etag: entry.etag, mediaType: entry.mediaType),
                        body: entry.body), route: renderer.name, cache: "hit")
            }
            return .render(Job(renderer: renderer, format: format, arguments: arguments, key: key, etag: etag))
        } catch {
            let route = request.path.split(separator: ".").first.map(String.init)?.dropFirst() ?? ""
            return .done(Self.errorResponse(error), route: renderers[String(route)]?.name ?? "other", cache: "")
        }
    }

    /// The renderers in the gallery's order.
    private var orderedRenderers: [EffectRenderer] {
        (RenderCommands.renderers + [CountdownCommand.renderer]).compactMap { renderers[$0.name] }
    }

    /// The effect and format a path names: `/count.svg` → count, SVG.
    private func route(_ name: String) throws(HTTPError) -> (EffectRenderer, FileFormat) {
        let list = orderedRenderers.map(\.name).joined(separator: ", ")
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw HTTPError(
                404, "no such page '/\(InputFile.printable(name))'; effects: \(list) (e.g. /count.svg?to=1234)")
        }
        let effect = String(name[..<dot])
        let ext = String(name[name.index(after: dot)...])
        guard let renderer = renderers[effect] else {
            var message = "unknown effect '\(InputFile.printable(effect))'"
            let typed = Array(effect.lowercased())
            if let near = renderers.keys.map({ ($0, editDistance(Array($0), typed)) }).filter({ $0.1 <= 2 })
                .min(by: { $0.1 < $1.1 })
            {
                message += "; did you mean '\(near.0)'?"
            }
            throw HTTPError(404, message + " (effects: \(list))")
        }
        guard let format = FileFormat(fileExtension: ext.lowercased()) else {
            throw HTTPError(
                404,
                "'.\(InputFile.printable(ext))' is not a format Kinetic writes; use .png, .apng, .gif, .mp4, .webm, "
                    + ".json (Lottie), .lottie (dotLottie) or .svg")
        }
        return (renderer, format)
    }

    /// Renders `job` on the pool (or joins the same render in progress), then answers through `send`.
    private func start(
        _ job: Job, receivedAt received: Double, send: @escaping @Sendable (HTTPServer.Response, String) -> Void
    ) {
        let deliver: @Sendable (Result<ResponseCache.Entry, HTTPError>, String) -> Void = { [self] result, state in
            switch result {
            case .success(let entry):
                let headers =
                    job.key == nil
                    ? Self.timeDependentHeaders(mediaType: entry.mediaType)
                    : pictureHeaders(etag: entry.etag, mediaType: entry.mediaType)
                send(HTTPServer.Response(status: 200, headers: headers, body: entry.body), state)
            case .failure(let error):
                send(Self.errorResponse(error), "")
            }
        }
        if let key = job.key {
            let joined = inFlight.withLock { waiting -> Bool in
                if waiting[key] != nil {
                    waiting[key]?.append { deliver($0, "shared") }
                    return true
                }
                waiting[key] = []
                return false
            }
            if joined { return }
        }
        metrics.cacheMiss()
        let accepted = pool.submit { [self] in
            let result = self.render(job, receivedAt: received)
            if case .success(let entry) = result, let key = job.key { self.cache.put(key, entry) }
            let waiters = job.key.map { key in self.inFlight.withLock { $0.removeValue(forKey: key) ?? [] } } ?? []
            deliver(result, "miss")
            for waiter in waiters { waiter(result) }
        }
        if !accepted {
            metrics.rejected()
            let busy = HTTPError(
                503, "the server is busy (every render thread and queue place is taken); retry shortly", retryAfter: 1)
            let waiters = job.key.map { key in inFlight.withLock { $0.removeValue(forKey: key) ?? [] } } ?? []
            deliver(.failure(busy), "")
            for waiter in waiters { waiter(.failure(busy)) }
        }
    }

    /// Renders on a pool thread, within the deadline counted from `received`.
    private func render(_ job: Job, receivedAt received: Double) -> Result<ResponseCache.Entry, HTTPError> {
        let deadline = received + settings.deadline
        let started = clock()
        guard started < deadline else {
            metrics.rejected()
            return .failure(
                HTTPError(
                    503, "the request waited past the \(settings.deadline.humanText) s deadline; retry shortly",
                    retryAfter: 1))
        }
        do throws(HTTPError) {
            var arguments = job.arguments
            if job.renderer.dependsOnTime { arguments.values["now"] = String(received) }
            let output = "\(job.renderer.name).\(job.format.fileExtension)"
            let renderSettings: RenderSettings
            let clip: Clip
            do throws(CLIError) {
                renderSettings = try RenderSettings(arguments, defaultSize: job.renderer.defaultSize, output: output)
                clip = try job.renderer.makeClip(arguments, renderSettings)
            } catch {
                throw HTTPError(error, options: job.renderer.options)
            }
            var options = renderSettings.options
            options.scratchFolder = settings.scratchFolder
            // One render per thread: the pool runs one per core, so each draws its frames alone.
            if OutputOption.concurrency.formats.contains(job.format) { options.concurrency = 1 }
            let clock = self.clock
            options.shouldCancel = { [self] in
                clock() > deadline || self.cancelling.load(ordering: .sequentiallyConsistent)
            }
            let result: OutputResult
            do throws(OutputError) {
                result = try clip.write(as: job.format, options: options)
            } catch .cancelled {
                metrics.rejected()
                throw HTTPError(
                    503,
                    "the render passed the \(settings.deadline.humanText) s deadline; retry shortly, or ask for "
                        + "fewer frames (a lower fps or a shorter duration)", retryAfter: 5)
            } catch {
                throw HTTPError(RenderPipeline.cliError(error), options: job.renderer.options)
            }
            metrics.render(seconds: clock() - started)
            return .success(
                ResponseCache.Entry(body: result.bytes, mediaType: job.format.mediaType, etag: job.etag ?? ""))
        } catch {
            return .failure(error)
        }
    }

    /// The canonical request: the version, the effect, the format and the parameters sorted by name. Two URLs
    /// that ask for the same picture (parameters in another order) share it.
    static func canonicalKey(renderer: EffectRenderer, format: FileFormat, arguments: ParsedArguments) -> String {
        let values = arguments.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let flags = arguments.flags.sorted()
        return ([KineticCommandLine.version, renderer.name, format.fileExtension] + values + flags)
            .joined(separator: "\u{0}")
    }

    /// True when an If-None-Match header names `etag` (or is `*`); weak tags compare by their opaque part.
    static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { part in
            var tag = part.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }

    /// The headers of a deterministic picture (and of its 304).
    private func pictureHeaders(etag: String, mediaType: String?) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = [
            ("ETag", etag), ("Cache-Control", "public, max-age=\(settings.maxAge)"),
        ]
        if let mediaType { headers += Self.commonPictureHeaders(mediaType) }
        return headers
    }

    /// The headers of a picture that depends on the time it was asked for (the countdown): never stored.
    private static func timeDependentHeaders(mediaType: String) -> [(name: String, value: String)] {
        [("Cache-Control", "no-store, max-age=0")] + commonPictureHeaders(mediaType)
    }

    private static func commonPictureHeaders(_ mediaType: String) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = [
            ("Content-Type", mediaType), ("X-Content-Type-Options", "nosniff"),
            // Lottie players on other sites fetch the JSON with fetch(): any origin may read a picture.
            ("Access-Control-Allow-Origin", "*"),
        ]
        if mediaType == FileFormat.svg.mediaType {
            // Opened on its own, the SVG may use its inline styles and nothing else (it has no script or URL).
            headers.append(("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"))
        }
        return headers
    }

    private static func page(_ text: String, type: String) -> HTTPServer.Response {
        HTTPServer.Response(
            status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-store")], body: Array(text.utf8))
    }

    static func errorResponse(_ error: HTTPError) -> HTTPServer.Response {
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
        ]
        if error.status == 405 { headers.append(("Allow", "GET, HEAD")) }
        if let retry = error.retryAfter { headers.append(("Retry-After", "\(retry)")) }
        return HTTPServer.Response(
            status: error.status, headers: headers, body: Array((InputFile.printable(error.message) + "\n").utf8))
    }
}

/// What the service makes of a request without rendering it: the status it would answer and the line it would say
/// — for the fuzz target of the URL → options parser (Fuzz/FuzzServiceURL) and for tools that check a URL before
/// publishing it. The effect's own options are read as the command line reads them (FuzzRenderSpecs covers those
/// with `--dry-run`); here the route, the query, the shared render options and the entity tag.
public enum ServiceRequestCheck {
    private static let service = RenderService(
        settings: RenderService.Settings(), cache: ResponseCache(capacity: 0),
        pool: RenderPool(workers: 1, queueLimit: 0), clock: { 0 })

    /// The status (200 when the picture would be rendered) and the one line of an error ("" for 200 and 304).
    public static func answer(
        method: String, path: String, query: [(name: String, value: String)], ifNoneMatch: String? = nil
    ) -> (status: Int, message: String) {
        let request = HTTPServer.Request(
            method: method, path: path, query: query, ifNoneMatch: ifNoneMatch, isUTF8: true)
        switch service.answer(request, receivedAt: 0) {
        case .done(let response, _, _):
            let text = String(decoding: response.body, as: UTF8.self)
            return (response.status, response.status == 200 || response.status == 304 ? "" : text)
        case .render(let job):
            do throws(CLIError) {
                var arguments = job.arguments
                if job.renderer.dependsOnTime { arguments.values["now"] = "0" }
                _ = try RenderSettings(
                    arguments, defaultSize: job.renderer.defaultSize,
                    output: "\(job.renderer.name).\(job.format.fileExtension)")
                return (200, "")
            } catch {
                let failure = HTTPError(error, options: job.renderer.options)
                return (failure.status, InputFile.printable(failure.message) + "\n")
            }
        }
    }
}
