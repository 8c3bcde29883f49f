import Foundation
import HTTPTypes
import OpenAPIRuntime
import SignetGameSystem

/// A swift-openapi-runtime `ServerMiddleware` that GameSystem-verifies every operation of a generated server,
/// on any transport (swift-openapi-hummingbird, swift-openapi-vapor, …).
///
/// ```swift
/// let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["orders-app": secret]))
/// try OrdersAPI().registerHandlers(on: transport, middlewares: [GameSystemOpenAPIServerMiddleware(verifier: verifier)])
///
/// struct OrdersAPI: APIProtocol {
///     func listOrders(_ input: Operations.ListOrders.Input) async throws -> Operations.ListOrders.Output {
///         guard let caller = GameSystemIdentity.current else { return .undocumented(statusCode: 401, .init()) }
///         …
///     }
/// }
/// ```
///
/// It runs `GameSystemVerification` (body limit, signature, role, replay, `Idempotency-Key`) and only then
/// calls the operation, with the body it received and the `GameSystemIdentity` in
/// `GameSystemIdentity.current` (generated handlers have no request context). A refusal never reaches the
/// operation: 401 with `{"error_message": "<cause>: <detail>"}` and the transport's one HTTP `Date`, 413 past
/// the body limit (at once for a declared length; after the rest is read, and dropped, for a streamed one, so
/// that the connection serves the next request on every transport), 503 when a store or the key provider
/// cannot answer. Put it first in `middlewares`, so that nothing runs for a request that is refused.
public struct GameSystemOpenAPIServerMiddleware: ServerMiddleware {
    /// The pipeline every operation's request goes through.
    public let verification: GameSystemVerification

    /// Verifies with `verification`.
    public init(verification: GameSystemVerification) {
        self.verification = verification
    }

    /// Verifies with `verifier`'s keys, window and separator, and `options`.
    public init(verifier: GameSystemVerifier, options: GameSystemVerificationOptions = .init()) {
        self.init(verification: GameSystemVerification(verifier: verifier, options: options))
    }

    /// Verifies `request` and its body, then calls `next`, or answers the refusal (or the stored answer of a
    /// repeat).
    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        // A GET whose head declares no body, with the keys in memory, is decided without reading the body (an
        // empty stream's end is a task switch), and only what `next` takes lives across its call; any other
        // request goes the way that reads the body, in a function of its own, so that its state does not widen
        // this one's frame (docs/benchmarks.md, "Verification on a cold cache").
        guard let outcome = verification.verifyAtOnce(bodiless: request) else {
            return try await receive(request, body: body, metadata: metadata, next: next)
        }
        switch outcome {
        case .accepted(let verified):
            // At once means a safe method: no `Idempotency-Key` was claimed, so there is nothing to settle, and
            // the operation gets the empty body that was verified (one shared, see `noBytes`).
            let received = body.map { _ in Self.noBytes }
            return try await GameSystemIdentity.$current.withValue(verified.identity) { try await next(request, received, metadata) }
        case .refused(let refusal):
            return refused(refusal)
        case .answered(let head, let stored):
            return (Self.undated(head), HTTPBody(stored))
        }
    }

    /// Verifies a request that `verifyAtOnce` did not decide: reads its body into the pipeline (and keeps it
    /// when the options say so), then answers the refusal or the stored answer, or calls `next` with the body
    /// kept, in the identity's task-local scope, and settles its `Idempotency-Key` with the response. Not
    /// inlined into `intercept`: its state would widen the frame of every request, the bodiless GETs' too.
    @inline(never)
    private func receive(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var kept: [UInt8] = []
        let keep = verification.options.keepsBody
        let outcome = try await verification.verify(request) { intake in
            guard let body else { return }
            var chunks = body.makeAsyncIterator()
            do {
                while let chunk = try await chunks.next() {
                    try intake.append(chunk)
                    if keep, !intake.discards { kept += chunk }
                }
            } catch let refusal as VerificationRefusal {
                // Past the limit: the rest is read, and dropped, before the 413 goes out. A transport may not
                // be left a body read half way: swift-openapi-vapor's Vapor then stops reading the connection
                // for good, and the client's next request on it waits for ever. Nor may the rest be read from
                // another task once the answer is out: swift-openapi-hummingbird's server reads it then.
                while (try? await chunks.next()) != nil {}
                throw refusal
            }
        }
        let verified: VerifiedRequest
        switch outcome {
        case .accepted(let accepted): verified = accepted
        case .refused(let refusal): return refused(refusal)
        case .answered(let head, let stored): return (Self.undated(head), HTTPBody(stored))
        }
        // The body was read once here: the operation gets the bytes kept (none when the options keep none),
        // and no bytes are one shared empty body.
        let received = body.map { _ in kept.isEmpty ? Self.noBytes : HTTPBody(kept) }
        return try await GameSystemIdentity.$current.withValue(verified.identity) {
            try await Self.settle(verified.idempotency) { try await next(request, received, metadata) }
        }
    }

    /// The response to a refused request: the pipeline's, undated.
    private func refused(_ refusal: VerificationRefusal) -> (HTTPResponse, HTTPBody?) {
        (Self.undated(refusal.response(now: verification.options.clock())), HTTPBody(refusal.body))
    }

    /// The empty body an operation gets when no bytes were kept. Made once: each `HTTPBody` is an object with a
    /// lock and a boxed sequence (three allocations per verified GET), and an empty one iterates any number
    /// of times (`.multiple`), so one serves every request.
    private static let noBytes = HTTPBody()

    /// `head` without the pipeline's `Date`: the transport's server stamps one on every response
    /// (Hummingbird replaces the field, Vapor adds another), so keeping it would send two on Vapor.
    private static func undated(_ head: HTTPResponse) -> HTTPResponse {
        var head = head
        head.headerFields[.date] = nil
        return head
    }

    /// Runs `operation` and settles `claim` with its response: stored to answer repeats, or abandoned when
    /// the operation, or its response body, fails.
    private static func settle(
        _ claim: IdempotencyClaim?, _ operation: () async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let claim else { return try await operation() }
        let response: HTTPResponse, body: HTTPBody?, bytes: [UInt8]
        do {
            let result = try await operation()
            response = result.0
            body = result.1
            // Keep the answer: collect its body, store it (the claim refuses one over its limit), send the same bytes.
            bytes = if let body { try await [UInt8](collecting: body, upTo: .max) } else { [] }
        } catch {
            await claim.abandon()
            throw error
        }
        await claim.complete(status: response.status.code, fields: response.headerFields, body: bytes)
        return (response, body == nil ? nil : HTTPBody(bytes))
    }
}
