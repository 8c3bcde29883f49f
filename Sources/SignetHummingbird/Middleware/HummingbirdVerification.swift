import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The translation between Hummingbird's types and the pipeline's, shared by the gatekeeper and the
/// authenticator: nothing here decides anything.
enum HummingbirdVerification {
    /// Verifies `request`: the outcome, and the body as received (empty when the options do not keep it), or
    /// `nil` for a request decided without reading its body.
    ///
    /// A GET whose head declares no body, with the keys in memory, is decided at once, without reading the
    /// body or suspending (``GameSystemVerification/verifyAtOnce(bodiless:)``): awaiting the end of an empty
    /// stream suspends the handler's task until the event loop wakes it (docs/benchmarks.md, "CPU per
    /// request"). Such a request claimed no `Idempotency-Key`; the middleware hands its route the empty body
    /// that was verified (what HTTP/1.1 carries; over HTTP/2 a GET's unframed bytes are not the route's) with
    /// ``respond(accepted:body:to:context:next:)``. Inlined, so that such a GET makes no `async` call of
    /// its own here: they cost it about 2 % of its CPU (docs/benchmarks.md, "Side by side").
    @inline(__always)
    static func verify(_ request: Request, with verification: GameSystemVerification) async throws -> (VerificationOutcome, ByteBuffer?) {
        if let outcome = verification.verifyAtOnce(bodiless: request.head) {
            return (outcome, nil)
        }
        var kept = ByteBuffer()
        let keep = verification.options.keepsBody
        let outcome = try await verification.verify(request.head) { intake in
            for try await chunk in request.body {
                try intake.append(chunk.readableBytesView)
                if keep { kept.writeImmutableBuffer(chunk) }
            }
        }
        return (outcome, kept)
    }

    /// Calls `next` for an accepted request, with `context` (the identity already on it), in the identity's
    /// task-local scope. A request accepted at once (``verify(_:with:)`` answered no `body`) gets the empty
    /// body that was verified and has no `Idempotency-Key` to settle; any other gets the body kept, and its
    /// claim is settled by ``run(_:_:)``. Inlined for the same reason as ``verify(_:with:)``.
    @inline(__always)
    static func respond<Context>(
        accepted verified: VerifiedRequest, body: ByteBuffer?, to request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        request.body = RequestBody(buffer: body ?? ByteBuffer())
        let verifiedRequest = request
        guard body != nil else {
            return try await GameSystemIdentity.$current.withValue(verified.identity) { try await next(verifiedRequest, context) }
        }
        return try await run(verified) { try await next(verifiedRequest, context) }
    }

    /// The response for a refusal.
    static func response(_ refusal: VerificationRefusal, now: Date) -> Response {
        response(refusal.response(now: now), body: refusal.body)
    }

    /// A response with `head`'s status and fields, and `body`.
    static func response(_ head: HTTPResponse, body: [UInt8]) -> Response {
        Response(status: head.status, headers: head.headerFields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Runs `handler` for an accepted request, in the identity's task-local scope, and settles its
    /// `Idempotency-Key` with the response (or abandons it when the handler throws).
    static func run(_ verified: VerifiedRequest, _ handler: () async throws -> Response) async throws -> Response {
        try await GameSystemIdentity.$current.withValue(verified.identity) {
            guard let claim = verified.idempotency else { return try await handler() }
            let response: Response
            do {
                response = try await handler()
            } catch {
                await claim.abandon()
                throw error
            }
            // Keep the answer: collect its body, store it (the claim refuses one over its limit), send the same bytes.
            let collector = BodyCollector()
            var answer = response
            try await response.body.write(collector)
            await claim.complete(status: response.status.code, contentType: response.headers[.contentType],
                                 body: Array(collector.buffer.readableBytesView))
            answer.body = ResponseBody(byteBuffer: collector.buffer)
            return answer
        }
    }
}

/// A refusal thrown by ``GameSystemAuthenticator``, answered as the pipeline made it.
struct RefusalResponse: HTTPResponseError {
    let refusal: VerificationRefusal
    let now: Date

    var status: HTTPResponse.Status { refusal.status }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        HummingbirdVerification.response(refusal, now: now)
    }
}

/// A response-body writer that keeps what is written.
private final class BodyCollector: ResponseBodyWriter, @unchecked Sendable {
    // Used by one task at a time: the response body writes into it, then the caller reads it.
    var buffer = ByteBuffer()
    func write(_ buffer: ByteBuffer) async throws { self.buffer.writeImmutableBuffer(buffer) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
