import Foundation
import Hummingbird
import HummingbirdAuth
import SignetGameSystem

/// The one-line gatekeeper: every request through it is GameSystem-verified, or answered with the refusal.
///
/// ```swift
/// let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["KEY": secret]))
/// let router = Router(context: BasicRequestContext.self)
/// router.add(middleware: GameSystemVerificationMiddleware(verifier: verifier))
/// ```
///
/// It runs `GameSystemVerification` (body limit, signature, role, replay, `Idempotency-Key`) and only then
/// calls the route, with the body and the `GameSystemIdentity`. A refusal never reaches the route: 401 with
/// `{"error_message": "<cause>: <detail>"}` and one HTTP `Date` (so clients can correct their clock), 413 past
/// the body limit, 503 when a store or the key provider cannot answer. To let a route accept another kind of
/// credentials too, use ``GameSystemAuthenticator`` instead.
///
/// A route group of its own per role:
/// ```swift
/// let roles: [String: GameSystemKeyRole] = ["demo-client": .client, "demo-admin": .admin]
/// router.group("admin").add(middleware: GameSystemVerificationMiddleware(
///     verifier: verifier, options: .init(keyRoles: roles, acceptedRoles: [.admin])))
/// ```
public struct GameSystemVerificationMiddleware<Context: Hummingbird.RequestContext>: RouterMiddleware {
    /// The pipeline every request goes through.
    public let verification: GameSystemVerification
    /// Puts the identity on the context; `nil` where the context has no place for it (the route reads
    /// `GameSystemIdentity/current`), and the context is then passed on as it came, not copied.
    private let attach: (@Sendable (inout Context, GameSystemIdentity) -> Void)?

    /// Verifies for any context; handlers read the identity from `GameSystemIdentity/current`.
    public init(verification: GameSystemVerification) {
        self.verification = verification
        self.attach = nil
    }

    /// Verifies and stores the identity in `context.gameSystemIdentity`.
    public init(verification: GameSystemVerification) where Context: GameSystemRequestContext {
        self.verification = verification
        self.attach = { context, identity in context.gameSystemIdentity = identity }
    }

    /// Verifies and stores the identity as hummingbird-auth's `context.identity`.
    public init(verification: GameSystemVerification) where Context: AuthRequestContext, Context.Identity == GameSystemIdentity {
        self.verification = verification
        self.attach = { context, identity in context.identity = identity }
    }

    /// Verifies with `verifier`'s keys, window and separator, and `options`; handlers read `GameSystemIdentity/current`.
    public init(verifier: GameSystemVerifier, options: GameSystemVerificationOptions = .init()) {
        self.init(verification: GameSystemVerification(verifier: verifier, options: options))
    }

    /// Verifies like ``init(verifier:options:)`` and stores the identity in `context.gameSystemIdentity`.
    public init(verifier: GameSystemVerifier, options: GameSystemVerificationOptions = .init()) where Context: GameSystemRequestContext {
        self.init(verification: GameSystemVerification(verifier: verifier, options: options))
    }

    /// Verifies like ``init(verifier:options:)`` and stores the identity as hummingbird-auth's `context.identity`.
    public init(verifier: GameSystemVerifier, options: GameSystemVerificationOptions = .init())
    where Context: AuthRequestContext, Context.Identity == GameSystemIdentity {
        self.init(verification: GameSystemVerification(verifier: verifier, options: options))
    }

    /// Verifies `request` and calls `next`, or answers the refusal (or the stored answer of a repeat).
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // A bodiless GET with the keys in memory is decided here, without suspending, and only what `next`
        // takes lives across its call; any other request goes the way that reads the body, in a function of
        // its own, so that its state does not widen this one's frame (docs/benchmarks.md, "Verification on a
        // cold cache").
        guard let outcome = verification.verifyAtOnce(bodiless: request.head) else {
            return try await HummingbirdVerification.receive(
                request, context: context, with: verification,
                refused: { [verification] in HummingbirdVerification.response($0, now: verification.options.clock()) },
                attach: attach ?? { _, _ in }, next: next)
        }
        switch outcome {
        case .accepted(let verified):
            // This code is generic over the context (Hummingbird calls a middleware through its protocol), so a
            // copy of the context is made through its metadata, in memory taken from the task: made in a
            // function of its own, and only where there is a place for the identity.
            if let attach {
                return try await HummingbirdVerification.proceed(atOnce: verified, request, context: context, attach: attach, next: next)
            }
            return try await HummingbirdVerification.proceed(atOnce: verified, request, context: context, next: next)
        case .refused(let refusal):
            return HummingbirdVerification.response(refusal, now: verification.options.clock())
        case .answered(let head, let stored):
            return HummingbirdVerification.response(head, body: stored)
        }
    }
}
