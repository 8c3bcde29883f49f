import Foundation
import HTTPTypes
import Signet
import Synchronization

/// The innermost middleware of a test chain: keeps what went on the wire (request and body) and what came
/// back (response and body), so tests check bytes sent and received, not what the library says it sent.
final class WireRecorder: SignetMiddleware {
    struct Exchange: Sendable {
        let request: HTTPRequest
        let requestBody: [UInt8]
        let response: HTTPResponse
        let responseBody: [UInt8]
    }

    private let exchanges = Mutex<[Exchange]>([])

    /// Every exchange so far, oldest first.
    var all: [Exchange] { exchanges.withLock { $0 } }

    /// The last exchange.
    var last: Exchange? { all.last }

    func intercept(
        _ request: HTTPRequest, body: Body, context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        let sent = try await body.collect(upTo: 1 << 20)
        let (response, responseBody) = try await next(request, Body(sent), context)
        let received = try await responseBody.collect(upTo: 1 << 24)
        exchanges.withLock {
            $0.append(Exchange(request: request, requestBody: sent, response: response, responseBody: received))
        }
        return (response, Body(received))
    }
}

/// Rewrites every response's `Content-Type`, to show the client decides the format from the bytes.
struct ContentTypeRewriter: SignetMiddleware {
    let contentType: String

    func intercept(
        _ request: HTTPRequest, body: Body, context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        var (response, responseBody) = try await next(request, body, context)
        response.headerFields[.contentType] = contentType
        return (response, responseBody)
    }
}
