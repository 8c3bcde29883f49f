import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Signet
import Synchronization

/// A `Signet` transport written directly on SwiftNIO: HTTP/1.1 with keep-alive, over TLS for `https`.
///
/// Each exchange is handed to its connection's event loop in one step: the request is written, the
/// deadline armed and cancelled, and the answer collected there, and the caller resumes once with all of
/// it. That is fewer thread wake-ups per request than AsyncHTTPClient's async API, and about a third less
/// client CPU per request than `AsyncHTTPClientTransport` in `signet-bench`.
///
/// - At most `maxConnectionsPerOrigin` connections per origin; requests past that wait in order, within their deadline.
/// - A connection idle for `idleTimeout` is closed. A request that finds that the server closed its idle
///   connection is sent again once on another, when it is idempotent and its body replayable.
/// - The deadline (``timeout``, or `TimeoutMiddleware`'s) covers the whole exchange, the body included.
/// - Response bodies are collected up to ``maxResponseBytes``; an announced `Content-Length` past it fails
///   at once. Request bodies up to 64 KiB go with the head; larger and file bodies are streamed.
/// - Redirects are answered as they are (never followed), and every failure is a `SignetError`.
public final class NIOTransport: DeadlineEnforcingTransport, Sendable {
    let group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    /// The largest response body accepted, in bytes.
    public let maxResponseBytes: Int
    /// The deadline for one whole exchange, when the caller gives none sooner.
    public let timeout: Duration
    /// How long a connection may sit idle before it is closed.
    public let idleTimeout: Duration
    /// Open connections per origin, at most `maxConnectionsPerOrigin` each.
    let pool: ConnectionPool

    /// A channel and its exchange handler (touched only on the channel's event loop).
    struct Connection: Sendable {
        let origin: Origin
        let channel: any Channel
        let handler: ExchangeHandler
    }

    /// A host and port to connect to, from a request's authority (`host`, `host:port`, `[v6]:port`).
    struct Origin: Sendable {
        let host: String
        let port: Int
        let tls: Bool
        var key: String { "\(tls ? "https" : "http")://\(host):\(port)" }

        init?(authority: String, tls: Bool) {
            self.tls = tls
            var hostPart = Substring(authority), portPart: Substring? = nil
            if authority.hasPrefix("[") {
                guard let close = authority.firstIndex(of: "]") else { return nil }
                hostPart = authority[authority.index(after: authority.startIndex)..<close]
                let rest = authority[authority.index(after: close)...]
                if rest.hasPrefix(":") { portPart = rest.dropFirst() } else if !rest.isEmpty { return nil }
            } else if let colon = authority.lastIndex(of: ":") {
                hostPart = authority[..<colon]
                portPart = authority[authority.index(after: colon)...]
            }
            guard !hostPart.isEmpty else { return nil }
            host = String(hostPart)
            if let portPart {
                guard let value = Int(portPart), (1...65535).contains(value) else { return nil }
                port = value
            } else {
                port = tls ? 443 : 80
            }
        }
    }

    /// How `https` connections are made: the system's trust roots and full certificate and host-name
    /// checks unless the caller configures otherwise.
    let tlsConfiguration: TLSConfiguration
    /// The TLS context, made from ``tlsConfiguration`` at the first `https` connection.
    private let tlsContext = Mutex<NIOSSLContext?>(nil)

    /// A transport accepting response bodies up to `maxResponseBytes`, giving each exchange at most `timeout`,
    /// and connecting to `https` origins with `tls` (by default the system's trust roots, full checks).
    /// At most `maxConnectionsPerOrigin` connections are open to one origin (requests past that wait for
    /// one), and a connection idle for `idleTimeout` is closed.
    public init(
        maxResponseBytes: Int = Client.defaultMaxResponseBytes, timeout: Duration = .seconds(30),
        tls: TLSConfiguration = .makeClientConfiguration(),
        maxConnectionsPerOrigin: Int = 8, idleTimeout: Duration = .seconds(60)
    ) {
        self.maxResponseBytes = maxResponseBytes
        self.timeout = timeout
        self.tlsConfiguration = tls
        self.pool = ConnectionPool(limit: maxConnectionsPerOrigin)
        self.idleTimeout = idleTimeout
    }

    /// The TLS context, made once.
    private func sslContext() throws -> NIOSSLContext {
        try tlsContext.withLock { context in
            if let context { return context }
            let made = try NIOSSLContext(configuration: tlsConfiguration)
            context = made
            return made
        }
    }

    /// Sends `request` (absolute: Client resolves it against the base URL) and collects the answer.
    public func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
        try await send(request, body: body, baseURL: baseURL, deadline: .now + timeout)
    }

    /// Sends like ``send(_:body:baseURL:)``, giving up at `deadline` (or after ``timeout``, if sooner).
    public func send(_ request: HTTPRequest, body: Body, baseURL: URL, deadline: ContinuousClock.Instant) async throws -> (HTTPResponse, Body) {
        do {
            return try await attempt(request, body: body, baseURL: baseURL, deadline: deadline)
        } catch {
            // One error type for retry middleware and callers, located at the request.
            let mapped: SignetError
            if let signetError = error as? SignetError {
                mapped = signetError
            } else if error is CancellationError || Task.isCancelled {
                mapped = SignetError(.cancelled)
            } else {
                mapped = SignetError(.transport(underlying: error))
            }
            throw mapped.adding(operation: nil, request: request)
        }
    }

    private func attempt(_ request: HTTPRequest, body: Body, baseURL: URL, deadline: ContinuousClock.Instant) async throws -> (HTTPResponse, Body) {
        let deadline = min(deadline, .now + timeout)
        var request = request
        if request.scheme == nil || request.authority == nil {
            guard let base = BaseURLParts(baseURL) else {
                throw SignetError(.invalidRequest(reason: "the base URL has no scheme or host"))
            }
            request = base.resolve(request)
        }
        guard let scheme = request.scheme, scheme == "http" || scheme == "https" else {
            throw SignetError(.invalidRequest(reason: "the transport speaks http and https, not \(request.scheme ?? "no scheme")"))
        }
        guard let authority = request.authority, let origin = Origin(authority: authority, tls: scheme == "https") else {
            throw SignetError(.invalidRequest(reason: "the request has no host to connect to"))
        }
        // Client checks this before signing; a caller of the transport itself gets the same answer.
        if let problem = RequestTarget.problem(in: request.path ?? "/") {
            throw SignetError(.invalidRequest(reason: problem))
        }
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.method.rawValue), uri: request.path ?? "/")
        head.headers.reserveCapacity(request.headerFields.count + 2)
        head.headers.add(name: "Host", value: authority)
        for field in request.headerFields { head.headers.add(name: field.name.rawName, value: field.value) }
        if let length = body.length, length > 0 || request.method == .post || request.method == .put {
            head.headers.add(name: "Content-Length", value: String(length))
        } else if body.length == nil {
            head.headers.add(name: "Transfer-Encoding", value: "chunked")
        }
        // A body of up to 64 KiB goes in the same hand-off as the head; it is read before a connection is
        // taken, so a body that fails to read never holds one.
        let inline: [UInt8]? = try await body.length.map { $0 <= Self.inlineBodyLimit } == true ? body.collect(upTo: Self.inlineBodyLimit) : nil
        // A connection the server closed while it sat idle fails before any answer: the request is sent
        // again once on a new connection, when it is idempotent and its body can be replayed.
        let (reused, first) = try await checkout(origin, deadline: deadline)
        do {
            return try await exchange(head, body: body, inline: inline, on: first, deadline: deadline)
        } catch is StaleConnection where reused && body.isReplayable && Self.idempotent.contains(request.method) {
            return try await exchange(head, body: body, inline: inline, on: try await checkout(origin, deadline: deadline).1, deadline: deadline)
        } catch let stale as StaleConnection {
            throw SignetError(.transport(underlying: stale.underlying))
        }
    }

    static let idempotent: Set<HTTPRequest.Method> = [.get, .head, .put, .delete, .options, .trace]

    /// Request bodies up to this size are sent with the head in one hand-off; larger ones are streamed.
    static let inlineBodyLimit = 64 * 1024

    /// The connection failed or closed before any part of the answer arrived, with what ended it.
    struct StaleConnection: Error {
        let underlying: any Error
    }

    /// One exchange on `connection`: `inline` is the whole body when it goes with the head, else nil and
    /// `body` is streamed.
    private func exchange(
        _ head: HTTPRequestHead, body: Body, inline: [UInt8]?, on connection: Connection, deadline: ContinuousClock.Instant
    ) async throws -> (HTTPResponse, Body) {
        let eventLoop = connection.channel.eventLoop
        let promise = eventLoop.makePromise(of: (HTTPResponseHead, [UInt8]).self)
        let budget = max(ContinuousClock.now.duration(to: deadline), .zero)
        let nioDeadline = NIODeadline.now() + TimeAmount(budget)
        let pool = pool, idleTimeout = idleTimeout
        eventLoop.execute { [head, inline] in
            connection.handler.begin(promise, deadline: nioDeadline, budget: budget, channel: connection.channel) { reusable in
                if reusable, pool.release(connection) { connection.handler.parkIdle(for: idleTimeout, channel: connection.channel) }
            }
            let channel = connection.channel
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            if let inline {
                if !inline.isEmpty { channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: inline))), promise: nil) }
                channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            } else {
                channel.flush()
            }
        }
        if inline == nil {
            // A body that fails to read (a file that changed size) ends the exchange and the connection,
            // which holds half a request. A write that fails means the connection ended: the exchange's own
            // outcome (a timeout, the server closing) says why, below.
            var iterator = body.chunks().makeAsyncIterator()
            while true {
                let chunk: [UInt8]?
                do {
                    chunk = try await iterator.next()
                } catch {
                    connection.channel.close(promise: nil)
                    throw error
                }
                let part: HTTPClientRequestPart = chunk.map { .body(.byteBuffer(ByteBuffer(bytes: $0))) } ?? .end(nil)
                do {
                    try await connection.channel.writeAndFlush(part)
                } catch {
                    break
                }
                if chunk == nil { break }
            }
        }
        let (responseHead, bytes) = try await withTaskCancellationHandler {
            try await promise.futureResult.get()
        } onCancel: {
            eventLoop.execute { connection.handler.cancel(channel: connection.channel) }
        }
        var fields = HTTPFields()
        fields.reserveCapacity(responseHead.headers.count)
        for header in responseHead.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        let status = HTTPResponse.Status(code: Int(responseHead.status.code), reasonPhrase: responseHead.status.reasonPhrase)
        let response = HTTPResponse(status: status, headerFields: fields)
        return (response, .bytes(bytes))
    }

    /// An idle connection that is still open (and true), or a new one.
    /// Waiting for a free connection counts against the exchange's `deadline`.
    private func checkout(_ origin: Origin, deadline: ContinuousClock.Instant) async throws -> (Bool, Connection) {
        switch pool.take(origin.key) {
        case .connection(let connection): return (true, connection)
        case .connect: return (false, try await connect(origin))
        case .wait:
            let pool = pool
            if let connection = try await DeadlineRace.run(timer: .shared(deadline), { try await pool.wait(origin.key) }) {
                return (true, connection)
            }
            return (false, try await connect(origin))
        }
    }

    /// Opens a connection in a slot already counted by the pool; frees the slot if that fails.
    private func connect(_ origin: Origin) async throws -> Connection {
        let channel: any Channel, handler: ExchangeHandler
        do {
            (channel, handler) = try await open(origin)
        } catch {
            pool.connectFailed(origin.key)
            throw error
        }
        let connection = Connection(origin: origin, channel: channel, handler: handler)
        let pool = pool
        channel.closeFuture.whenComplete { _ in pool.closed(connection) }
        return connection
    }

    private func open(_ origin: Origin) async throws -> (any Channel, ExchangeHandler) {
        let handler = ExchangeHandler(maxResponseBytes: maxResponseBytes)
        // The host name is checked against the certificate and sent as SNI, unless it is an IP address,
        // which is checked against the certificate's IP entries and never sent as SNI.
        let context = origin.tls ? try sslContext() : nil
        let isAddress = (try? SocketAddress(ipAddress: origin.host, port: 0)) != nil
        let channel = try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let context {
                        let tlsHandler = try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : origin.host)
                        try channel.pipeline.syncOperations.addHandler(tlsHandler)
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: origin.host, port: origin.port).get()
        return (channel, handler)
    }
}
