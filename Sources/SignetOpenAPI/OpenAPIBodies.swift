import HTTPTypes
import OpenAPIRuntime
import Signet

/// Converts bodies between swift-openapi-runtime's `HTTPBody` and Signet's `Body`.
enum OpenAPIBodies {
    /// The request body in memory, so that it can be hashed for the signature and sent again on retry.
    /// `nil` (no body) is the empty body.
    /// - Throws: `SignetError` of kind `bodyTooLarge` when the body is larger than `limit` (checked against a
    ///   known length before reading), or whatever reading the body throws.
    static func collectRequestBody(
        _ body: HTTPBody?, limit: Int, operationID: String, request: HTTPRequest
    ) async throws -> Body {
        guard let body else { return .empty }
        func tooLarge(_ actual: Int?) -> SignetError {
            SignetError(.bodyTooLarge(limit: limit, actual: actual),
                        operation: operationID, method: request.method, path: request.path)
        }
        if case .known(let length) = body.length, length > Int64(limit) {
            throw tooLarge(Int(exactly: length))
        }
        var bytes: [UInt8] = []
        if case .known(let length) = body.length, let count = Int(exactly: length) { bytes.reserveCapacity(count) }
        for try await chunk in body {
            guard chunk.count <= limit - bytes.count else { throw tooLarge(nil) }
            bytes.append(contentsOf: chunk)
        }
        return Body(bytes)
    }

    /// A response body for Signet's middleware. The body of a 4xx or 5xx answer is read into memory when it
    /// holds at most `inspectLimit` bytes (Signet's retry reads a 401's body, and drops the body of an answer
    /// it retries, which then frees the connection); a longer one, and every other body, stays a stream.
    static func signetBody(_ body: HTTPBody?, status: HTTPResponse.Status, inspectLimit: Int) async throws -> Body {
        guard let body else { return .empty }
        var length: Int?
        if case .known(let known) = body.length { length = Int(exactly: known) }
        let cursor = ResponseBodyCursor(body)
        guard status.kind == .clientError || status.kind == .serverError, (length ?? 0) <= inspectLimit else {
            return .stream(cursor.stream(), length: length)
        }
        var bytes: [UInt8] = []
        while let chunk = try await cursor.next() {
            bytes.append(contentsOf: chunk)
            if bytes.count > inspectLimit {
                cursor.pushBack(bytes)
                return .stream(cursor.stream(), length: length)
            }
        }
        return Body(bytes)
    }

    /// `body` as an OpenAPI body: bytes in memory as a body the client may read any number of times, a stream
    /// as a single-pass body. The empty body is `nil` when `absent` (the answer had no body at all).
    static func httpBody(_ body: Body, absent: Bool) -> HTTPBody? {
        if let bytes = body.inMemoryBytes {
            return absent && bytes.isEmpty ? nil : HTTPBody(bytes)
        }
        let length: HTTPBody.Length = body.length.map { .known(Int64($0)) } ?? .unknown
        return HTTPBody(body.chunks(), length: length, iterationBehavior: body.isReplayable ? .multiple : .single)
    }
}

/// Reads an OpenAPI response body chunk by chunk for a Signet stream body, after any bytes already taken.
///
/// `@unchecked Sendable`: the iterator is not `Sendable`, but only one reader ever calls ``next()``, one
/// call at a time — the inspection in ``OpenAPIBodies/signetBody(_:status:inspectLimit:)``, then the single
/// iterator of the one-shot `Body.stream` made by ``stream()`` (Signet hands a stream body out once).
final class ResponseBodyCursor: @unchecked Sendable {
    private var iterator: HTTPBody.Iterator
    private var pending: [UInt8]?

    init(_ body: HTTPBody) {
        iterator = body.makeAsyncIterator()
    }

    /// The bytes given back by ``pushBack(_:)`` first, then the body's next chunk; `nil` at the end.
    func next() async throws -> [UInt8]? {
        if let pending {
            self.pending = nil
            return pending
        }
        return try await iterator.next().map { Array($0) }
    }

    /// Makes `bytes` the next chunk ``next()`` returns.
    func pushBack(_ bytes: [UInt8]) {
        pending = bytes
    }

    /// The rest of the body as a stream for `Body.stream(_:length:)`.
    func stream() -> AsyncThrowingStream<[UInt8], any Error> {
        AsyncThrowingStream(unfolding: { try await self.next() })
    }
}
