import AsyncHTTPClient
import HTTPTypes
import NIOCore
import Signet

/// Maps what AsyncHTTPClient throws to ``Signet/SignetError``, so retry middleware and callers see one type.
struct AsyncHTTPClientFailure: Sendable {
    /// The transport's deadline, reported by timeouts.
    let timeout: Duration
    /// The response limit, reported by size failures.
    let maxResponseBytes: Int

    private static let timeouts: [HTTPClientError] = [
        .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout,
        .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout,
    ]
    private static let invalidRequests: [HTTPClientError] = [
        .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath, .traceRequestWithBody,
        .identityCodingIncorrectlyPresent,
    ]

    /// The ``Signet/SignetError`` for `error`, located at `request`.
    func map(_ error: any Error, request: HTTPRequest) -> SignetError {
        let mapped: SignetError
        if let signetError = error as? SignetError {
            mapped = signetError
        } else if error is CancellationError {
            mapped = SignetError(.cancelled)
        } else if let clientError = error as? HTTPClientError {
            mapped = map(clientError)
        } else if error is NIOTooManyBytesError {
            mapped = SignetError(.bodyTooLarge(limit: maxResponseBytes, actual: nil))
        } else if Task.isCancelled {
            mapped = SignetError(.cancelled)
        } else {
            mapped = SignetError(.transport(underlying: error))
        }
        return mapped.adding(operation: nil, request: request)
    }

    private func map(_ error: HTTPClientError) -> SignetError {
        if error == .cancelled || Task.isCancelled { return SignetError(.cancelled) }
        if Self.timeouts.contains(error) { return SignetError(.timeout(after: timeout)) }
        if error == .redirectCycleDetected || error == .redirectLimitReached {
            // Only a client configured to follow redirects gets here; a loop is not transient.
            return SignetError(.invalidResponse(reason: "the server's redirects loop or go on too long (\(error))"))
        }
        if Self.invalidRequests.contains(error) {
            return SignetError(.invalidRequest(reason: "AsyncHTTPClient refused the request: \(error)"))
        }
        return SignetError(.transport(underlying: error))
    }
}
