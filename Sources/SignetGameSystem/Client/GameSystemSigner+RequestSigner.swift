import Foundation
import HTTPTypes
import Signet
import SignetCrypto

/// `GameSystemSigner` plugs into the client's `SigningMiddleware`: it hashes the body (streaming a file
/// body in one pass with constant memory) and sets `Date`, `Content-MD5`, `Authorization` and
/// `Content-Type` on the request.
extension GameSystemSigner: RequestSigner {
    /// Signs `request` for `date`; the signed path is the request's path without its query.
    public func sign(_ request: inout HTTPRequest, body: Body, date: Date) async throws {
        let contentMD5: String
        if let bytes = body.inMemoryBytes {
            // Most requests (every GET) have no body: its digest is a constant, not worth hashing again.
            contentMD5 = bytes.isEmpty ? GameSystemVerifier.emptyBodyMD5 : try MD5.hash(bytes).base64
        } else {
            var md5 = try MD5()
            try body.forEachChunk { md5.update($0) }
            contentMD5 = try md5.finalize().base64
        }
        let signature = try sign(method: request.method, target: request.path ?? "/", contentMD5: contentMD5, date: date)
        signature.apply(to: &request.headerFields)
    }

    /// The plain text the signature of `request` covers, rebuilt from its `Date` and `Content-MD5`.
    public func stringToSign(for request: HTTPRequest) -> String? {
        guard let date = request.headerFields[.date], let contentMD5 = request.headerFields[.contentMD5] else { return nil }
        return Self.plainText(date: date, contentMD5: contentMD5, path: Self.signedPath(of: request.path ?? "/"),
                              method: request.method.rawValue, separator: separator)
    }
}
