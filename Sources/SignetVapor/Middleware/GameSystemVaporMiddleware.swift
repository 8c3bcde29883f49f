import SignetGameSystem
import Vapor

/// The one-line gatekeeper for Vapor: every request through it is GameSystem-verified, or answered with the
/// refusal.
///
/// ```swift
/// let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["orders-app": secret]))
/// let orders = app.grouped("orders").grouped(GameSystemVaporMiddleware(verifier: verifier))
/// orders.get { req in "orders of \(try req.auth.require(GameSystemIdentity.self).apiKey)" }
/// ```
///
/// It runs `GameSystemVerification` (body limit, signature, role, replay, `Idempotency-Key`) and only then
/// calls the route, with the body collected into the request (`req.body.data`) and the
/// `GameSystemIdentity` in `req.auth` and `GameSystemIdentity.current`. A refusal never reaches the
/// route: 401 with `{"error_message": "<cause>: <detail>"}` and one HTTP `Date` (Vapor's), 413 past the body
/// limit (whatever the route's own `body: .collect(maxSize:)` says), 503 when a store or the key provider
/// cannot answer. To let a route accept another kind of credentials too, use ``GameSystemVaporAuthenticator``.
public struct GameSystemVaporMiddleware: Middleware {
    /// The pipeline every request goes through.
    public let verification: GameSystemVerification

    /// Verifies with `verification`.
    public init(verification: GameSystemVerification) {
        self.verification = verification
    }

    /// Verifies with `verifier`'s keys, window and separator, and `options`.
    public init(verifier: GameSystemVerifier, options: GameSystemVerificationOptions = .init()) {
        self.init(verification: GameSystemVerification(verifier: verifier, options: options))
    }

    /// Verifies `request` and calls `next`, or answers the refusal (or the stored answer of a repeat). A
    /// bodiless GET with in-memory keys is verified on the event loop, any other request in a task.
    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        VaporVerification.respond(to: request, with: verification, next: next)
    }
}
