import Foundation
import Hummingbird
import HummingbirdAuth
import Signet
import SignetCrypto
import SignetGameSystem

/// Verifies GameSystem signatures for any Hummingbird 2 router: the smallest use is
///
/// ```swift
/// let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["KEY": secret]))
/// let router = Router(context: BasicRequestContext.self)
/// router.add(middleware: GameSystemVerificationMiddleware(verifier: verifier))
/// ```
///
/// For each request it reads the body (413 past ``GameSystemVerificationOptions/maxBodyBytes``), hashing it
/// as it streams, verifies the signature, checks the key's role, refuses an exact replay of a
/// state-changing request inside the window, and only then calls the route, with the body and the
/// ``GameSystemIdentity``. A refusal never reaches the route; it is exactly what the reference server
/// answers: 401 with `{"error_message": "<reason>: <detail>"}` and one HTTP `Date` (so clients can correct
/// their clock), where the reason is the verifier's (`missing-header`, …, `bad-signature`) or
/// `wrong-key-type` / `replayed-request`. With ``GameSystemVerificationOptions/explainsFailures`` the body
/// also carries a `diagnosis` (`GameSystemDiagnosis`). A store that is full or unreachable gives 503.
///
/// A route group of its own per role:
/// ```swift
/// let roles: [String: GameSystemKeyRole] = ["demo-client": .client, "demo-admin": .admin]
/// router.group("admin").add(middleware: GameSystemVerificationMiddleware(
///     verifier: verifier, options: .init(keyRoles: roles, acceptedRoles: [.admin])))
/// ```
public struct GameSystemVerificationMiddleware<Context: Hummingbird.RequestContext>: RouterMiddleware {
    /// Checks signatures: keys, window and separator.
    public let verifier: GameSystemVerifier
    /// Roles, replay refusal, idempotency, body limit, explanations, clock.
    public let options: GameSystemVerificationOptions
    private let attach: @Sendable (inout Context, GameSystemIdentity) -> Void

    /// Verifies for any context; handlers read the identity from ``GameSystemIdentity/current``.
    public init(verifier: GameSystemVerifier, options: GameSystemVerificationOptions = .init()) {
        self.init(verifier: verifier, options: options) { _, _ in }
    }

    /// Verifies and stores the identity in `context.gameSystemIdentity`.
    public init(verifier: GameSystemVerifier, options: GameSystemVerificationOptions = .init())
    where Context: GameSystemRequestContext {
        self.init(verifier: verifier, options: options) { context, identity in context.gameSystemIdentity = identity }
    }

    /// Verifies and stores the identity as hummingbird-auth's `context.identity`.
    public init(verifier: GameSystemVerifier, options: GameSystemVerificationOptions = .init())
    where Context: AuthRequestContext, Context.Identity == GameSystemIdentity {
        self.init(verifier: verifier, options: options) { context, identity in context.identity = identity }
    }

    private init(
        verifier: GameSystemVerifier, options: GameSystemVerificationOptions,
        attach: @escaping @Sendable (inout Context, GameSystemIdentity) -> Void
    ) {
        self.verifier = verifier
        self.options = options
        self.attach = attach
    }

    /// Verifies `request` and calls `next`, or answers the refusal.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let received: ReceivedBody
        switch try await ReceivedBody.read(request, limit: options.maxBodyBytes, keep: options.keepsBody) {
        case .success(let body): received = body
        case .failure(let refusal): return refusal.response(clock: options.clock)
        }
        let now = options.clock()
        let target = request.head.path ?? "/"
        let verified: GameSystemVerifiedRequest
        switch verifier.verifyRequest(method: request.method.rawValue, target: target, headers: request.headers, now: now,
                                      bodyMD5: { received.md5 }) {
        case .success(let value): verified = value
        case .failure(let error):
            let diagnosis = options.explainsFailures
                ? verifier.diagnose(error, method: request.method.rawValue, target: target, headers: request.headers,
                                    bodyMD5: received.digest, now: now)
                : nil
            return VerificationRefusal.unauthorized(error.reason.rawValue, error.detail, diagnosis: diagnosis)
                .response(clock: options.clock)
        }
        let role = options.keyRoles[verified.apiKey]
        if let accepted = options.acceptedRoles, !(role.map(accepted.contains) ?? false) {
            let needed = accepted.map(\.rawValue).sorted().joined(separator: " or ")
            let held = role.map { Self.article($0.rawValue) + " \($0) key" } ?? "a key without a role"
            let diagnosis = options.explainsFailures ? verifier.wrongKeyTypeDiagnosis(
                method: request.method.rawValue, target: target, headers: request.headers, needed: needed, held: held) : nil
            return VerificationRefusal.unauthorized(
                "wrong-key-type", "this route needs \(Self.article(needed)) \(needed) key, and the request was signed with \(held)", diagnosis: diagnosis)
                .response(clock: options.clock)
        }
        // Methods that change nothing (RFC 9110 §9.2.1) are not replay-checked and get no idempotency handling.
        let stateChanging = !request.method.isSafe
        if stateChanging, let replays = options.replayStore,
           let refusal = await Self.claimReplay(verified, in: replays, window: verifier.window, now: now) {
            return refusal.response(clock: options.clock)
        }
        let identity = GameSystemIdentity(apiKey: verified.apiKey, role: role, bodyLength: received.length, bodyMD5: received.md5)
        var request = request
        request.body = RequestBody(buffer: received.buffer)
        var context = context
        attach(&context, identity)
        let verifiedContext = context
        return try await GameSystemIdentity.$current.withValue(identity) {
            guard stateChanging, let store = options.idempotencyStore,
                  let idempotency = try IdempotentHandling(request: request, identity: identity, store: store,
                                                            maxStoredBytes: options.maxStoredResponseBytes)
            else {
                return try await next(request, verifiedContext)
            }
            return try await idempotency.run(now: now, clock: options.clock) { try await next(request, verifiedContext) }
        }
    }

    /// "an" before a vowel, "a" otherwise.
    static func article(_ word: String) -> String {
        word.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
    }

    /// Claims `verified` in the replay store; the refusal to answer, or `nil` to go on.
    private static func claimReplay(
        _ verified: GameSystemVerifiedRequest, in store: any ReplayStore, window: TimeInterval, now: Date
    ) async -> VerificationRefusal? {
        // Keyed on the canonical parts, never the raw header: `K:sig` and `K : sig` are one request.
        let claim: ReplayClaim
        do {
            claim = try await store.claim(verified, until: verified.signedAt.addingTimeInterval(window), now: now)
        } catch {
            return .unavailable("the replay store cannot be reached, so state-changing requests are refused", retryAfter: 1)
        }
        switch claim {
        case .accepted:
            return nil
        case .replayed:
            // Nothing was applied: the client may sign again in a later second and retry (Retry-After says so).
            var refusal = VerificationRefusal.unauthorized("replayed-request",
                "this exact signed request was already accepted; nothing was applied: sign it anew in a later second and retry",
                diagnosis: nil)
            refusal.headerFields[.retryAfter] = "1"
            return refusal
        case .storeFull(let retryAfter):
            return .unavailable("the replay store is full of requests still inside their window; retry in \(retryAfter) s",
                                retryAfter: retryAfter)
        }
    }
}
