#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Sends one request over the network and returns the response: the last step of a ``SignetClient``'s chain.
///
/// The request reaching a transport is absolute: ``SignetClient`` has already filled in its scheme and authority
/// and prefixed the base URL's path, so `baseURL` is only a fallback for requests built without a client.
/// A transport must throw ``SignetError`` of kind ``SignetError/Kind/transport(underlying:)`` for failures
/// to exchange the request (retry middleware retries those) and must honour task cancellation.
public protocol Transport: Sendable {
    /// Sends `request` with `body` and returns the response head and body.
    func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body)
}

/// A transport that enforces a deadline itself (AsyncHTTPClient gives each request its own deadline), so a
/// timeout costs no task or timer of Signet's: ``SignetClient`` hands such a transport the attempt's
/// ``CallContext/deadline`` set by ``TimeoutMiddleware``. Other transports are raced against a timer.
public protocol DeadlineEnforcingTransport: Transport {
    /// Sends like ``Transport/send(_:body:baseURL:)``, giving up at `deadline` with a ``SignetError`` of kind
    /// ``SignetError/Kind/timeout(after:)``.
    func send(_ request: HTTPRequest, body: Body, baseURL: URL, deadline: ContinuousClock.Instant) async throws -> (HTTPResponse, Body)
}
