import Foundation
import KineticCore

#if canImport(Glibc)
    import Glibc
#endif

/// `kinetic serve`: every effect in every format by URL, over HTTP/1.1 — for READMEs, docs pages, dashboards and
/// e-mails. See docs/serve.md.
enum ServeCommand {
    static let command = Command(
        path: ["serve"],
        summary: "Serve every effect in every format by URL over HTTP (/count.svg?to=1234), cached and bounded.",
        usage: "serve [--host ADDR] [--port N] [--workers N] [--queue N] [--cache-mb N] [--max-age S] [options]",
        details: """
            GET /EFFECT.FORMAT?PARAMETER=VALUE&… renders `kinetic render EFFECT` with those options (without the
            dashes) to FORMAT (svg gif png apng json lottie mp4 webm) in memory: /count.svg?to=1234&format=currency,
            /elevator.gif?values=7,42,1999, /countdown.gif?until=2026-12-31T00:00:00Z. The same request gives the same
            bytes, so each picture has a strong ETag (If-None-Match → 304) and Cache-Control: public; the countdown,
            which depends on the time it is asked for, is no-store. Also: / (a gallery of live URLs), /EFFECT (its
            parameters), /healthz, /metrics (Prometheus). SIGTERM or Ctrl-C stops accepting, finishes the requests
            in flight (within --drain seconds) and exits 0. One JSON line per request goes to standard output.
            """,
        options: [
            .value("host", "ADDR", "The address to listen on, IPv4 or IPv6 (default 127.0.0.1: this machine only)."),
            .value("port", "N", "The port, 0…65535; 0 picks a free one, printed at start (default 8080)."),
            .value("workers", "N", "Renders at once, 1…256 (default: one per CPU)."),
            .value("queue", "N", "Renders waiting at most, 0…10000; beyond it 503 with Retry-After (default 64)."),
            .value("cache-mb", "N", "Memory for rendered pictures, in MiB, 0…65536 (default 256)."),
            .value("max-age", "S", "Cache-Control max-age of a picture, in seconds, 0…31536000 (default 86400)."),
            .value("deadline", "S", "Seconds a request may wait and render, 0.1…600; then 503 (default 30)."),
            .value("connections", "N", "Open connections at most, 1…100000 (default 512)."),
            .value(
                "per-client", "N",
                "Open connections at most from one IP address, 0…100000; 0: no limit (the default, right behind a "
                    + "proxy, where every request comes from the proxy's address)."),
            .value("client-timeout", "S", "Seconds before an idle or slow client is cut off, 1…3600 (default 10)."),
            .value("network-threads", "N", "Threads reading and writing sockets, 1…64 (default 2)."),
            .value("drain", "S", "On SIGTERM, seconds to finish requests in flight, 0…600 (default 20)."),
            .value("access-log", "WHERE", "stdout or none (default stdout)."),
            .flag("dry-run", "Check the options and that the address can be bound, print what would be served, exit."),
        ],
        run: { arguments, streams throws(CLIError) in
            try RenderCommands.rejectPositionals(arguments)
            try serve(arguments, streams: streams)
        })

    static func serve(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        let host = arguments.string("host") ?? "127.0.0.1"
        let port = try arguments.int("port", in: 0...65535) ?? 8080
        let workers =
            try arguments.int("workers", in: 1...256) ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
        let queue = try arguments.int("queue", in: 0...10_000) ?? 64
        let cacheMiB = try arguments.int("cache-mb", in: 0...65_536) ?? 256
        var settings = RenderService.Settings()
        settings.maxAge = try arguments.int("max-age", in: 0...31_536_000) ?? settings.maxAge
        settings.deadline = try arguments.double("deadline", in: .from(0.1, to: 600, "seconds")) ?? settings.deadline
        settings.scratchFolder =
            ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var limits = HTTPServer.Limits()
        limits.connections = try arguments.int("connections", in: 1...100_000) ?? limits.connections
        limits.connectionsPerClient = try arguments.int("per-client", in: 0...100_000) ?? limits.connectionsPerClient
        limits.clientTimeout = try arguments.int("client-timeout", in: 1...3_600) ?? limits.clientTimeout
        limits.networkThreads = try arguments.int("network-threads", in: 1...64) ?? limits.networkThreads
        let drain = try arguments.double("drain", in: .from(0, to: 600, "seconds")) ?? 20
        let logDescriptor: Int32?
        switch arguments.string("access-log") ?? "stdout" {
        case "stdout": logDescriptor = 1
        case "none": logDescriptor = nil
        case let other: throw .usage("--access-log must be stdout or none (got '\(other)')")
        }

        let shown = host.contains(":") ? "[\(host)]" : host
        if arguments.flag("dry-run") {
            let (socket, bound) = try HTTPServer.listen(host: host, port: port)
            close(socket)
            try streams.out(
                "would serve on http://\(shown):\(bound)/ with \(workers) render thread\(workers == 1 ? "" : "s"), "
                    + "queue \(queue), cache \(cacheMiB) MiB, deadline \(settings.deadline.humanText) s\n")
            return
        }

        // SIGTERM, SIGINT and SIGHUP are taken by this thread (sigwait) rather than by the handlers that remove a
        // render's temporary files: blocked here before any thread starts, they stay blocked in every thread.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&stopSignals, number) }
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

        let log = AccessLog(descriptor: logDescriptor)
        let pool = RenderPool(workers: workers, queueLimit: queue)
        let service = RenderService(
            settings: settings, cache: ResponseCache(capacity: cacheMiB << 20), pool: pool,
            clock: { Date().timeIntervalSince1970 }, log: { log.write($0) })
        let server = try HTTPServer(host: host, port: port, limits: limits) { service.reply(to: $0) }
        try streams.err(
            "kinetic serve: listening on http://\(shown):\(server.port)/ (\(workers) render thread"
                + "\(workers == 1 ? "" : "s"), queue \(queue), cache \(cacheMiB) MiB)\n")

        var received: Int32 = 0
        sigwait(&stopSignals, &received)
        // Draining: the health check fails (a load balancer stops sending), no new connection is accepted, and the
        // requests in flight finish within the bound.
        service.beginDraining()
        server.stopAccepting()
        let start = Date()
        let inFlight = server.activeRequests
        var finished = pool.stop(within: drain)
        if !finished {
            // Past the bound: the renders still running stop at their next frame and answer 503.
            service.cancelRenders()
            finished = pool.stop(within: 10)
        }
        while server.activeRequests > 0, Date().timeIntervalSince(start) < drain + 1 {
            usleep(10_000)
        }
        let left = server.activeRequests
        server.stop()
        let signalName = received == SIGINT ? "SIGINT" : received == SIGHUP ? "SIGHUP" : "SIGTERM"
        try streams.err(
            "kinetic serve: \(signalName): stopped; \(inFlight) request\(inFlight == 1 ? "" : "s") in flight"
                + (finished && left == 0 ? ", all answered\n" : ", \(left) cut off after \(drain.humanText) s\n"))
    }
}
