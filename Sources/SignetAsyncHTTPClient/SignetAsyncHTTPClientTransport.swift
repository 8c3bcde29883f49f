import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import Signet

/// A `Transport` over AsyncHTTPClient (SwiftNIO): for servers and tools that already run on NIO.
///
/// In-memory bodies are sent as one buffer; file bodies are **streamed** from disk in their chunk size with
/// a known `Content-Length` (never loaded whole); one-shot stream bodies are streamed as they come. The
/// response body is collected up to ``maxResponseBytes``, and the deadline covers the whole exchange, the
/// body included: a server that sends its headers and then drips the body is cut off at the deadline.
///
/// Redirects are **not followed**: the default client (``defaultClient``) has redirects disabled, so a 3xx
/// reaches the caller, which reports `SignetError.Kind.redirected(_:location:)`. A signed request
/// followed to another host would hand it that request's `Date` and `Content-MD5` and answer with that
/// host's response. A client given here that follows redirects anyway is caught after the fact: an answer
/// from another origin than the request's fails with `SignetError.Kind.redirected(_:location:)`.
///
/// Failures become `SignetError`: connection failures `.transport` (retry middleware retries them),
/// AsyncHTTPClient's deadline and connect/read/write timeouts `.timeout`, task cancellation `.cancelled`, a
/// too-large response `.bodyTooLarge`, a request AsyncHTTPClient refuses (bad URL, conflicting headers)
/// `.invalidRequest`, a redirect loop or limit of a redirect-following client `.invalidResponse` (never
/// retried). It enforces `TimeoutMiddleware`'s deadline itself.
public struct SignetAsyncHTTPClientTransport: DeadlineEnforcingTransport {
    /// The client requests are executed on.
    public let client: HTTPClient
    /// The largest response body accepted (16 MiB by default, `SignetClient.defaultMaxResponseBytes`).
    public let maxResponseBytes: Int
    /// The deadline for one whole exchange, body included: a backstop behind `TimeoutMiddleware`.
    public let timeout: Duration

    /// A process-wide client on AsyncHTTPClient's default event loop group that never follows redirects.
    public static let defaultClient: HTTPClient = makeHTTPClient()

    /// Makes an `HTTPClient` for signed requests: AsyncHTTPClient's shared-client configuration (or the one
    /// `configure` shapes) with redirects **always** refused, on AsyncHTTPClient's default event loop group.
    ///
    /// AsyncHTTPClient follows redirects by default and drops only `Authorization` on the way, so a signed
    /// request's `Date`, `Content-MD5` and path would reach whatever origin a `302` names. `configure` may
    /// change anything else (timeouts, pool sizes, TLS); the redirect policy is set after it runs. Shut the
    /// client down (`shutdown()`) when done with it.
    /// ```swift
    /// let http = SignetAsyncHTTPClientTransport.makeHTTPClient { $0.timeout.connect = .seconds(2) }
    /// let transport = SignetAsyncHTTPClientTransport(client: http)
    /// ```
    public static func makeHTTPClient(configure: (inout HTTPClient.Configuration) -> Void = { _ in }) -> HTTPClient {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configure(&configuration)
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Creates a transport over `client` (by default ``defaultClient``, which does not follow redirects).
    public init(
        client: HTTPClient = SignetAsyncHTTPClientTransport.defaultClient,
        maxResponseBytes: Int = SignetClient.defaultMaxResponseBytes,
        timeout: Duration = .seconds(300)
    ) {
        self.client = client
        self.maxResponseBytes = maxResponseBytes
        self.timeout = timeout
    }

    /// Sends `request` with `body`; a request without scheme or authority is resolved against `baseURL`.
    public func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
        try await exchange(request, body: body, baseURL: baseURL, deadline: ContinuousClock.now.advanced(by: timeout))
    }

    /// Sends like ``send(_:body:baseURL:)``, giving up at `deadline` (or after ``timeout``, if sooner).
    public func send(
        _ request: HTTPRequest, body: Body, baseURL: URL, deadline: ContinuousClock.Instant
    ) async throws -> (HTTPResponse, Body) {
        try await exchange(request, body: body, baseURL: baseURL, deadline: min(deadline, ContinuousClock.now.advanced(by: timeout)))
    }

    /// One exchange through AsyncHTTPClient's async API. Its deadline ends when the response head arrives,
    /// so the body is read under the same deadline on the shared timer; the read starts on this thread, and a
    /// body already received is collected without a thread hop.
    private func exchange(
        _ request: HTTPRequest, body: Body, baseURL: URL, deadline: ContinuousClock.Instant
    ) async throws -> (HTTPResponse, Body) {
        let budget = max(ContinuousClock.now.duration(to: deadline), .zero)
        let failures = AsyncHTTPClientFailure(timeout: budget, maxResponseBytes: maxResponseBytes)
        do {
            let clientRequest = try AsyncHTTPClientConversion.clientRequest(request, body: body, baseURL: baseURL)
            let response = try await client.execute(clientRequest, deadline: .now() + TimeAmount(budget))
            let status = HTTPResponse.Status(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase)
            if response.history.count > 1 {
                try AsyncHTTPClientConversion.checkOrigin(answered: response.url, requested: URL(string: clientRequest.url), status: status)
            }
            let limit = maxResponseBytes
            let bytes: [UInt8]
            do {
                bytes = try await DeadlineRace.run(timer: .shared(deadline)) {
                    try await Self.collect(response, limit: limit, status: status, method: request.method)
                }
            } catch {
                // The head arrived, so the error says what the server answered, whatever ended its body. One
                // such end is AsyncHTTPClient's own: after an early answer (a 413 to an upload) with
                // `Connection: close`, it can fail the body with "I/O on closed channel" before delivering it
                // (docs/decisions.md, "Early answers on AsyncHTTPClient").
                var failure = failures.map(error, request: request)
                if failure.status == nil { failure.status = status }
                throw failure
            }
            let head = HTTPResponse(status: status, headerFields: AsyncHTTPClientConversion.fields(response.headers))
            return (head, Body(bytes))
        } catch {
            throw failures.map(error, request: request)
        }
    }

    /// The body, up to `limit` bytes, read into the array the response body becomes: sized from
    /// `Content-Length` (pages are used only as bytes arrive), so a large answer is neither regrown nor
    /// copied out of a buffer of its own (`collect(upTo:)` gathered a `ByteBuffer` that was then copied).
    private static func collect(
        _ response: HTTPClientResponse, limit: Int, status: HTTPResponse.Status, method: HTTPRequest.Method
    ) async throws -> [UInt8] {
        // A HEAD, 204 or 304 announces the length of a body it does not carry.
        let declared = ResponseFraming.mayHaveBody(method: method, status: status.code)
            ? response.headers.first(name: "content-length").flatMap { Int($0) } : nil
        if let declared, declared > limit { throw SignetError(.bodyTooLarge(limit: limit, actual: declared), status: status) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(declared ?? 0)
        for try await chunk in response.body {
            guard bytes.count + chunk.readableBytes <= limit else {
                throw SignetError(.bodyTooLarge(limit: limit, actual: declared), status: status)
            }
            bytes.append(contentsOf: chunk.readableBytesView)
        }
        return bytes
    }
}
