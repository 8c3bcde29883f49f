import Foundation
import HTTPTypes
import Logging

/// Signs every request it sees with its ``RequestSigner``, dated `context.clock() + context.clockOffset`.
///
/// It sits inside retry and clock-skew correction so that each attempt is signed anew with a fresh date
/// and the learned clock offset. It logs a warning when the path carries a query string, because the
/// GameSystem scheme signs no query: such a query can be changed by anyone who captures the request.
public struct SigningMiddleware<Signer: RequestSigner>: Middleware {
    /// The signer applied to every request.
    public let signer: Signer

    /// Creates a middleware that signs with `signer`.
    public init(signer: Signer) {
        self.signer = signer
    }

    /// Signs the request and passes it on.
    public func intercept(
        _ request: HTTPRequest,
        body: Body,
        context: RequestContext,
        next: (HTTPRequest, Body, RequestContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        if let path = request.path, path.contains("?") {
            context.logger.warning("signed request carries a query string the signature does not cover", metadata: [
                "signet.operation": "\(context.operation)",
                "signet.path": "\(SignetError.pathWithoutQuery(path))",
            ])
        }
        var signed = request
        try await signer.sign(&signed, body: body, date: context.signingDate)
        return try await next(signed, body, context)
    }
}
