import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import Signet

/// A ``Signet/Transport`` over AsyncHTTPClient (SwiftNIO): for servers and tools that already run on NIO.
///
/// In-memory bodies are sent as one buffer; file bodies are **streamed** from disk in their chunk size with
/// a known `Content-Length` (never loaded whole); one-shot stream bodies are streamed as they come. The
/// response body is collected up to ``maxResponseBytes``. Failures become ``Signet/SignetError``:
/// connection failures `.transport` (retry middleware retries them), AsyncHTTPClient's deadline and
/// connect/read/write timeouts `.timeout`, task cancellation `.cancelled`, a too-large response
/// `.bodyTooLarge`, a request AsyncHTTPClient refuses (bad URL, conflicting headers) `.invalidRequest`.
/// It enforces ``Signet/TimeoutMiddleware``'s deadline itself, as AsyncHTTPClient's own request deadline.
public struct AsyncHTTPClientTransport: DeadlineEnforcingTransport {
    /// The client requests are executed on.
    public let client: HTTPClient
    /// The largest response body accepted (16 MiB by default).
    public let maxResponseBytes: Int
    /// The deadline for one whole exchange, body included: a backstop behind ``Signet/TimeoutMiddleware``.
    public let timeout: Duration

    /// Creates a transport over `client` (by default AsyncHTTPClient's process-wide shared client).
    public init(client: HTTPClient = .shared, maxResponseBytes: Int = 16 * 1024 * 1024, timeout: Duration = .seconds(300)) {
        self.client = client
        self.maxResponseBytes = maxResponseBytes
        self.timeout = timeout
    }

    /// Sends `request` with `body`; a request without scheme or authority is resolved against `baseURL`.
    public func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
        try await exchange(request, body: body, baseURL: baseURL, budget: timeout)
    }

    /// Sends like ``send(_:body:baseURL:)``, giving up at `deadline` (or after ``timeout``, if sooner).
    public func send(
        _ request: HTTPRequest, body: Body, baseURL: URL, deadline: ContinuousClock.Instant
    ) async throws -> (HTTPResponse, Body) {
        let left = ContinuousClock.now.duration(to: deadline)
        return try await exchange(request, body: body, baseURL: baseURL, budget: min(timeout, max(left, .zero)))
    }

    private func exchange(_ request: HTTPRequest, body: Body, baseURL: URL, budget: Duration) async throws -> (HTTPResponse, Body) {
        let clientRequest = try AsyncHTTPClientConversion.clientRequest(request, body: body, baseURL: baseURL)
        let failures = AsyncHTTPClientFailure(timeout: budget, maxResponseBytes: maxResponseBytes)
        do {
            let response = try await client.execute(clientRequest, deadline: .now() + TimeAmount(budget))
            let status = HTTPResponse.Status(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase)
            let bytes: ByteBuffer
            do {
                bytes = try await response.body.collect(upTo: maxResponseBytes)
            } catch is NIOTooManyBytesError {
                let declared = response.headers.first(name: "content-length").flatMap { Int($0) }
                throw SignetError(.bodyTooLarge(limit: maxResponseBytes, actual: declared), status: status)
            }
            let head = HTTPResponse(status: status, headerFields: AsyncHTTPClientConversion.fields(response.headers))
            return (head, Body(Array(bytes.readableBytesView)))
        } catch {
            throw failures.map(error, request: request)
        }
    }
}
