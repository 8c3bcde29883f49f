import Signet
import SignetAsyncHTTPClient
import SignetNIOTransport
import Testing

/// The two transports every network test runs over: the same suite, two implementations.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case asyncHTTPClient
    case nio

    /// A fresh transport of this kind, accepting responses up to `maxResponseBytes`.
    func make(maxResponseBytes: Int = 16 * 1024 * 1024) -> any Transport {
        switch self {
        case .urlSession: return URLSessionTransport(maxResponseBytes: maxResponseBytes)
        case .asyncHTTPClient: return AsyncHTTPClientTransport(maxResponseBytes: maxResponseBytes)
        case .nio: return NIOTransport(maxResponseBytes: maxResponseBytes)
        }
    }

    var testDescription: String { rawValue }
}
