import Foundation
import HTTPTypes

/// Sends one request over the network and returns the response: the last step of a ``Client``'s chain.
///
/// The request reaching a transport is absolute: ``Client`` has already filled in its scheme and authority
/// and prefixed the base URL's path, so `baseURL` is only a fallback for requests built without a client.
/// A transport must throw ``SignetError`` of kind ``SignetError/Kind/transport(underlying:)`` for failures
/// to exchange the request (retry middleware retries those) and must honour task cancellation.
public protocol Transport: Sendable {
    /// Sends `request` with `body` and returns the response head and body.
    func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body)
}
