#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Logging

/// A generic HTTP API client: runs each request through its middleware, in order, then its transport.
///
/// Service clients build an `HTTPRequest` with a path relative to the API (`/acme/client/players/ann`);
/// `SignetClient` makes it absolute against ``baseURL`` (scheme, authority, base path prefix) *before* the chain
/// runs, so signing, logging and clock-skew correction see the path and host that go on the wire.
/// Errors leave as ``SignetError`` with the operation, method and path filled in; cancellation of the
/// calling task surfaces as ``SignetError/Kind/cancelled``. Errors of other types thrown by middleware
/// (a signer's own error, say) pass through unchanged.
public struct SignetClient: Sendable {
    /// The API's base URL; its path, if any, prefixes every request path.
    public let baseURL: URL
    /// The middleware, outermost first.
    public let middleware: [any SignetMiddleware]
    /// The transport that ends the chain.
    public let transport: any Transport
    /// The logger given to contexts made by ``makeContext(operation:)``.
    public let logger: Logger
    /// The wall clock given to contexts made by ``makeContext(operation:)``.
    public let clock: @Sendable () -> Date
    /// The decoder ``decodeJSON(_:from:operation:maxBytes:)`` uses.
    public let jsonDecoder: JSONDecoder

    private let base: BaseURLParts?
    /// ``transport`` when it enforces deadlines itself (looked up once, not per request).
    private let deadlineTransport: (any DeadlineEnforcingTransport)?

    /// Creates a client for the API at `baseURL` that sends through `transport` after `middleware`
    /// (outermost first; see `SignetClient.defaultMiddleware(signer:clockOffsets:)`).
    public init(
        baseURL: URL,
        transport: some Transport,
        middleware: [any SignetMiddleware],
        logger: Logger = Logger(label: "signet.client"),
        clock: @escaping @Sendable () -> Date = { Date() },
        jsonDecoder: JSONDecoder = JSONDecoder()
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.middleware = middleware
        self.logger = logger
        self.clock = clock
        self.jsonDecoder = jsonDecoder
        self.base = BaseURLParts(baseURL)
        self.deadlineTransport = transport as? any DeadlineEnforcingTransport
    }

    /// A fresh context for the first attempt of `operation`, with this client's logger and clock.
    public func makeContext(operation: String) -> CallContext {
        CallContext(operation: operation, logger: logger, clock: clock)
    }

    /// Sends `request` through the middleware and transport, returning the response whatever its status.
    /// - Throws: ``SignetError`` (transport failure, timeout, cancellation, invalid request).
    public func send(
        _ request: HTTPRequest,
        body: Body = .empty,
        context: CallContext
    ) async throws -> (HTTPResponse, Body) {
        try await sendResolved(try resolve(request, operation: context.operation), body: body, context: context)
    }

    /// Sends a request already made absolute by ``resolve(_:operation:)`` (resolved once per call).
    func sendResolved(
        _ resolved: HTTPRequest, body: Body, context: CallContext
    ) async throws -> (HTTPResponse, Body) {
        do {
            return try await run(from: 0, resolved, body, context)
        } catch let error as SignetError {
            throw error.adding(operation: context.operation, request: resolved)
        } catch is CancellationError {
            throw SignetError(.cancelled, operation: context.operation, method: resolved.method, path: resolved.path)
        }
    }

    /// Sends `request` as operation `operation` with a context from ``makeContext(operation:)``.
    public func send(
        _ request: HTTPRequest,
        body: Body = .empty,
        operation: String
    ) async throws -> (HTTPResponse, Body) {
        try await send(request, body: body, context: makeContext(operation: operation))
    }

    private func run(
        from index: Int,
        _ request: HTTPRequest,
        _ body: Body,
        _ context: CallContext
    ) async throws -> (HTTPResponse, Body) {
        if index == middleware.count {
            // A deadline (set by TimeoutMiddleware) is enforced here, around the exchange itself: natively by
            // a transport that can, otherwise by racing the exchange against the shared timer.
            guard let deadline = context.deadline else { return try await transport.send(request, body: body, baseURL: baseURL) }
            if let deadlineTransport {
                return try await deadlineTransport.send(request, body: body, baseURL: baseURL, deadline: deadline)
            }
            return try await DeadlineRace.run(timer: .shared(deadline)) {
                try await transport.send(request, body: body, baseURL: baseURL)
            }
        }
        return try await middleware[index].intercept(request, body: body, context: context) { request, body, context in
            try await run(from: index + 1, request, body, context)
        }
    }

    /// The request made absolute against the base URL; absolute requests pass unchanged. A path that no
    /// transport would send as it is (``RequestTarget``) is refused here, before anything signs it.
    func resolve(_ request: HTTPRequest, operation: String) throws -> HTTPRequest {
        if let path = request.path, let problem = RequestTarget.problem(in: path) {
            throw SignetError(.invalidRequest(reason: problem), operation: operation, method: request.method, path: request.path)
        }
        if request.authority != nil, request.scheme != nil { return request }
        guard let base else {
            throw SignetError(.invalidRequest(reason: "base URL \(baseURL.absoluteString) has no scheme or host"),
                              operation: operation, method: request.method, path: request.path)
        }
        return base.resolve(request)
    }
}

/// The pieces of a base URL a relative request borrows: Signet's one URL resolver, used by ``SignetClient``
/// (once per call, before the chain runs) and by transports given a request that is still relative.
package struct BaseURLParts: Sendable {
    /// The base's scheme and authority as pseudo-header fields, checked once here: setting them as strings
    /// on every call re-validated both (about a fifth of `SignetClient.send`'s own time).
    private let scheme: HTTPField
    private let authority: HTTPField
    /// The base path without a trailing slash (`""` for none).
    private let path: String

    package init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
              let scheme = components.scheme,
              var host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        let authority = components.port.map { "\(host):\($0)" } ?? host
        let template = HTTPRequest(method: .get, scheme: scheme, authority: authority, path: "/")
        guard let schemeField = template.pseudoHeaderFields.scheme,
              let authorityField = template.pseudoHeaderFields.authority
        else { return nil }
        self.scheme = schemeField
        self.authority = authorityField
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        self.path = path
    }

    /// `request` made absolute: missing scheme filled in; when it has no authority, the base authority
    /// is used and the base path prefixed to its path.
    package func resolve(_ request: HTTPRequest) -> HTTPRequest {
        var resolved = request
        if request.scheme == nil { resolved.pseudoHeaderFields.scheme = scheme }
        if request.authority == nil {
            resolved.pseudoHeaderFields.authority = authority
            let relative = request.path ?? "/"
            let needsSlash = !relative.hasPrefix("/")
            // An absolute path under a base without a path of its own is already right: not set again.
            if !path.isEmpty || needsSlash || request.path == nil {
                resolved.path = path + (needsSlash ? "/" + relative : relative)
            }
        }
        return resolved
    }
}
