/// Why a GameSystem signature was refused: the first failing check, in the order DESIGN.md fixes.
///
/// ``reason`` is the stable machine name (`missing-header`, …); ``detail`` says what exactly was
/// wrong for a person. Neither ever contains a secret, a signature, or an API key.
public struct GameSystemVerificationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The checks, in the order they run; the first that fails is reported.
    public enum Reason: String, Sendable, CaseIterable {
        /// `Date`, `Content-MD5` or `Authorization` is absent.
        case missingHeader = "missing-header"
        /// `Authorization` has no colon, or an empty key or signature around its last colon.
        case malformedAuthorization = "malformed-authorization"
        /// The key store does not know the API key.
        case unknownKey = "unknown-key"
        /// `Date` is not `yyyyMMdd HH:mm:ss UTC` or not a real date.
        case malformedDate = "malformed-date"
        /// `Date` is further from "now" than the window allows.
        case dateOutsideWindow = "date-outside-window"
        /// `Content-MD5` does not match the body received.
        case contentMD5Mismatch = "content-md5-mismatch"
        /// The HMAC does not match (also for an uppercase hex signature).
        case badSignature = "bad-signature"
    }

    /// Which check failed.
    public let reason: Reason
    /// What was wrong, for a person (e.g. "Date header is absent").
    public let detail: String

    /// Creates an error for `reason` with a human explanation.
    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// `reason: detail`, e.g. `missing-header: Date header is absent`.
    public var description: String { "\(reason.rawValue): \(detail)" }
}
