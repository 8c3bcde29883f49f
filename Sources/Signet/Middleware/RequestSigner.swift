#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Adds authentication headers to a request: the extension point for a signing scheme.
///
/// A signer may read the body (``Body/forEachChunk(_:)`` hashes a file body in one streaming pass) but must
/// not consume a one-shot stream body. It is called once per attempt, with that attempt's date.
///
/// ```swift
/// struct BearerSigner: RequestSigner {
///     let token: String
///     func sign(_ request: inout HTTPRequest, body: Body, date: Date) async throws {
///         request.headerFields[.authorization] = "Bearer \(token)"
///     }
/// }
/// let client = SignetClient(baseURL: url, transport: SignetURLSessionTransport(),
///                     middleware: [RetryMiddleware(), SigningMiddleware(signer: BearerSigner(token: token))])
/// ```
public protocol RequestSigner: Sendable {
    /// Adds this scheme's headers to `request` for sending at `date` with `body`.
    func sign(_ request: inout HTTPRequest, body: Body, date: Date) async throws
    /// The text the signature of an already signed `request` covers, to show beside a server's diagnosis
    /// when the request is refused; `nil` (the default) for schemes without one.
    func stringToSign(for request: HTTPRequest) -> String?
}

extension RequestSigner {
    /// No string to show.
    public func stringToSign(for request: HTTPRequest) -> String? { nil }
}
