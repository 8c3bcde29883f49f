import Foundation
import HTTPTypes
import SignetGameSystem
import SignetHummingbird

/// The reference server's signature policy, shared by every signed route: GameSystem verification with the
/// server's clock and window, the key's role, and refusal of exact replays.
///
/// Every refusal is a 401 whose `error_message` is `<reason>: <detail>`, where reason is one of the
/// verifier's names (`missing-header`, `malformed-authorization`, `unknown-key`, `malformed-date`,
/// `date-outside-window`, `content-md5-mismatch`, `bad-signature`) or one of the server's own two,
/// checked after a valid signature: `wrong-key-type` (a client key on an admin route or the reverse) and
/// `replayed-request` (an exact copy of a request already accepted within the window).
struct SignatureChecks: Sendable {
    /// Checks the signature itself.
    let verifier: GameSystemVerifier
    /// The role of each known key.
    let roles: [String: APIKeyRole]
    /// Verified state-changing requests seen within the window.
    let replays: any ReplayStore
    /// The server's clock.
    let clock: @Sendable () -> Date

    /// The demo keys of ``DemoCredentials``, with `window` seconds of accepted skew.
    static func demo(window: TimeInterval, replayCapacity: Int, clock: @escaping @Sendable () -> Date) throws -> SignatureChecks {
        let keys = try GameSystemKeyring(secrets: [
            DemoCredentials.clientKey: DemoCredentials.clientSecret,
            DemoCredentials.adminKey: DemoCredentials.adminSecret,
        ])
        return SignatureChecks(
            verifier: GameSystemVerifier(keys: keys, window: window),
            roles: [DemoCredentials.clientKey: .client, DemoCredentials.adminKey: .admin],
            replays: InMemoryReplayStore(capacity: replayCapacity),
            clock: clock)
    }

    /// Methods that change nothing on the server (RFC 9110 §9.2.1): exempt from replay refusal.
    static let safeMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .trace]

    /// The API key of a request whose body hashed to `bodyMD5`, or the error refusing it: 401 for a bad
    /// signature, key role or replay; 503 when the replay store is full or cannot be reached.
    func check(
        method: HTTPRequest.Method, target: String, headers: HTTPFields, bodyMD5: String, role: APIKeyRole
    ) async -> Result<String, ReferenceAPIError> {
        let now = clock()
        let verified: GameSystemVerifiedRequest
        switch verifier.verifyRequest(method: method.rawValue, target: target, headers: headers, now: now, bodyMD5: { bodyMD5 }) {
        case .success(let request): verified = request
        case .failure(let error): return .failure(.unauthorized(reason: error.reason.rawValue, error.detail))
        }
        let apiKey = verified.apiKey
        guard let keyRole = roles[apiKey], keyRole == role else {
            let held = roles[apiKey].map { "a \($0.rawValue) key" } ?? "a key without a role"
            return .failure(.unauthorized(reason: "wrong-key-type",
                "this route needs a \(role.rawValue) key, and the request was signed with \(held)"))
        }
        // Only state-changing requests are refused when replayed. The Date has one-second resolution,
        // so two identical reads in one second are byte-identical; replaying a read changes nothing.
        guard !Self.safeMethods.contains(method) else { return .success(apiKey) }
        // Keyed on the canonical parts, never the raw header: `K:sig` and `K : sig` are the same request.
        let expiry = verified.signedAt.addingTimeInterval(verifier.window)
        let claim: ReplayClaim
        do {
            claim = try await replays.claim(verified, until: expiry, now: now)
        } catch {
            return .failure(.unavailable("the replay store cannot be reached, so state-changing requests are refused", retryAfter: 1))
        }
        switch claim {
        case .accepted:
            return .success(apiKey)
        case .replayed:
            return .failure(.unauthorized(reason: "replayed-request",
                "this exact signed request was already accepted; sign every request anew with a fresh Date"))
        case .storeFull(let retryAfter):
            return .failure(.unavailable(
                "the replay store is full of requests still inside their window; retry in \(retryAfter) s",
                retryAfter: retryAfter))
        }
    }
}
