import Foundation
import HTTPTypes
import NIOCore
import NIOPosix
import NIOSSL
import Signet
import Synchronization

/// A `Signet` transport written directly on SwiftNIO: HTTP/1.1 with keep-alive, over TLS for `https`.
///
/// Each exchange is handed to its connection's event loop in one step: the request is written, the
/// deadline armed and cancelled, and the answer collected there, and the caller resumes once with all of
/// it. That is fewer thread wake-ups per request than AsyncHTTPClient's async API, and about a third less
/// client CPU per request than `SignetAsyncHTTPClientTransport` in `signet-bench`.
///
/// - At most `maxConnectionsPerOrigin` connections per origin; requests past that wait in order, within their deadline.
/// - A connection idle for `idleTimeout` is closed. A request that finds that the server closed its idle
///   connection is sent again once on another, when it is idempotent and its body replayable.
/// - The deadline (``timeout``, or `TimeoutMiddleware`'s) covers the whole exchange, the body included.
/// - Response bodies are collected up to ``maxResponseBytes``; an announced `Content-Length` past it fails
///   at once. Request bodies up to 64 KiB go with the head; larger and file bodies are streamed.
/// - An answer that arrives before a streamed body is all written is returned at once: a status of 300 or
///   more stops the body at its head, a 2xx lets it go on until the answer ends. A connection is reused only
///   when its request was written whole and the answer ended with keep-alive; otherwise it is closed.
/// - `Host`, `Content-Length`, `Transfer-Encoding`, `Connection`, `Upgrade` and `TE` are the transport's: a
///   request that sets one is refused with `SignetError` `.invalidRequest` naming it, before anything is sent.
/// - Redirects are answered as they are (never followed), and every failure is a `SignetError`.
/// - ``shutdown()`` closes the idle connections at once; later requests fail.
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
        maxResponseBytes: Int = SignetClient.defaultMaxResponseBytes, timeout: Duration = .seconds(30),
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
    func sslContext() throws -> NIOSSLContext {
        try tlsContext.withLock { context in
            if let context { return context }
            let made = try NIOSSLContext(configuration: tlsConfiguration)
            context = made
            return made
        }
    }

    /// Sends `request` (absolute: Client resolves it against the base URL) and collects the answer.
    public func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
        try await send(request, body: body, baseURL: baseURL, until: nil)
    }

    /// Sends like ``send(_:body:baseURL:)``, giving up at `deadline` (or after ``timeout``, if sooner).
    public func send(_ request: HTTPRequest, body: Body, baseURL: URL, deadline: ContinuousClock.Instant) async throws -> (HTTPResponse, Body) {
        try await send(request, body: body, baseURL: baseURL, until: deadline)
    }

    /// Sends, giving up at `deadline` or after ``timeout``, whichever comes first; every failure a `SignetError`.
    private func send(_ request: HTTPRequest, body: Body, baseURL: URL, until deadline: ContinuousClock.Instant?) async throws -> (HTTPResponse, Body) {
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

    private func attempt(_ request: HTTPRequest, body: Body, baseURL: URL, deadline: ContinuousClock.Instant?) async throws -> (HTTPResponse, Body) {
        // A timeout names the time the attempt was given, not what was left once a connection was found.
        let start = ContinuousClock.now
        let allowed = deadline.map { min(max(start.duration(to: $0), .zero), timeout) } ?? timeout
        let deadline = start + allowed
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
        let head = try RequestHead.make(request, authority: authority, bodyLength: body.length)
        // A body of up to 64 KiB goes in the same hand-off as the head; it is read before a connection is
        // taken, so a body that fails to read never holds one.
        let inline: [UInt8]? = try await body.length.map { $0 <= Self.inlineBodyLimit } == true ? body.collect(upTo: Self.inlineBodyLimit) : nil
        if let inline, let length = body.length, inline.count != length {
            // Sent as it is, the server would take the next request on this connection for the rest of this body.
            throw SignetError(.invalidRequest(reason: "the request body announced \(length) bytes and gave \(inline.count)"))
        }
        // A connection the server closed while it sat idle fails before any answer: the request is sent
        // again once on a new connection, when it is idempotent and its body can be replayed.
        let (reused, first) = try await checkout(origin, deadline: deadline, allowed: allowed)
        do {
            return try await exchange(head, body: body, inline: inline, on: first, deadline: deadline, allowed: allowed)
        } catch is StaleConnection where reused && body.isReplayable && Self.idempotent.contains(request.method) {
            do {
                let second = try await checkout(origin, deadline: deadline, allowed: allowed).1
                return try await exchange(head, body: body, inline: inline, on: second, deadline: deadline, allowed: allowed)
            } catch let stale as StaleConnection {
                // The sibling clause below does not see what this one throws.
                throw SignetError(.transport(underlying: stale.underlying))
            }
        } catch let stale as StaleConnection {
            throw SignetError(.transport(underlying: stale.underlying))
        }
    }

    /// ``checkout(_:deadline:)``, where a connection not made by `deadline` is a timeout after `allowed`, as an
    /// answer not come by then is.
    private func checkout(_ origin: Origin, deadline: ContinuousClock.Instant, allowed: Duration) async throws -> (Bool, Connection) {
        do {
            return try await checkout(origin, deadline: deadline)
        } catch where !(error is SignetError) && ContinuousClock.now >= deadline {
            throw SignetError(.timeout(after: allowed))
        }
    }

    /// Shuts the transport down: idle connections are closed at once (this returns when they are), requests
    /// waiting for a connection fail, and so does every later request, with `SignetError` `.invalidRequest`
    /// (not retried: no later attempt could succeed). Exchanges in progress run to their end, and their
    /// connections are then closed.
    public func shutdown() async {
        let (idle, waiters) = pool.shutDown()
        for waiter in waiters { waiter.continuation.resume(throwing: Self.shutDownError) }
        for connection in idle { connection.channel.eventLoop.execute { connection.handler.retire() } }
        for connection in idle { try? await connection.channel.closeFuture.get() }
    }

    /// What requests get once the transport is shut down.
    static let shutDownError = SignetError(.invalidRequest(reason: "the NIOTransport was shut down; no request can be sent on it"))

    static let idempotent: Set<HTTPRequest.Method> = [.get, .head, .put, .delete, .options, .trace]

    /// Request bodies up to this size are sent with the head in one hand-off; larger ones are streamed.
    static let inlineBodyLimit = 64 * 1024

    /// The connection failed or closed before any part of the answer arrived, with what ended it.
    struct StaleConnection: Error {
        let underlying: any Error
    }
}
