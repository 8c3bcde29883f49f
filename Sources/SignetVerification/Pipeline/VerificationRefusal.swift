import Foundation
import HTTPTypes
import Signet
import SignetGameSystem

/// What verification answers instead of letting a request reach its handler: a status, header fields (one
/// HTTP `Date`, `Content-Type`, `Retry-After` where it applies) and a JSON body
/// `{"error_message": "<cause>: <detail>"[, "diagnosis": {…}]}`. Every adapter sends exactly this, so a
/// client sees the same refusal from Hummingbird, Vapor, an OpenAPI server and the reference server.
public struct VerificationRefusal: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// Why a request was refused: a stable name for logs, metrics and clients.
    public enum Cause: String, Sendable, CaseIterable {
        // The signature checks, in the order they run (401).
        /// Date, Content-MD5 or Authorization is absent.
        case missingHeader = "missing-header"
        /// Authorization is not `KEY:signature`.
        case malformedAuthorization = "malformed-authorization"
        /// The API key is not known.
        case unknownKey = "unknown-key"
        /// Date is not `yyyyMMdd HH:mm:ss UTC`.
        case malformedDate = "malformed-date"
        /// Date is further from the server's clock than the window.
        case dateOutsideWindow = "date-outside-window"
        /// Content-MD5 is not the MD5 of the body received.
        case contentMD5Mismatch = "content-md5-mismatch"
        /// The signature does not match.
        case badSignature = "bad-signature"
        // After a valid signature (401).
        /// A valid signature by a key whose role this route does not accept.
        case wrongKeyType = "wrong-key-type"
        /// An exact copy of a state-changing request already accepted inside the window.
        case replayedRequest = "replayed-request"
        // The request itself (400, 413).
        /// The body is larger than ``GameSystemVerificationOptions/maxBodyBytes`` (413).
        case bodyTooLarge = "body-too-large"
        /// `Idempotency-Key` is empty or longer than 255 bytes (400).
        case invalidIdempotencyKey = "invalid-idempotency-key"
        // Idempotency (409, 422).
        /// A request with the same `Idempotency-Key` is still being handled (409).
        case idempotencyInProgress = "idempotency-in-progress"
        /// The `Idempotency-Key` was used for a different request (422).
        case idempotencyConflict = "idempotency-conflict"
        // The server's side (503, 500).
        /// A store holds as much as it may; retry later (503).
        case storeFull = "store-full"
        /// A store (replay, idempotency) cannot be reached (503).
        case storeUnavailable = "store-unavailable"
        /// The key provider cannot answer now (503).
        case keyProviderUnavailable = "key-provider-unavailable"
        /// A fault of this server (500).
        case internalError = "internal-error"

        /// The cause for a verifier's reason.
        init(_ reason: GameSystemVerificationError.Reason) {
            self = Cause(rawValue: reason.rawValue) ?? .badSignature
        }
    }

    /// Why.
    public let cause: Cause
    /// The HTTP status: 401, 400, 409, 413, 422, 503 or 500.
    public let status: HTTPResponse.Status
    /// The `error_message`.
    public let message: String
    /// The likely client mistake, when explanations are on and one applies.
    public let diagnosis: GameSystemDiagnosis?
    /// Fields besides `Content-Type` and `Date` (for example `Retry-After`).
    public var extraFields: HTTPFields

    /// Creates a refusal (verification makes them; tests and adapters may too).
    public init(_ cause: Cause, status: HTTPResponse.Status, message: String, diagnosis: GameSystemDiagnosis? = nil,
                extraFields: HTTPFields = [:]) {
        self.cause = cause
        self.status = status
        self.message = message
        self.diagnosis = diagnosis
        self.extraFields = extraFields
    }

    /// 401 `cause: detail`, the shape of every signature refusal.
    static func unauthorized(_ cause: Cause, _ detail: String, diagnosis: GameSystemDiagnosis?) -> VerificationRefusal {
        VerificationRefusal(cause, status: .unauthorized, message: "\(cause.rawValue): \(detail)", diagnosis: diagnosis)
    }

    /// 401 `replayed-request` with `Retry-After: 1`: this exact signed request was already accepted inside its
    /// window, and nothing was applied. A handler that claims the replay in its own transaction answers this
    /// too, so the text is the same wherever the claim is made.
    package static var replayedRequest: VerificationRefusal {
        var refusal = VerificationRefusal.unauthorized(.replayedRequest,
            "this exact signed request was already accepted; nothing was applied: sign it anew in a later second and retry",
            diagnosis: nil)
        refusal.extraFields[.retryAfter] = "1"
        return refusal
    }

    /// 413 for a body past the limit.
    static func tooLarge(limit: Int) -> VerificationRefusal {
        VerificationRefusal(.bodyTooLarge, status: .contentTooLarge, message: "request body exceeds the limit of \(limit) bytes")
    }

    /// 503 with `Retry-After`: shared state cannot take the request now.
    static func unavailable(_ cause: Cause, _ message: String, retryAfter: Int) -> VerificationRefusal {
        VerificationRefusal(cause, status: .serviceUnavailable, message: message,
                            extraFields: [.retryAfter: String(max(1, retryAfter))])
    }

    /// The response head: the status, `Content-Type`, one `Date` from `now`, and ``extraFields``.
    public func response(now: Date) -> HTTPResponse {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .date: HTTPDate.format(now)]
        fields.append(contentsOf: extraFields)
        return HTTPResponse(status: status, headerFields: fields)
    }

    /// `{"error_message": …}`, with `diagnosis` when there is one; keys sorted.
    public var body: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let payload = Payload(errorMessage: message, diagnosis: diagnosis.map(DiagnosisPayload.init))
        return (try? encoder.encode(payload)).map(Array.init) ?? Array(#"{"error_message":"internal error"}"#.utf8)
    }

    /// The status and the message.
    public var description: String { "\(status.code) \(message)" }

    /// The status and the message.
    public var errorDescription: String? { description }

    /// The diagnosis's advice, when there is one.
    public var recoverySuggestion: String? { diagnosis?.detail }

    private struct Payload: Encodable {
        let errorMessage: String
        let diagnosis: DiagnosisPayload?
        enum CodingKeys: String, CodingKey {
            case errorMessage = "error_message"
            case diagnosis
        }
    }

    private struct DiagnosisPayload: Encodable {
        let likelyCause: String
        let stringToSign: String
        let detail: String
        let clockOffsetSeconds: Int?
        init(_ diagnosis: GameSystemDiagnosis) {
            likelyCause = diagnosis.likelyCause.rawValue
            stringToSign = diagnosis.stringToSign
            detail = diagnosis.detail
            clockOffsetSeconds = diagnosis.clockOffsetSeconds
        }
        enum CodingKeys: String, CodingKey {
            case likelyCause = "likely_cause"
            case stringToSign = "string_to_sign"
            case detail
            case clockOffsetSeconds = "clock_offset_seconds"
        }
    }
}
