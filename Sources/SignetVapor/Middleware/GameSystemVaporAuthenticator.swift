import SignetGameSystem
import Vapor

/// A Vapor authenticator for GameSystem signatures: a signed request that verifies gets its identity in
/// `req.auth`, one that fails is answered with the refusal, and a request that carries other credentials
/// (`Bearer …`, `Basic …`) or none passes on untouched, so another authenticator can try it.
///
/// A route that accepts a GameSystem signature or a bearer token:
/// ```swift
/// let api = app.grouped("api")
///     .grouped(GameSystemVaporAuthenticator(verification: verification))
///     .grouped(MyBearerAuthenticator())                         // logs in a User for a good token
/// api.get("me") { req in
///     if let game = req.auth.get(GameSystemIdentity.self) { return "game client \(game.apiKey)" }
///     return "user \(try req.auth.require(User.self).name)"
/// }
/// ```
/// A request is the authenticator's when `GameSystemVerification.claims(_:)` says so. Unlike Vapor's
/// `RequestAuthenticator`, a refused signature is answered here (the pipeline's 401 body, not Vapor's
/// error JSON): a request that tried to sign and failed must not fall through to an anonymous route.
public struct GameSystemVaporAuthenticator: Authenticator {
    /// The pipeline a signed request goes through.
    public let verification: GameSystemVerification

    /// Authenticates with `verification`.
    public init(verification: GameSystemVerification) {
        self.verification = verification
    }

    /// Verifies a GameSystem-signed request and calls `next` with the identity logged in; passes any other
    /// request on. A bodiless GET with in-memory keys is verified on the event loop, any other in a task.
    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard GameSystemVerification.claims(VaporVerification.fields(request.headers)) else { return next.respond(to: request) }
        return VaporVerification.respond(to: request, with: verification, next: next)
    }
}
