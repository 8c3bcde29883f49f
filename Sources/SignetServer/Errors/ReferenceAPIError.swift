import HTTPTypes

/// A failure a route answers with: a status and the message sent as `{"error_message": "..."}`.
///
/// Messages say what was wrong and where (the field, the id, the JSON path) and never hold a secret.
struct ReferenceAPIError: Error, Sendable, CustomStringConvertible {
    /// The response status.
    let status: HTTPResponse.Status
    /// The `error_message` text.
    let message: String
    /// Extra response fields (e.g. `Retry-After`).
    var headerFields: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// 401 for a request whose signature, key type or freshness was refused: `reason: detail`.
    static func unauthorized(reason: String, _ detail: String) -> ReferenceAPIError {
        ReferenceAPIError(.unauthorized, "\(reason): \(detail)")
    }

    /// 404 for a tenant, player, event or route that does not exist.
    static func notFound(_ message: String) -> ReferenceAPIError {
        ReferenceAPIError(.notFound, message)
    }

    /// 503 with `Retry-After`, for a request refused because shared state cannot take it now.
    static func unavailable(_ message: String, retryAfter: Int) -> ReferenceAPIError {
        var error = ReferenceAPIError(.serviceUnavailable, message)
        error.headerFields[.retryAfter] = String(max(1, retryAfter))
        return error
    }

    var description: String { "\(status.code) \(message)" }
}
