import Foundation
import HTTPTypes
import NIOCore
import SignetGameSystem
import Vapor

/// The translation between Vapor's types and the pipeline's, shared by the gatekeeper and the authenticator:
/// nothing here decides anything.
enum VaporVerification {
    /// Verifies `request`. When the options keep the body, it is collected into the request (the handler
    /// reads `req.body.data` as usual); otherwise it streams through the pipeline and the route finds an empty
    /// body collected (Vapor's default `.collect` would otherwise wait for the stream read here, forever).
    /// `head` is the request's (``head(of:)``); a `bodiless` request has nothing to read, and makes no hop to
    /// the event loop to collect nothing (a quarter of a signed GET's time through this adapter, measured).
    static func verify(
        _ request: Request, head: HTTPRequest, bodiless: Bool, with verification: GameSystemVerification
    ) async throws -> VerificationOutcome {
        let keep = verification.options.keepsBody
        return try await verification.verify(head) { intake in
            if bodiless { return }
            // A request refused whatever its body (unsigned, say) streams through uncollected: nothing is kept.
            guard keep, !intake.discards else {
                try await stream(request.body, into: &intake)
                try request.content.encode(DroppedBody(), using: DroppedBody())
                return
            }
            // Vapor hands the route only a body collected into the request, so it is collected here, with
            // the pipeline's limit (Vapor refuses at `max` bytes, hence one more). Unset Content-Length, a
            // drip-fed body or a lying one: Vapor stops keeping bytes at the limit.
            let max = intake.limit < Int.max ? intake.limit + 1 : nil
            let collected: ByteBuffer?
            do {
                collected = try await request.eventLoop.flatSubmit { request.body.collect(max: max) }.get()
            } catch let abort as Abort where abort.status == .payloadTooLarge {
                try refuseOversize(&intake)
                return
            }
            if let collected { try intake.append(collected.readableBytesView) }
        }
    }

    /// Answers `request` as the gatekeeper and the authenticator do: verified, then `next` with the identity in
    /// `req.auth` and `GameSystemIdentity.current`; or the refusal; or the stored answer of a repeat.
    ///
    /// A bodiless GET (HEAD, OPTIONS) with the keys in memory is decided here, on the event loop, and `next`
    /// is called from it: Vapor's `AsyncMiddleware` would first hop to a task of its own, and that hop cost a
    /// verified GET about a fifth of its throughput against the same route unverified (docs/benchmarks.md).
    /// Any other request is verified in a task.
    static func respond(to request: Request, with verification: GameSystemVerification, next: any Responder) -> EventLoopFuture<Response> {
        guard let head = head(of: request) else {
            return request.eventLoop.makeFailedFuture(Abort(.badRequest, reason: "unsupported request method"))
        }
        // `verifyAtOnce` checks that the head declares no body itself (one pass over its fields); only HTTP/2,
        // whose head does not frame the body, is kept off that path here.
        if request.version.major < 2, let outcome = verification.verifyAtOnce(bodiless: head) {
            switch outcome {
            case .refused(let refusal):
                return request.eventLoop.makeSucceededFuture(response(refusal, now: verification.options.clock()))
            case .answered(let head, let stored):
                return request.eventLoop.makeSucceededFuture(response(head, body: stored))
            case .accepted(let verified):
                // At once means a safe method: no Idempotency-Key was claimed, so there is nothing to settle.
                request.auth.login(verified.identity)
                // A task the route starts in this scope (Vapor's async routes do) inherits the task-local.
                return GameSystemIdentity.$current.withValue(verified.identity) { next.respond(to: request) }
            }
        }
        return request.eventLoop.makeFutureWithTask {
            switch try await verify(request, head: head, bodiless: isBodiless(request, head: head), with: verification) {
            case .refused(let refusal):
                return response(refusal, now: verification.options.clock())
            case .answered(let head, let stored):
                return response(head, body: stored)
            case .accepted(let verified):
                return try await run(verified, on: request) { try await next.respond(to: request).get() }
            }
        }
    }

    /// Whether `request` (whose head is `head`) has no body: an HTTP/1 request whose head declares none
    /// (`GameSystemVerification.declaresNoBody`, RFC 9112, 6.3). Over HTTP/2 the head does not frame the body
    /// (a GET may carry bytes all the same), and Vapor's route would read that stream unverified: such a
    /// request is verified in a task, its body read first.
    static func isBodiless(_ request: Request, head: HTTPRequest) -> Bool {
        request.version.major < 2 && GameSystemVerification.declaresNoBody(head)
    }

    /// Streams `body` into `intake`. When the intake refuses it (past the limit), the rest is still read, and
    /// dropped, in a task of its own, as Vapor's `collect(max:)` does on the other path: Vapor (4.122) stops
    /// reading a connection for good once a body stream is dropped half read, so the next request on a
    /// kept-alive connection would wait for ever. The refusal is answered at once all the same.
    private static func stream(_ body: Request.Body, into intake: inout BodyIntake) async throws {
        var chunks = body.makeAsyncIterator()
        do {
            while let chunk = try await chunks.next() { try intake.append(chunk.readableBytesView) }
        } catch let refusal as VerificationRefusal {
            let rest = UnreadBody(chunks)
            Task { await rest.drop() }
            throw refusal
        }
    }

    /// Vapor stopped collecting past `intake.limit`: the intake refuses as it would have, had it counted
    /// those bytes (its length check comes before any hashing, so nothing is hashed here).
    private static func refuseOversize(_ intake: inout BodyIntake) throws(VerificationRefusal) {
        guard intake.limit < Int.max else { return }
        try intake.append(repeatElement(UInt8(0), count: intake.limit + 1))
    }

    /// The swift-http-types head of `request`: method, target (path and query) and header fields. `nil` for a
    /// method swift-http-types cannot represent (NIO's parser lets none through).
    ///
    /// Vapor keeps no raw request target: its `URI` parsed it, collapsing leading slashes, so the signed
    /// target is the one Vapor routes on. A client that signed another spelling gets `bad-signature`.
    static func head(of request: Request) -> HTTPRequest? {
        guard let method = HTTPRequest.Method(request.method.rawValue) else { return nil }
        let target = request.url.string
        return HTTPRequest(method: method, scheme: nil, authority: nil, path: target.isEmpty ? "/" : target,
                           headerFields: fields(request.headers))
    }

    /// `headers` as swift-http-types fields, in order (NIO's parser lets no invalid name through).
    static func fields(_ headers: HTTPHeaders) -> HTTPFields {
        var fields = HTTPFields()
        fields.reserveCapacity(headers.count)
        for (name, value) in headers {
            guard let name = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        return fields
    }

    /// The response for a refusal.
    static func response(_ refusal: VerificationRefusal, now: Date) -> Response {
        response(refusal.response(now: now), body: refusal.body)
    }

    /// A response with `head`'s status and fields but its `Date`, and `body`: Vapor adds its own `Date` to
    /// every response, so keeping the pipeline's would send two.
    static func response(_ head: HTTPResponse, body: [UInt8]) -> Response {
        var headers = HTTPHeaders()
        for field in head.headerFields where field.name != .date {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let status = HTTPResponseStatus(statusCode: head.status.code, reasonPhrase: head.status.reasonPhrase)
        return Response(status: status, headers: headers, body: .init(buffer: ByteBuffer(bytes: body)))
    }

    /// Logs the identity in (`req.auth`) and runs `handler` in the identity's task-local scope, then settles
    /// the `Idempotency-Key` with the response (or abandons it when the handler, or its response body, fails).
    static func run(_ verified: VerifiedRequest, on request: Request, _ handler: () async throws -> Response) async throws -> Response {
        request.auth.login(verified.identity)
        return try await GameSystemIdentity.$current.withValue(verified.identity) {
            guard let claim = verified.idempotency else { return try await handler() }
            let response: Response, body: ByteBuffer
            do {
                response = try await handler()
                // Keep the answer: collect its body (a stream too), store it, and send the same bytes.
                body = try await response.body.collect(on: request.eventLoop).get() ?? ByteBuffer()
            } catch {
                await claim.abandon()
                throw error
            }
            await claim.complete(status: Int(response.status.code), fields: fields(response.headers),
                                 body: Array(body.readableBytesView))
            response.body = .init(buffer: body)
            return response
        }
    }
}

/// The rest of a request body refused half read, handed to the one task that reads it to the end and drops
/// it. Unchecked: the iterator is not `Sendable` so that two tasks cannot call `next()` at once; here the
/// task that made it stops using it before the drain starts, and only the drain uses it afterwards.
private final class UnreadBody: @unchecked Sendable {
    private var chunks: Request.Body.AsyncIterator

    init(_ chunks: Request.Body.AsyncIterator) { self.chunks = chunks }

    /// Reads to the end of the body (or the client going away), keeping nothing.
    func drop() async {
        while (try? await chunks.next()) != nil {}
    }
}

/// An encoder that writes nothing and leaves the headers as they are: `req.content.encode` with it is Vapor's
/// public way to mark a body already read as collected, and empty.
private struct DroppedBody: ContentEncoder, Encodable {
    func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {}
}
