import HTTPTypes
import NIOHTTP1
import Signet

/// The HTTP/1.1 head `NIOTransport` writes for a request, and the header fields it keeps to itself.
enum RequestHead {
    /// Whether a field of this (lowercase) name frames the message or steers the connection. The transport
    /// writes `Host` (from the request's authority) and `Content-Length` or `Transfer-Encoding` (from the body)
    /// itself, and alone decides whether a connection is reused; a caller's copy beside them could contradict
    /// them, and a server that believed it would read the next request out of step (RFC 9112 §6.3, §9.6).
    static func isReserved(_ canonicalName: String) -> Bool {
        // By length first: most fields pass after one integer comparison, none after more than one of strings.
        switch canonicalName.utf8.count {
        case 2: canonicalName == "te"
        case 4: canonicalName == "host"
        case 7: canonicalName == "upgrade"
        case 10: canonicalName == "connection"
        case 14: canonicalName == "content-length"
        case 17: canonicalName == "transfer-encoding"
        default: false
        }
    }

    /// The head for `request` (absolute: scheme and authority set) with a body of `bodyLength` bytes (nil:
    /// unknown, sent chunked); refuses, as `.invalidRequest` naming it, a field that is
    /// reserved (``isReserved(_:)``).
    static func make(_ request: HTTPRequest, authority: String, bodyLength: Int?) throws -> HTTPRequestHead {
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.method.rawValue), uri: request.path ?? "/")
        head.headers.reserveCapacity(request.headerFields.count + 2)
        head.headers.add(name: "Host", value: authority)
        for field in request.headerFields {
            if isReserved(field.name.canonicalName) {
                throw SignetError(.invalidRequest(reason: "the request sets \(field.name.rawName), which NIOTransport writes itself "
                    + "(Host, Content-Length, Transfer-Encoding, Connection, Upgrade and TE are the transport's)"))
            }
            head.headers.add(name: field.name.rawName, value: field.value)
        }
        if let bodyLength, bodyLength > 0 || request.method == .post || request.method == .put {
            head.headers.add(name: "Content-Length", value: String(bodyLength))
        } else if bodyLength == nil {
            head.headers.add(name: "Transfer-Encoding", value: "chunked")
        }
        return head
    }
}
