/// An underlying transport error that can describe itself without the failing URL (whose query string may
/// carry secrets). A transport module conforms its library's error type (SignetURLSession: `URLError`).
package protocol SanitizedTransportFailure: Error {
    /// A one-line description that names no URL.
    var sanitizedDescription: String { get }
}

/// Describes an underlying transport error without the failing URL, whose query string may carry secrets.
package enum TransportFailureDescription {
    /// `error`'s sanitized description; otherwise its own, unless that names a URL (`://`): then only its
    /// type, as an error of a library this module does not know (a `URLError` where `SignetURLSession` is not
    /// linked) prints the URL it failed on.
    package static func describe(_ error: any Error) -> String {
        if let sanitized = error as? any SanitizedTransportFailure { return sanitized.sanitizedDescription }
        let text = String(describing: error)
        guard text.contains("://") else { return text }
        return "\(type(of: error)) (its description names a URL, left out)"
    }
}
