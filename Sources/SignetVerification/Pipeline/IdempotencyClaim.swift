import Foundation
import HTTPTypes
import Signet

/// A state-changing request's `Idempotency-Key`, claimed in the ``IdempotencyStore``: the handler runs once,
/// and the adapter then hands its response to ``complete(status:contentType:body:)`` (kept to answer
/// repeats) or, when the handler failed without one, calls ``abandon()`` so a retry can run.
public struct IdempotencyClaim: Sendable {
    /// `Idempotency-Key`.
    static let header = HTTPField.Name("Idempotency-Key")
    /// Marks an answer that came from the store.
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")
    /// The longest key accepted, in bytes.
    public static let maxKeyLength = 255

    /// The claimed key, scoped to the API key and bound to the request's fingerprint.
    public let request: IdempotencyRequest
    /// The largest response kept; a larger one is sent, and a repeat is answered that it was applied but not kept.
    public let maxStoredBytes: Int
    let store: any IdempotencyStore
    let clock: @Sendable () -> Date
    let telemetry: VerificationTelemetry

    /// Stores the handler's response without its other header fields; see ``complete(status:fields:body:)``.
    public func complete(status: Int, contentType: String?, body: [UInt8]) async {
        await complete(StoredResponse(status: status, contentType: contentType, body: body))
    }

    /// Stores the handler's response, so a repeat of this request is answered with it: its status, its
    /// `fields` (those `StoredResponse.isKept(_:)` keeps: `Content-Type`, `Location`, `ETag`…) and `body`.
    /// For an answer over ``maxStoredBytes`` (body and kept fields) it stores a 409 that says the request
    /// was applied and its response not kept: the handler ran, so a repeat must not run it again (releasing
    /// the key, as this did, let it). A store that fails releases the claim.
    public func complete(status: Int, fields: HTTPFields, body: [UInt8]) async {
        await complete(StoredResponse(status: status, contentType: fields[.contentType], body: body, fields: fields))
    }

    private func complete(_ response: StoredResponse) async {
        let size = response.body.count + response.fieldBytes
        let stored = size <= maxStoredBytes ? response : notKept(status: response.status, byteCount: size)
        do {
            try await store.complete(request, with: stored, now: clock())
            telemetry.idempotency(.completed)
        } catch {
            telemetry.storeError(.idempotency, error)
            await abandon()
        }
    }

    /// What a repeat of a request whose response was over ``maxStoredBytes`` is answered: 409, the usual
    /// `{"error_message": …}` body (only its shape is taken from the refusal).
    private func notKept(status: Int, byteCount: Int) -> StoredResponse {
        let refusal = VerificationRefusal(.idempotencyConflict, status: .conflict, message:
            "idempotency-response-not-kept: the request with Idempotency-Key '\(request.key)' was applied (status \(status)); "
            + "its response of \(byteCount) bytes was over the \(maxStoredBytes) bytes kept, so it cannot be sent again")
        return StoredResponse(status: 409, contentType: "application/json; charset=utf-8", body: refusal.body)
    }

    /// Releases the claim: the handler failed without a response, so the key may be used again.
    public func abandon() async {
        await store.abandon(request)
        telemetry.idempotency(.abandoned)
    }

    /// The `Idempotency-Key` of `request`, or `nil` when there is none; a refusal (400) for an empty or
    /// overlong key.
    static func key(in request: HTTPRequest) throws(VerificationRefusal) -> String? {
        guard let header, let key = request.headerFields[header] else { return nil }
        guard !key.isEmpty, key.utf8.count <= maxKeyLength else {
            throw VerificationRefusal(.invalidIdempotencyKey, status: .badRequest,
                message: "Idempotency-Key must be 1 to \(maxKeyLength) bytes, not \(key.utf8.count)")
        }
        return key
    }

    /// The response that answers a repeat from `stored`: its status, its kept fields, `Content-Type`,
    /// `Idempotent-Replayed: true` and one `Date` from `now`.
    static func replayResponse(_ stored: StoredResponse, now: Date) -> HTTPResponse {
        var fields = stored.fields
        if let contentType = stored.contentType { fields[.contentType] = contentType }
        if let replayedHeader { fields[replayedHeader] = "true" }
        fields[.date] = HTTPDate.format(now)
        return HTTPResponse(status: HTTPResponse.Status(code: stored.status), headerFields: fields)
    }
}
