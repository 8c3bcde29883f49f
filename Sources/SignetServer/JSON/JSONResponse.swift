import Foundation
import HTTPTypes
import Hummingbird

/// Builds JSON responses: API values and `{"error_message": ...}` bodies.
enum JSONResponse {
    /// The `Content-Type` of every JSON answer.
    static let contentType = "application/json; charset=utf-8"

    /// `value` encoded as JSON with sorted keys.
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return [UInt8](try encoder.encode(value))
    }

    /// The bytes of `{"error_message": message}`.
    static func errorBody(_ message: String) -> [UInt8] {
        (try? encode(ErrorBody(errorMessage: message))) ?? Array(#"{"error_message":"internal error"}"#.utf8)
    }

    /// A response with `value` encoded as JSON.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        make(bytes: try encode(value), status: status)
    }

    /// A response with `bytes` as its JSON body.
    static func make(bytes: [UInt8], status: HTTPResponse.Status, headerFields: HTTPFields = [:]) -> Response {
        var fields: HTTPFields = [.contentType: contentType]
        fields.append(contentsOf: headerFields)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The error response `{"error_message": message}` with `status` and any extra fields.
    static func error(_ status: HTTPResponse.Status, message: String, headerFields: HTTPFields = [:]) -> Response {
        make(bytes: errorBody(message), status: status, headerFields: headerFields)
    }

    /// The response for `error`.
    static func error(_ error: ReferenceAPIError) -> Response {
        self.error(error.status, message: error.message, headerFields: error.headerFields)
    }

    private struct ErrorBody: Encodable {
        let errorMessage: String
        enum CodingKeys: String, CodingKey { case errorMessage = "error_message" }
    }
}
