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
        // The signing middleware leaves what it signed here when the server refuses the signature.
        let record = SignedTextRecord()
        var context = context
        context.values[SignedTextRecord.self] = record
        let resolved = try resolve(request, operation: context.operation)
        let (response, responseBody) = try await sendResolved(resolved, body: body, context: context)
        do {
            try await checkStatus(response, body: responseBody)
            return try await decodeJSON(type, from: responseBody)
        } catch let error as SignetError {
            var located = error.adding(operation: context.operation, request: resolved)
            if located.status == nil { located.status = response.status }
            if response.status == .unauthorized { located.clientStringToSign = record.value }
            throw located
        }
    }
}
