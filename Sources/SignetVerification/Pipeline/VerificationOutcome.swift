import Foundation
import HTTPTypes
import SignetGameSystem

/// What verification decided for one request.
public enum VerificationOutcome: Sendable {
    /// Verified: call the handler with the identity, then settle ``VerifiedRequest/idempotency`` if present.
    case accepted(VerifiedRequest)
    /// Refused: send ``VerificationRefusal/response(now:)`` and ``VerificationRefusal/body``; the handler
    /// must not run.
    case refused(VerificationRefusal)
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
    public let idempotency: IdempotencyClaim?
}
