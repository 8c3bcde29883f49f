import CoreMetrics
import Foundation
import Logging
import SignetGameSystem
import SignetHummingbird

/// The reference server's signature policy, shared by every signed route: the demo keys and their roles,
/// the server's clock and window, one replay store, and explanations (on unless `--no-explain`).
///
/// Verification itself is `SignetHummingbird`'s ``GameSystemVerificationMiddleware``, the same product any
/// Hummingbird app uses. Every refusal is a 401 whose `error_message` is `<reason>: <detail>`, where reason
/// is one of the verifier's names (`missing-header`, `malformed-authorization`, `unknown-key`,
/// `malformed-date`, `date-outside-window`, `content-md5-mismatch`, `bad-signature`) or one of the two
/// checked after a valid signature: `wrong-key-type` (a client key on an admin route or the reverse) and
/// `replayed-request` (an exact copy of a state-changing request already accepted within the window).
struct ReferenceVerification: Sendable {
    /// Checks the signature itself.
    let verifier: GameSystemVerifier
    /// Verified state-changing requests seen within the window, shared by every route.
    let replays: any ReplayStore
    /// Whether refusals carry a diagnosis.
    let explains: Bool
    /// The server's clock.
    let clock: @Sendable () -> Date
    /// Where refusals are logged.
    let logger: Logger
    /// Where verification metrics go (the server's own registry with `--metrics`), or the process's factory.
    let metricsFactory: (any MetricsFactory)?
    /// How the signed echo route verifies (its keys, idempotency store and body limit).
    let signedEcho: SignedEchoVerification

    /// The role of each demo key.
    static let roles: [String: GameSystemKeyRole] = [
        DemoCredentials.clientKey: .client, DemoCredentials.adminKey: .admin,
    ]

    /// The demo keys of ``DemoCredentials``, verified with the configuration's window, clock and stores.
    static func demo(
        _ configuration: ReferenceServerConfiguration, replays: any ReplayStore, metricsFactory: (any MetricsFactory)? = nil
    ) throws -> ReferenceVerification {
        let keys = try GameSystemKeyring(secrets: [
            DemoCredentials.clientKey: DemoCredentials.clientSecret,
            DemoCredentials.adminKey: DemoCredentials.adminSecret,
        ])
        return ReferenceVerification(
            verifier: GameSystemVerifier(keys: keys, window: configuration.window, separator: configuration.separator),
            replays: replays,
            explains: configuration.explainsFailures,
            clock: configuration.clock,
            logger: configuration.logger,
            metricsFactory: metricsFactory,
            signedEcho: configuration.signedEcho)
    }

    /// The middleware for routes that only `role` keys may call, with bodies up to `maxBodyBytes` (kept
    /// for the route unless `keepsBody` is false: uploads that are only hashed). With `routeClaimsReplays`
    /// the routes claim each state-changing request's identity themselves, in the transaction that applies
    /// it (`GameSystemIdentity.signedRequest`), so the middleware claims none.
    func middleware(
        role: GameSystemKeyRole, maxBodyBytes: Int, keepsBody: Bool = true, routeClaimsReplays: Bool = false
    ) -> GameSystemVerificationMiddleware<ReferenceRequestContext> {
        GameSystemVerificationMiddleware(verifier: verifier, options: GameSystemVerificationOptions(
            keyRoles: Self.roles, acceptedRoles: [role], replayStore: routeClaimsReplays ? nil : replays,
            maxBodyBytes: maxBodyBytes,
            keepsBody: keepsBody, explainsFailures: explains, clock: clock, logger: logger, metricsFactory: metricsFactory))
    }

    /// The middleware of the signed echo route: client keys, the body hashed and not kept, and
    /// ``signedEcho``'s keys, `Idempotency-Key` store and limit.
    func echoMiddleware() -> GameSystemVerificationMiddleware<ReferenceRequestContext> {
        let options = GameSystemVerificationOptions(
            keyRoles: Self.roles, acceptedRoles: [.client], replayStore: replays, idempotencyStore: signedEcho.idempotencyStore,
            maxBodyBytes: signedEcho.maxBodyBytes, keepsBody: false, explainsFailures: explains, clock: clock,
            logger: logger, metricsFactory: metricsFactory)
        guard let keys = signedEcho.keys else { return GameSystemVerificationMiddleware(verifier: verifier, options: options) }
        return GameSystemVerificationMiddleware(verification: GameSystemVerification(
            keys: keys, window: verifier.window, separator: verifier.separator, options: options))
    }
}
