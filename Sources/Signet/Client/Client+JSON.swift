import Foundation
import HTTPTypes
import SignetJSON

extension Client {
    /// The one response-size limit every transport and decoder uses by default: 16 MiB. Both transports
    /// enforce it while reading (a larger response is cut off, not downloaded whole).
    public static let defaultMaxResponseBytes = 16 * 1024 * 1024
    /// The largest JSON body ``decodeJSON(_:from:operation:maxBytes:)`` reads by default: the response limit.
    public static let defaultMaxJSONBytes = defaultMaxResponseBytes

    /// Decodes a JSON body of at most `maxBytes` bytes as `type`.
    /// - Throws: ``SignetError/Kind/decoding(path:reason:)`` naming the JSON path of the bad field
    ///   (e.g. `$.point_types[1].amount`), or ``SignetError/Kind/bodyTooLarge(limit:actual:)``.
    public func decodeJSON<T: Decodable>(
        _ type: T.Type,
        from body: Body,
        operation: String? = nil,
        maxBytes: Int = Client.defaultMaxJSONBytes
    ) async throws -> T {
        do {
            let bytes = try await body.collect(upTo: maxBytes)
            return try Client.decodeJSON(type, from: bytes, decoder: jsonDecoder)
        } catch let error as SignetError {
            throw error.adding(operation: operation, request: nil)
        }
    }

    /// Decodes `bytes` as JSON of `type` with `decoder`.
    /// - Throws: ``SignetError/Kind/decoding(path:reason:)`` naming the JSON path of the bad field.
    public static func decodeJSON<T: Decodable>(
        _ type: T.Type,
        from bytes: [UInt8],
        decoder: JSONDecoder = JSONDecoder()
    ) throws -> T {
        do {
            // A Data view of the array's own storage, not a copy: decoding ends before the closure returns.
            return try bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, !buffer.isEmpty else { return try decoder.decode(type, from: Data()) }
                let view = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none)
                return try decoder.decode(type, from: view)
            }
        } catch let error as DecodingError {
            // When Foundation refuses the document as a whole, Signet's reader says where and which limit.
            let (path, reason) = JSONDecodingFailure.describe(error, bytes: bytes)
            throw SignetError(.decoding(path: path.description, reason: reason))
        } catch {
            throw SignetError(.decoding(path: "$", reason: String(describing: error)))
        }
    }

    /// Sends `request`, turns a non-2xx answer into ``SignetError/Kind/httpStatus(_:serverMessage:bodyPreview:)``
    /// and decodes a 2xx body as JSON of `type`.
    public func send<T: Decodable>(
        _ request: HTTPRequest,
        body: Body = .empty,
        context: CallContext,
        decoding type: T.Type
    ) async throws -> T {
        try await send(request, body: body, context: context) { try await decodeJSON(type, from: $0) }
    }

    /// Sends `request` like ``send(_:body:context:decoding:)`` and reads a 2xx body of at most
    /// ``defaultMaxJSONBytes`` with `read` over Signet's JSON cursor: the model is built straight from the
    /// response bytes, with no tree of the document in between (how the service clients read answers
    /// that may be long). Faults as ``readJSON(_:_:)`` reports them.
    package func send<T>(
        _ request: HTTPRequest,
        body: Body = .empty,
        context: CallContext,
        reading read: (inout JSONCursor) throws(JSONReadError) -> T
    ) async throws -> T {
        try await send(request, body: body, context: context) { responseBody in
            try Client.readJSON(try await responseBody.collect(upTo: Client.defaultMaxJSONBytes), read)
        }
    }

    /// Reads `bytes` with `read` over ``JSONCursor`` (depth 512, as Foundation's decoder; strings as long
    /// as the input).
    /// - Throws: ``SignetError/Kind/decoding(path:reason:)`` naming the JSON path, and for a syntax fault or
    ///   a limit the byte offset.
    package static func readJSON<T>(_ bytes: [UInt8], _ read: (inout JSONCursor) throws(JSONReadError) -> T) throws -> T {
        do {
            return try JSONCursor.decode(bytes, limits: JSONLimits(maxBytes: .max, maxDepth: 512, maxStringBytes: .max), read)
        } catch {
            let reason = error.kind == .mismatch ? error.message : "\(error.message) (byte \(error.byteOffset))"
            throw SignetError(.decoding(path: error.path.description, reason: reason))
        }
    }

    /// Sends `request`, checks the status, and decodes a 2xx body with `decode`.
    private func send<T>(
        _ request: HTTPRequest, body: Body, context: CallContext, decode: (Body) async throws -> T
    ) async throws -> T {
        // The signing middleware leaves what it signed here when the server refuses the signature.
        let record = SignedTextRecord()
        var context = context
        context.values[SignedTextRecord.self] = record
        let resolved = try resolve(request, operation: context.operation)
        let (response, responseBody) = try await sendResolved(resolved, body: body, context: context)
        do {
            try await checkStatus(response, body: responseBody)
            return try await decode(responseBody)
        } catch let error as SignetError {
            var located = error.adding(operation: context.operation, request: resolved)
            if located.status == nil { located.status = response.status }
            if response.status == .unauthorized { located.clientStringToSign = record.value }
            throw located
        }
    }
}
