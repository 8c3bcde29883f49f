import Foundation
import HTTPTypes
import SignetGameSystem

/// What verification decided for one request.
public enum VerificationOutcome: Sendable {
    /// Verified: call the handler with the identity, then settle ``VerifiedRequest/idempotency`` if present.
    case accepted(VerifiedRequest)
    /// Refused: send ``VerificationRefusal/response(now:)`` and ``VerificationRefusal/body``; the handler
    /// must not run.
    // Boxed: a refusal is 112 bytes, and every outcome, accepted ones too, was that large to copy.
    indirect case refused(VerificationRefusal)
    /// A repeat of a request whose `Idempotency-Key` already has a stored response: send this answer (marked
    /// `Idempotent-Replayed: true`); the handler must not run.
    case answered(HTTPResponse, body: [UInt8])
}

/// A request verification accepted.
public struct VerifiedRequest: Sendable {
    /// Who signed it, and the body's length and MD5.
    public let identity: GameSystemIdentity
    /// The request's canonical identity (what a replay check keys on).
    public let signed: GameSystemVerifiedRequest
    /// The claimed `Idempotency-Key`, when the request carried one and an idempotency store is set: hand
    /// the handler's response to ``IdempotencyClaim/complete(status:contentType:body:)``, or call
    /// ``IdempotencyClaim/abandon()`` when the handler failed.
    public var idempotency: IdempotencyClaim? { claim?.value }

    /// The claim, boxed: it holds the store, the clock and the telemetry (232 bytes), and a request verified
    /// without one (every GET) was copied with that much room through each adapter.
    private let claim: Box?

    private final class Box: Sendable {
        let value: IdempotencyClaim
        init(_ value: IdempotencyClaim) { self.value = value }
    }

    init(identity: GameSystemIdentity, signed: GameSystemVerifiedRequest, idempotency: IdempotencyClaim?) {
        self.identity = identity
        self.signed = signed
        self.claim = idempotency.map(Box.init)
    }
}
