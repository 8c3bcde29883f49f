#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an app shows: ``errorDescription`` is the one-line description (operation, request, what went
/// wrong), ``failureReason`` what went wrong on its own, and ``recoverySuggestion`` what a user or developer
/// can do: the server's diagnosis of a refused signature when it gave one, or advice for the kind of failure.
extension SignetError: LocalizedError {
    /// The one-line description.
    public var errorDescription: String? { description }

    /// What went wrong, without the operation and request.
    public var failureReason: String? { kindDescription }

    /// What to do about it, when something can be done.
    public var recoverySuggestion: String? {
        if let diagnosis { return diagnosis.detail }
        switch kind {
        case .transport:
            return "Check the network connection and that the server is reachable, then try again."
        case .timeout:
            return "The server did not answer in time; try again."
        case .cancelled:
            return nil
        case .httpStatus(let status, _, _):
            switch status.code {
            case 401: return "Check the API key and secret, and that this device's clock is right."
            case 403: return "This key is not allowed to do that."
            case 404: return "Check the base URL and the names in the request."
            case 408, 429, 503: return "The server is busy; try again in a moment."
            case 500...599: return "The server had a problem; try again later."
            default: return nil
            }
        case .decoding:
            return "The server's answer is not what this client expects: check that the base URL points at the right API."
        case .bodyTooLarge:
            return "The body is larger than the limit; raise the limit only for a server you trust."
        case .fileUnreadable:
            return "Check that the file exists, is a regular file and can be read."
        case .bodyNotReplayable:
            return "Use a body that can be read more than once (bytes in memory or a file) for requests that may be retried."
        case .invalidRequest:
            return nil
        case .invalidResponse:
            return "The server's answer is not valid HTTP; check the base URL, and that nothing in between rewrites answers."
        case .redirected:
            return "The API moved: update the base URL to the new address. Signed requests never follow redirects."
        }
    }
}
