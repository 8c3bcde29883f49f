import HTTPTypes

/// What HTTP's framing says about an answer before its body, for the transports' response limit.
package enum ResponseFraming {
    /// Whether an answer of status `code` to a `method` request can carry a body: not the answer to a HEAD,
    /// nor a 1xx, 204 or 304, whatever `Content-Length` they announce (RFC 9110, 8.6; RFC 9112, 6.3). The limit
    /// judges an announced length only where a body may follow.
    package static func mayHaveBody(method: HTTPRequest.Method, status code: Int) -> Bool {
        method != .head && !(100..<200).contains(code) && code != 204 && code != 304
    }
}
