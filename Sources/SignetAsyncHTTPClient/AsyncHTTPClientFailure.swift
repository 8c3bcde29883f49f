import AsyncHTTPClient
import HTTPTypes
import NIOCore
import Signet

/// Maps what AsyncHTTPClient throws to ``Signet/SignetError``, so retry middleware and callers see one type.
struct AsyncHTTPClientFailure: Sendable {
    /// The transport's deadline, reported when it passes.
    let timeout: Duration
    /// The response limit, reported by size failures.
    let maxResponseBytes: Int
    /// When the exchange began: a limit of the client's own (`timeout.connect`, `timeout.read`) is reported
    /// with the time it took to fire, not with the deadline, which had not passed.
    var started = ContinuousClock.now

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
        if Self.timeouts.contains(error) {
            // The deadline, once it has passed (whichever of AsyncHTTPClient's errors said so); before it, a
            // limit of the client's own fired, after the time it took.
            let elapsed = started.duration(to: .now)
            return SignetError(.timeout(after: error == .deadlineExceeded || elapsed >= timeout ? timeout : Self.milliseconds(elapsed)))
        }
        if error == .redirectCycleDetected || error == .redirectLimitReached {
            // Only a client configured to follow redirects gets here; a loop is not transient.
            return SignetError(.invalidResponse(reason: "the server's redirects loop or go on too long (\(error))"))
        }
        if Self.invalidRequests.contains(error) {
            return SignetError(.invalidRequest(reason: "AsyncHTTPClient refused the request: \(error)"))
        }
        return SignetError(.transport(underlying: error))
    }

    /// `duration` cut to whole milliseconds, as a report reads it.
    private static func milliseconds(_ duration: Duration) -> Duration {
        let (seconds, attoseconds) = duration.components
        return .seconds(seconds) + .milliseconds(attoseconds / 1_000_000_000_000_000)
    }
}
