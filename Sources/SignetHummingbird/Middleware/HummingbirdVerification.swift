import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The translation between Hummingbird's types and the pipeline's, shared by the gatekeeper and the
/// authenticator: nothing here decides anything.
enum HummingbirdVerification {
    /// `request` with `body`, the body that was verified: what the route is handed. For a bodiless GET decided
    /// at once (``GameSystemVerification/verifyAtOnce(bodiless:)``) that is empty: over HTTP/1.1 what the
    /// transport carries; over HTTP/2 a GET's unframed bytes are not the route's.
    ///
    /// Not inlined: Hummingbird's `Request` and `RequestBody` hold types of a module it imports as `package`,
    /// so their size is known only at run time, and an `async` function that holds one takes memory from the
    /// task for it on every call, whichever branch it takes. Here the new body lives on the thread's stack.
    @inline(never)
    static func withBody(_ request: Request, _ body: ByteBuffer) -> Request {
        var request = request
        request.body = RequestBody(buffer: body)
        return request
    }

    /// Calls `next` for a request accepted at once, with the empty body that was verified and `context` (the
    /// identity already on it, where it has a place), in the identity's task-local scope. Inlined: an `async`
    /// call of its own would cost every such GET a frame taken from the task. Call it from one place in a
    /// middleware: each inlined copy holds a `Request` of its own, memory taken from the task on every call
    /// (see ``withBody(_:_:)``).
    @inline(__always)
    static func proceed<Context>(
        atOnce verified: VerifiedRequest, _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let emptied = withBody(request, ByteBuffer())
        return try await GameSystemIdentity.$current.withValue(verified.identity) { try await next(emptied, context) }
    }

    /// ``proceed(atOnce:_:context:next:)`` with the identity put on a copy of `context` by `attach` first. Not
    /// inlined: a middleware generic over its context would otherwise take memory from the task for that copy
    /// on every request, those whose context has no place for the identity too.
    @inline(never)
    static func proceed<Context>(
        atOnce verified: VerifiedRequest, _ request: Request, context: Context,
        attach: (inout Context, GameSystemIdentity) -> Void, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        attach(&context, verified.identity)
        return try await proceed(atOnce: verified, request, context: context, next: next)
    }

    /// Verifies a request that ``GameSystemVerification/verifyAtOnce(bodiless:)`` did not decide: reads its body
    /// into the pipeline (and keeps it when the options say so), then answers the stored answer, or the refusal
    /// as `refused` makes it, or calls `next` with the body kept and `context` given the identity by `attach`,
    /// in the identity's task-local scope, and settles its `Idempotency-Key` with the response. Not inlined
    /// into the middleware: its state would widen the frame of every request, the bodiless GETs' too.
    @inline(never)
    static func receive<Context>(
        _ request: Request, context: Context, with verification: GameSystemVerification,
        refused: (VerificationRefusal) throws -> Response, attach: (inout Context, GameSystemIdentity) -> Void,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var kept = ByteBuffer()
        let keep = verification.options.keepsBody
        let outcome = try await verification.verify(request.head) { intake in
            for try await chunk in request.body {
                try intake.append(chunk.readableBytesView)
                if keep, !intake.discards { kept.writeImmutableBuffer(chunk) }
            }
        }
        switch outcome {
        case .refused(let refusal):
            return try refused(refusal)
        case .answered(let head, let stored):
            return response(head, body: stored)
        case .accepted(let verified):
            var context = context
            attach(&context, verified.identity)
            let verifiedRequest = withBody(request, kept)
            return try await run(verified) { try await next(verifiedRequest, context) }
        }
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
    /// `Idempotency-Key` with the response (or abandons it when the handler, or its response body, throws).
    static func run(_ verified: VerifiedRequest, _ handler: () async throws -> Response) async throws -> Response {
        try await GameSystemIdentity.$current.withValue(verified.identity) {
            guard let claim = verified.idempotency else { return try await handler() }
            let response: Response
            // Keep the answer: collect its body, store it (the claim refuses one over its limit), send the same bytes.
            let collector = BodyCollector()
            do {
                response = try await handler()
                try await response.body.write(collector)
            } catch {
                // The handler, or its response body, failed: nothing to keep, and a retry may run.
                await claim.abandon()
                throw error
            }
            var answer = response
            await claim.complete(status: response.status.code, fields: response.headers,
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
