import Foundation
import SignetCrypto

/// Signs requests with the GameSystem HMAC scheme (see README "The signing scheme").
///
/// ```swift
/// let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "KEY", secret: "secret"))
/// let signature = try signer.sign(method: "GET", target: "/acme/client/players/ann", body: [], date: Date())
/// // signature.headers: Date, Content-MD5, Authorization, Content-Type
/// ```
///
/// The plain text covers the date, the body's MD5, the path and the method, and nothing else: not the
/// query string, not `Content-Type`, not the host, and there is no nonce. That is the scheme the server
/// expects, so Signet implements it as it is; see README "What the scheme does not cover".
public struct GameSystemSigner: Sendable {
    /// The API key and prepared secret.
    public let credentials: GameSystemCredentials
    /// What joins the parts of the plain text (escaped backslash-n by default).
    public let separator: GameSystemSeparator

    /// Creates a signer; the secret inside `credentials` is already keyed, so signing does no key setup.
    public init(credentials: GameSystemCredentials, separator: GameSystemSeparator = .escaped) {
        self.credentials = credentials
        self.separator = separator
    }

    /// Signs a request whose body is in memory (pass `[]` for no body).
    public func sign(method: String, target: String, body: [UInt8], date: Date) throws(CryptoError) -> GameSystemSignature {
        try sign(method: method, target: target, contentMD5: MD5.hash(body).base64, date: date)
    }

    /// Signs a request whose body is a file, hashed in one streaming pass with constant memory.
    public func sign(method: String, target: String, bodyFile path: String, date: Date) throws -> GameSystemSignature {
        try sign(method: method, target: target, contentMD5: MD5.hash(contentsOfFile: path).base64, date: date)
    }

    /// Signs given an already computed `Content-MD5` (for bodies hashed while streaming elsewhere).
    public func sign(method: String, target: String, contentMD5: String, date: Date) throws(CryptoError) -> GameSystemSignature {
        let dateText = GameSystemDate.format(date)
        let plainText = Self.plainText(
            date: dateText, contentMD5: contentMD5, path: Self.signedPath(of: target),
            method: method, separator: separator)
        let signature = try HMAC.authenticationCode(for: plainText, using: credentials.key).hex
        return GameSystemSignature(
            contentMD5: contentMD5, date: dateText, stringToSign: plainText,
            signature: signature, authorization: credentials.apiKey + ":" + signature)
    }

    /// The plain text: date, Content-MD5, path and uppercased method, joined by the separator.
    public static func plainText(
        date: String, contentMD5: String, path: Substring, method: String, separator: GameSystemSeparator
    ) -> String {
        let joiner = separator.text
        var text = String()
        text.reserveCapacity(date.utf8.count + contentMD5.utf8.count + path.utf8.count + method.utf8.count + 8)
        text += date
        text += joiner
        text += contentMD5
        text += joiner
        text += path
        text += joiner
        text += method.uppercased()
        return text
    }

    /// The path that is signed: the target without its `?query` and `#fragment`, exactly as sent
    /// (percent-encoding kept), and `/` when that leaves nothing.
    public static func signedPath(of target: String) -> Substring {
        let end = target.utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? target.endIndex
        let path = target[..<end]
        return path.isEmpty ? "/" : path
    }
}
