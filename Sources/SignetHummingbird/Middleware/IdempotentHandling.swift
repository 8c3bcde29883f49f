import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Runs a state-changing route once per (API key, `Idempotency-Key`) through an ``IdempotencyStore``,
/// answering repeats from the store.
struct IdempotentHandling: Sendable {
    static let header = HTTPField.Name("Idempotency-Key")
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")
    /// The longest key accepted.
    static let maxKeyLength = 255

    let request: IdempotencyRequest
    let store: any IdempotencyStore
    let maxStoredBytes: Int

    /// The handling for `request`, or `nil` when it carries no `Idempotency-Key`.
    /// - Throws: 400 (as `HTTPError`) for an empty or overlong key.
    init?(request: Request, identity: GameSystemIdentity, store: any IdempotencyStore, maxStoredBytes: Int) throws {
        guard let name = Self.header, let key = request.headers[name] else { return nil }
        guard !key.isEmpty, key.utf8.count <= Self.maxKeyLength else {
            throw HTTPError(.badRequest, message: "Idempotency-Key must be 1 to \(Self.maxKeyLength) bytes, not \(key.utf8.count)")
        }
        let fingerprint = "\(request.method.rawValue) \(request.uri.path) \(identity.bodyMD5)"
        self.request = IdempotencyRequest(apiKey: identity.apiKey, key: key, fingerprint: fingerprint)
        self.store = store
        self.maxStoredBytes = maxStoredBytes
    }

    /// Claims the key and runs `handler` once, or answers what the store says.
    func run(now: Date, clock: @Sendable () -> Date, _ handler: () async throws -> Response) async throws -> Response {
        let begin: IdempotencyBegin
        do {
            begin = try await store.begin(request, now: now)
        } catch {
            return VerificationRefusal.unavailable("the idempotency store cannot be reached; retry shortly", retryAfter: 1)
                .response(clock: clock)
        }
        switch begin {
        case .proceed:
            break
        case .replay(let stored):
            return Self.response(stored, replayed: true)
        case .inProgress:
            return VerificationRefusal(status: .conflict, message:
                "a request with Idempotency-Key '\(request.key)' is still in progress; retry shortly", diagnosis: nil)
                .response(clock: clock)
        case .conflict:
            return VerificationRefusal(status: .unprocessableContent, message:
                "Idempotency-Key '\(request.key)' was already used for a different request", diagnosis: nil)
                .response(clock: clock)
        case .storeFull(let retryAfter):
            return VerificationRefusal.unavailable("too many Idempotency-Keys are held; retry in \(retryAfter) s",
                                                   retryAfter: retryAfter).response(clock: clock)
        }
        let response: Response
        do {
            response = try await handler()
        } catch {
            await store.abandon(request)
            throw error
        }
        // Keep the answer: collect its body (bounded), store it, and send the same bytes.
        let collector = BodyCollector(limit: maxStoredBytes)
        var answer = response
        try await response.body.write(collector)
        guard !collector.overflowed else {
            await store.abandon(request)
            answer.body = ResponseBody(byteBuffer: collector.buffer)
            return answer
        }
        let stored = StoredResponse(status: response.status.code, contentType: response.headers[.contentType],
                                    body: Array(collector.buffer.readableBytesView))
        do {
            try await store.complete(request, with: stored, now: clock())
        } catch {
            await store.abandon(request)
        }
        answer.body = ResponseBody(byteBuffer: collector.buffer)
        return answer
    }

    /// The response for a stored answer.
    static func response(_ stored: StoredResponse, replayed: Bool) -> Response {
        var fields = HTTPFields()
        if let contentType = stored.contentType { fields[.contentType] = contentType }
        if replayed, let name = replayedHeader { fields[name] = "true" }
        return Response(status: HTTPResponse.Status(code: stored.status), headers: fields,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: stored.body)))
    }
}

/// A response-body writer that keeps what is written (all of it, noting when it passed the limit).
private final class BodyCollector: ResponseBodyWriter, @unchecked Sendable {
    // Used by one task at a time: the response body writes into it, then the caller reads it.
    var buffer = ByteBuffer()
    let limit: Int
    init(limit: Int) { self.limit = limit }
    var overflowed: Bool { buffer.readableBytes > limit }
    func write(_ buffer: ByteBuffer) async throws { self.buffer.writeImmutableBuffer(buffer) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
