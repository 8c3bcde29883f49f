import Signet
import SignetAsyncHTTPClient
import SignetNIOTransport
import SignetURLSession
import Testing

/// The three transports every network test runs over: the same suite, three implementations.
public enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Foundation's `URLSession` (FoundationNetworking on Linux).
    case urlSession
    /// AsyncHTTPClient.
    case asyncHTTPClient
    /// Signet's own HTTP/1.1 transport on SwiftNIO.
    case nio

    /// A fresh transport of this kind, accepting responses up to `maxResponseBytes`.
    public func make(maxResponseBytes: Int = SignetClient.defaultMaxResponseBytes) -> any Transport {
        switch self {
        case .urlSession: SignetURLSessionTransport(maxResponseBytes: maxResponseBytes)
        case .asyncHTTPClient: SignetAsyncHTTPClientTransport(maxResponseBytes: maxResponseBytes)
        case .nio: NIOTransport(maxResponseBytes: maxResponseBytes)
        }
    }

    /// Whether the transport stops reading (and hangs up) once a response passes its limit. FoundationNetworking
    /// reads on after a cancel and drops the bytes, so a hostile-peer test can bound the bytes sent only for the others.
    public var hangsUpAtLimit: Bool { self != .urlSession }

    public var testDescription: String { rawValue }
}
