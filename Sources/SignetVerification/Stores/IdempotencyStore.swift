import Foundation
import HTTPTypes

/// Keeps the first response to each `Idempotency-Key`, so that a retried request is answered, not applied
/// again.
///
/// A key is scoped per API key (two callers cannot collide) and bound to the request it came with (its
/// fingerprint: method, target with its query, body MD5). The flow for one request:
/// 1. ``begin(_:now:)`` claims the key. Only ``IdempotencyBegin/proceed`` lets the handler run; every other
///    answer is sent back instead (the stored response, 409 while the first is in flight, 422 for another
///    request under the same key, 503 when the store is full).
/// 2. ``complete(_:with:now:)`` stores the handler's response, kept at least for the store's lifetime.
/// 3. When the handler fails without a response, ``abandon(_:)`` releases the claim so a retry can run.
///
/// ``complete(_:with:now:)`` and ``abandon(_:)`` act only on the claim the request holds
/// (``IdempotencyRequest/claim``): a key taken over by a later attempt is that attempt's.
///
/// ```swift
/// switch try await store.begin(request, now: now) {
/// case .proceed:
///     let response = try await handle()
///     try await store.complete(request, with: response, now: now)
/// case .replay(let stored): answer(stored)
/// case .inProgress, .conflict, .storeFull: refuse()
/// }
/// ```
/// Implementations: ``InMemoryIdempotencyStore`` and `PostgresIdempotencyStore` in `SignetPostgres`.
public protocol IdempotencyStore: Sendable {
    /// Claims `request`'s key, or says why the handler must not run.
    /// - Throws: when the store cannot be reached (the request is refused with 503, never applied).
    func begin(_ request: IdempotencyRequest, now: Date) async throws -> IdempotencyBegin
    /// Stores the response to a claimed request.
    func complete(_ request: IdempotencyRequest, with response: StoredResponse, now: Date) async throws
    /// Releases a claim whose handler failed, so the key can be used again.
    func abandon(_ request: IdempotencyRequest) async
}

/// A request that carries an `Idempotency-Key`, as an ``IdempotencyStore`` sees it.
public struct IdempotencyRequest: Hashable, Sendable {
    /// The verified API key: keys are scoped per API key.
    public let apiKey: String
    /// The `Idempotency-Key` value.
    public let key: String
    /// What the request was (method, target with its query, body MD5): the same key with another request is refused.
    public let fingerprint: String
    /// This attempt's own claim. A store hands a key whose claim outlived its in-flight lifetime to the next
    /// attempt (its instance may have died); ``IdempotencyStore/complete(_:with:now:)`` and
    /// ``IdempotencyStore/abandon(_:)`` then act only on the claim this attempt holds, so a slow first attempt
    /// that finishes late cannot release, or answer for, the attempt that took its key over.
    public let claim: UUID

    /// Creates a request description, with a claim of its own.
    public init(apiKey: String, key: String, fingerprint: String) {
        self.init(apiKey: apiKey, key: key, fingerprint: fingerprint, claim: UUID())
    }

    /// Creates a request description with the given claim.
    public init(apiKey: String, key: String, fingerprint: String, claim: UUID) {
        self.apiKey = apiKey
        self.key = key
        self.fingerprint = fingerprint
        self.claim = claim
    }
}

/// A response kept to answer repeats of a request.
public struct StoredResponse: Hashable, Sendable {
    /// The status code.
    public let status: Int
    /// The `Content-Type`, when the response had one.
    public let contentType: String?
    /// The body bytes.
    public let body: [UInt8]
    /// The response's other header fields that a repeat gets too (`Location`, `ETag`, an app's own): all but
    /// `Content-Type` and those that describe one message or connection rather than the answer
    /// (``isKept(_:)``).
    public let fields: HTTPFields

    /// Creates a stored response without other fields.
    public init(status: Int, contentType: String? = "application/json; charset=utf-8", body: [UInt8]) {
        self.init(status: status, contentType: contentType, body: body, fields: HTTPFields())
    }

    /// Creates a stored response with `fields`, of which those ``isKept(_:)`` refuses are dropped.
    public init(status: Int, contentType: String?, body: [UInt8], fields: HTTPFields) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.fields = HTTPFields(fields.filter { Self.isKept($0.name) })
    }

    /// Whether a field named `name` is kept for a repeat: not `Content-Type` (kept apart), nor a field that
    /// belongs to one message or connection (`Date`, `Content-Length`, `Transfer-Encoding`, `Connection`,
    /// `Keep-Alive`, `Upgrade`, `TE`, `Trailer`, `Proxy-Connection`), nor `Set-Cookie` (a repeat sets no
    /// state), nor `Idempotent-Replayed`.
    public static func isKept(_ name: HTTPField.Name) -> Bool {
        !unkept.contains(name.canonicalName)
    }

    private static let unkept: Set<String> = [
        "content-type", "date", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te",
        "trailer", "proxy-connection", "set-cookie", "idempotent-replayed",
    ]

    /// The bytes the kept fields take, as `name: value` lines: counted with the body against the stored limit.
    var fieldBytes: Int { fields.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 } }
}

/// What ``IdempotencyStore/begin(_:now:)`` decided.
public enum IdempotencyBegin: Hashable, Sendable {
    /// First use of the key: run the handler, then complete or abandon.
    case proceed
    /// A repeat of a completed request: answer this response (marked `Idempotent-Replayed: true`).
    case replay(StoredResponse)
    /// The key is held by a request still being handled (409).
    case inProgress
    /// The key was used for a different request (422).
    case conflict
    /// The store is at capacity with records inside their lifetime; retry after this many seconds (503).
    case storeFull(retryAfter: Int)
}
