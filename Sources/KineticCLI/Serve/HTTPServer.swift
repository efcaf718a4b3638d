import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on GNU libmicrohttpd: the library parses requests, keeps connections alive, times out slow
/// clients and bounds connections; this wrapper hands each request to a handler and sends its answer.
///
/// A handler answers at once (an error, a cached picture, a 304) or later, from another thread (a render): the
/// connection is suspended meanwhile, so the network threads never wait for a render.
final class HTTPServer: @unchecked Sendable {
    /// What the library bounds.
    struct Limits: Sendable {
        /// Open connections at most; more are refused at accept. Default 512.
        var connections = 512
        /// Open connections at most from one IP address (more are refused at accept); 0: no limit. Default 0,
        /// since behind a reverse proxy every connection comes from the proxy.
        var connectionsPerClient = 0
        /// Seconds a connection may stay idle or send its request (slow clients), ≥ 1. Default 10.
        var clientTimeout = 10
        /// Network threads (each polls its connections with epoll), ≥ 1. Default 2.
        var networkThreads = 2
        /// Bytes a connection may use for the request line and headers; a longer request is refused by the
        /// library (414 or 431). Default 32 KiB.
        var requestMemory = 32 * 1024
    }

    /// One request, as the library parsed it.
    struct Request: Sendable {
        /// "GET", "HEAD", …
        var method: String
        /// The path, percent-decoded, without the query.
        var path: String
        /// The query's parameters in order, percent-decoded ('+' is a space); a parameter without '=' has "".
        var query: [(name: String, value: String)]
        /// The If-None-Match header, or nil.
        var ifNoneMatch: String?
        /// False when the path or a parameter is not UTF-8 (its text then holds U+FFFD).
        var isUTF8: Bool
    }

    /// An answer.
    struct Response: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]
    }

    /// How a handler answers: now, or later by calling the function it is given (once, from any thread).
    enum Reply: Sendable {
        case now(Response)
        case later(@Sendable (_ answer: @escaping @Sendable (Response) -> Void) -> Void)
    }

    typealias Handler = @Sendable (Request) -> Reply

    /// The port the server listens on.
    let port: Int
    private let handler: Handler
    private let listenSocket: Int32
    private let daemon: Mutex<DaemonHandle?> = Mutex(nil)
    private let retainedSelf: Mutex<Unmanaged<HTTPServer>?> = Mutex(nil)
    private let requestsInProgress = Atomic<Int>(0)

    /// Requests received and not yet completely answered (renders waiting or running, answers being sent).
    var activeRequests: Int { requestsInProgress.load(ordering: .sequentiallyConsistent) }

    /// Binds `host:port` (port 0: any free port) and starts serving.
    ///
    /// - Throws: `CLIError.unavailable` when the address cannot be bound or the library cannot start, with the
    ///   reason.
    init(host: String, port: Int, limits: Limits, handler: @escaping Handler) throws(CLIError) {
        self.handler = handler
        let (socket, boundPort) = try Self.listen(host: host, port: port)
        listenSocket = socket
        self.port = boundPort
        let retained = Unmanaged.passRetained(self)
        retainedSelf.withLock { $0 = retained }
        let context = retained.toOpaque()
        var items: [MHD_OptionItem] = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(socket), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(1, limits.connections), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(1, limits.clientTimeout), ptr_value: nil),
            MHD_OptionItem(
                option: .PER_IP_CONNECTION_LIMIT, value: max(0, limits.connectionsPerClient), ptr_value: nil),
            MHD_OptionItem(
                option: .CONNECTION_MEMORY_LIMIT, value: max(4096, limits.requestMemory), ptr_value: nil),
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: max(1, limits.networkThreads), ptr_value: nil),
            MHD_OptionItem(
                option: .NOTIFY_COMPLETED, value: unsafeBitCast(requestCompleted, to: Int.self),
                ptr_value: context),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        let flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let started = items.withUnsafeMutableBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress else { return nil }
            return withVaList([Int32(bitPattern: MHD_OPTION.ARRAY.rawValue), base, Int32(0)]) { arguments in
                MHD_start_daemon_va(
                    flags, UInt16(boundPort), nil, nil, accessHandler, context, arguments)
            }
        }
        guard let started else {
            close(socket)
            retained.release()
            retainedSelf.withLock { $0 = nil }
            throw .unavailable("the HTTP library could not start on \(host):\(boundPort)")
        }
        daemon.withLock { $0 = DaemonHandle(pointer: started) }
    }

    /// Stops accepting connections (the listening socket is closed: a load balancer's next connection goes to
    /// another replica); connections already open are still served.
    func stopAccepting() {
        daemon.withLock { daemon in
            guard let daemon else { return }
            let socket = MHD_quiesce_daemon(daemon.pointer)
            if socket >= 0 { close(socket) }
        }
    }

    /// Stops the server: every connection is closed. Call once no answer is pending.
    func stop() {
        let stopped: DaemonHandle? = daemon.withLock { daemon in
            defer { daemon = nil }
            return daemon
        }
        guard let stopped else { return }
        MHD_stop_daemon(stopped.pointer)
        retainedSelf.withLock { retained in
            retained?.release()
            retained = nil
        }
    }

    /// A bound, listening socket for `host` (an IPv4 or IPv6 address) and `port`, and the port it got.
    static func listen(host: String, port: Int) throws(CLIError) -> (Int32, Int) {
        guard (0...65535).contains(port) else {
            throw .usage("--port must be a whole number from 0 to 65535 (got \(port))")
        }
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        var parsed = false
        // The address goes into the storage's bytes: the family, the port (network order), then the address.
        func fill<Address>(_ address: inout Address, at addressOffset: Int, family addressFamily: Int32) {
            withUnsafeMutableBytes(of: &address) { raw in
                raw.storeBytes(of: sa_family_t(addressFamily), toByteOffset: 0, as: sa_family_t.self)
                raw.storeBytes(of: UInt16(port).bigEndian, toByteOffset: 2, as: UInt16.self)
                parsed = inet_pton(addressFamily, host, raw.baseAddress.map { $0 + addressOffset }) == 1
            }
            withUnsafeMutableBytes(of: &storage) { raw in withUnsafeBytes(of: address) { raw.copyMemory(from: $0) } }
        }
        if host.contains(":") {
            var address = sockaddr_in6()
            fill(&address, at: MemoryLayout<sockaddr_in6>.offset(of: \sockaddr_in6.sin6_addr) ?? 8, family: AF_INET6)
            (length, family) = (socklen_t(MemoryLayout<sockaddr_in6>.size), AF_INET6)
        } else {
            var address = sockaddr_in()
            fill(&address, at: MemoryLayout<sockaddr_in>.offset(of: \sockaddr_in.sin_addr) ?? 4, family: AF_INET)
            (length, family) = (socklen_t(MemoryLayout<sockaddr_in>.size), AF_INET)
        }
        guard parsed else {
            throw .usage("--host must be an IPv4 or IPv6 address such as 127.0.0.1 or ::1 (got '\(host)')")
        }
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .unavailable("cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0, Glibc.listen(socket, 1024) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw .unavailable(
                "cannot listen on \(host):\(port): \(reason) (another server on that port? try another --port)")
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &actualLength) }
        }
        let boundPort = withUnsafeBytes(of: actual) { raw -> Int in
            // sin_port and sin6_port are both the two bytes after the family, in network order.
            Int(UInt16(raw[2]) << 8 | UInt16(raw[3]))
        }
        return (socket, boundPort)
    }

    /// The library's first (or resumed) call for a request.
    fileprivate func handle(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let marker = state.pointee else {
            // The first call, with the headers: the library answers keep-alive connections only to requests
            // whose answer comes in a later call (after the request, body included, is read).
            state.pointee = headersRead
            requestsInProgress.add(1, ordering: .sequentiallyConsistent)
            return .YES
        }
        if marker != headersRead {
            let pending = marker
            // Resumed: the answer is ready.
            let request = Unmanaged<PendingAnswer>.fromOpaque(pending).takeUnretainedValue()
            guard let response = request.take() else { return .YES }
            return Self.queue(response, on: connection)
        }
        var isUTF8 = true
        func text(_ pointer: UnsafePointer<CChar>?) -> String {
            guard let pointer else { return "" }
            if let valid = String(validatingCString: pointer) { return valid }
            isUTF8 = false
            return String(cString: pointer)
        }
        var query = QueryCollector()
        withUnsafeMutablePointer(to: &query) { pointer in
            _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectArgument, pointer)
        }
        let request = Request(
            method: text(method), path: text(url),
            query: query.pairs.map { (name: text($0.name), value: text($0.value)) },
            ifNoneMatch: MHD_lookup_connection_value(connection, .HEADER_KIND, "If-None-Match").map {
                String(cString: $0)
            }, isUTF8: isUTF8 && query.isUTF8)
        switch handler(request) {
        case .now(let response):
            return Self.queue(response, on: connection)
        case .later(let start):
            let pending = PendingAnswer()
            state.pointee = Unmanaged.passRetained(pending).toOpaque()
            MHD_suspend_connection(connection)
            let resumable = ResumableConnection(connection)
            start { response in
                pending.deliver(response)
                MHD_resume_connection(resumable.connection)
            }
            return .YES
        }
    }

    /// Sends `response`: its headers, its body (left out for HEAD by the library, with the same length).
    private static func queue(_ response: Response, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { raw in
            MHD_create_response_from_buffer(
                raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for header in response.headers {
            _ = MHD_add_response_header(made, header.name, header.value)
        }
        return MHD_queue_response(connection, UInt32(clamping: response.status), made)
    }

    /// The library is done with a request: release what was kept for it.
    fileprivate func completed(_ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let state, state.pointee != nil else { return }
        requestsInProgress.subtract(1, ordering: .sequentiallyConsistent)
        guard let pending = state.pointee, pending != headersRead else { return }
        Unmanaged<PendingAnswer>.fromOpaque(pending).release()
        state.pointee = nil
    }
}

/// The library's daemon, used under a lock.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A suspended connection's handle, passed to the thread that resumes it (the library allows that from any thread).
private struct ResumableConnection: @unchecked Sendable {
    let connection: OpaquePointer
    init(_ connection: OpaquePointer) { self.connection = connection }
}

/// The answer to a suspended request, handed from the thread that made it to the library's thread that sends it.
private final class PendingAnswer: Sendable {
    private let response: Mutex<HTTPServer.Response?> = Mutex(nil)

    func deliver(_ answer: HTTPServer.Response) { response.withLock { $0 = answer } }

    func take() -> HTTPServer.Response? {
        response.withLock { response in
            defer { response = nil }
            return response
        }
    }
}

/// The query's parameters as the library hands them over.
private struct QueryCollector {
    var pairs: [(name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?)] = []
    var isUTF8 = true
}

/// The request state after the first call: headers read, no answer yet (an address no object has).
private nonisolated(unsafe) let headersRead = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

private let collectArgument: MHD_KeyValueIterator = { context, _, name, value in
    guard let context else { return .NO }
    let collector = context.assumingMemoryBound(to: QueryCollector.self)
    // The library's strings live as long as the request; they are read before this call's caller returns.
    collector.pointee.pairs.append((name, value))
    return .YES
}

private let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, _, uploadSize, state in
    guard let context, let connection, let state else { return .NO }
    // A request body (which GET and HEAD do not have) is read and dropped; the answer does not depend on it.
    if let uploadSize, uploadSize.pointee > 0, state.pointee == headersRead {
        uploadSize.pointee = 0
        return .YES
    }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.handle(connection, url: url, method: method, state: state)
}

private let requestCompleted: MHD_RequestCompletedCallback = { context, _, state, _ in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(state)
}
