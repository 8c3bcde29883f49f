/// An underlying transport error that can describe itself without the failing URL (whose query string may
/// carry secrets). A transport module conforms its library's error type (SignetURLSession: `URLError`).
package protocol SanitizedTransportFailure: Error {
    /// A one-line description that names no URL.
    var sanitizedDescription: String { get }
}

/// Describes an underlying transport error without the failing URL, whose query string may carry secrets.
enum TransportFailureDescription {
    static func describe(_ error: any Error) -> String {
        if let sanitized = error as? any SanitizedTransportFailure { return sanitized.sanitizedDescription }
        return String(describing: error)
    }
}
