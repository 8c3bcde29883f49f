import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Signet

/// The server's outermost step for each request: applies a planned fault, routes the request, drops the
/// body of a HEAD answer, and stamps the response with one HTTP `Date` header from the configured clock.
///
/// It replaces Hummingbird's `Application.run` loop, which sets `Date` from the real clock after the
/// router has answered: a server whose clock is injected must report that clock, or clients would learn
/// the wrong skew.
struct ServerResponder: Sendable {
    let router: RouterResponder<ReferenceRequestContext>
    let faults: FaultPlan
    let clock: @Sendable () -> Date
    let logger: Logger

    /// Answers one request (the HTTP channel's responder).
    func respond(to request: Request, writer: consuming ResponseWriter, channel: any Channel) async throws {
        let context = ReferenceRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
        var response: Response
        switch faults.take(forPath: request.uri.path) {
        case .dropConnection:
            // Throwing without writing makes the HTTP channel close the connection.
            throw DroppedConnection()
        case .status(let code, let retryAfter):
            var fields = HTTPFields()
            if let retryAfter { fields[.retryAfter] = retryAfter }
            let status = HTTPResponse.Status(code: code)
            response = JSONResponse.error(status, message: "injected fault: \(code) \(status.reasonPhrase)",
                                          headerFields: fields)
        case .nonJSONBody(let code, let body):
            response = Response(
                status: HTTPResponse.Status(code: code), headers: [.contentType: "text/html; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        case .delay(let duration):
            try await Task.sleep(for: duration)
            response = try await router.respond(to: request, context: context)
        case nil:
            response = try await router.respond(to: request, context: context)
        }
        if request.method == .head { response = response.createHeadResponse() }
        response.headers[.date] = HTTPDate.format(clock())
        try await writer.write(response: response.head, body: response.body)
    }

    /// Thrown to close a connection without an answer (``Fault/dropConnection``).
    struct DroppedConnection: Error {}
}
