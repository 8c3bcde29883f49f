import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth

/// A hummingbird-auth authenticator for GameSystem signatures: a signed request that verifies gets its
/// identity in `context.identity` (read it with `context.requireIdentity()`), one that fails is answered
/// with the refusal, and a request that carries other credentials (or none) passes on untouched, so another
/// authenticator can try it.
///
/// A route that accepts a GameSystem signature or a bearer token:
/// ```swift
/// enum Caller: Sendable { case game(GameSystemIdentity), user(User) }
/// typealias AppContext = BasicAuthRequestContext<Caller>
///
/// let router = Router(context: AppContext.self)
/// router.group("api")
///     .add(middleware: GameSystemAuthenticator(verification: verification) { .game($0) })
///     .add(middleware: MyBearerAuthenticator())      // returns .user(…) for a good token
///     .add(middleware: IsAuthenticatedMiddleware())
///     .get("me") { _, context in "\(try context.requireIdentity())" }
/// ```
/// A request is the authenticator's when its `Authorization` is not another scheme's (`Bearer …`, `Basic …`:
/// a word, a space, the credentials); `KEY:signature` has no space before its colon.
public struct GameSystemAuthenticator<Context: AuthRequestContext>: RouterMiddleware {
    /// The pipeline a signed request goes through.
    public let verification: GameSystemVerification
    private let identify: @Sendable (GameSystemIdentity) -> Context.Identity

    /// Authenticates with `verification`, turning its identity into the context's with `identify`.
    public init(verification: GameSystemVerification, identify: @escaping @Sendable (GameSystemIdentity) -> Context.Identity) {
        self.verification = verification
        self.identify = identify
    }

    /// Authenticates with `verification`, the context's identity being the `GameSystemIdentity` itself.
    public init(verification: GameSystemVerification) where Context.Identity == GameSystemIdentity {
        self.init(verification: verification) { $0 }
    }

    /// Verifies a GameSystem-signed request and calls `next` with the identity; passes any other request on.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard GameSystemVerification.claims(request.headers) else { return try await next(request, context) }
        // As the gatekeeper does: a bodiless GET decided here, any other request in a function of its own.
        guard let outcome = verification.verifyAtOnce(bodiless: request.head) else {
            return try await HummingbirdVerification.receive(
                request, context: context, with: verification,
                refused: { [verification] in throw RefusalResponse(refusal: $0, now: verification.options.clock()) },
                attach: { [identify] in $0.identity = identify($1) }, next: next)
        }
        switch outcome {
        case .accepted(let verified):
            return try await HummingbirdVerification.proceed(
                atOnce: verified, request, context: context, attach: { [identify] in $0.identity = identify($1) }, next: next)
        case .refused(let refusal):
            throw RefusalResponse(refusal: refusal, now: verification.options.clock())
        case .answered(let head, let stored):
            return HummingbirdVerification.response(head, body: stored)
        }
    }
}
