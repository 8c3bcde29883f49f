import Foundation
import HTTPTypes

/// Adds authentication headers to a request: the extension point for a signing scheme.
///
/// A signer may read the body (``Body/forEachChunk(_:)`` hashes a file body in one streaming pass) but must
/// not consume a one-shot stream body. It is called once per attempt, with that attempt's date.
public protocol RequestSigner: Sendable {
    /// Adds this scheme's headers to `request` for sending at `date` with `body`.
    func sign(_ request: inout HTTPRequest, body: Body, date: Date) async throws
}
