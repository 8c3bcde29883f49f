#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import SignetCrypto

/// Signs requests with the GameSystem HMAC scheme (see <doc:GameSystemService>).
///
/// ```swift
/// let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "KEY", secret: "secret"))
/// let signature = try signer.sign(method: .get, target: "/acme/client/players/ann", body: [], date: Date())
/// signature.apply(to: &request.headerFields)   // Date, Content-MD5, Authorization (and Content-Type if absent)
/// ```
///
/// The plain text covers the date, the body's MD5, the path and the method, and nothing else: not the
/// query string, not `Content-Type`, not the host, and there is no nonce. That is the scheme the server
/// expects, so Signet implements it as it is; see <doc:GameSystemService#What-the-scheme-does-not-cover>.
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
    public func sign(method: HTTPRequest.Method, target: String, body: [UInt8], date: Date) throws(CryptoError) -> GameSystemSignature {
        try sign(method: method, target: target, contentMD5: MD5.hash(body).base64, date: date)
    }

    /// Signs a request whose body is a file, hashed in one streaming pass with constant memory.
    public func sign(method: HTTPRequest.Method, target: String, bodyFile path: String, date: Date) throws -> GameSystemSignature {
        try sign(method: method, target: target, contentMD5: MD5.hash(contentsOfFile: path).base64, date: date)
    }

    /// Signs given an already computed `Content-MD5` (for bodies hashed while streaming elsewhere).
    public func sign(method: HTTPRequest.Method, target: String, contentMD5: String, date: Date) throws(CryptoError) -> GameSystemSignature {
        let dateText = GameSystemDate.format(date)
        let path = Self.signedPath(of: target)
        let method = Self.uppercased(method.rawValue)
        // The plain text is assembled in a stack buffer and MACed from there; as a String it is built
        // only when someone asks for it (String creation re-validates UTF-8, a third of the cost).
        let mac = try PlainText.withBytes(date: dateText, contentMD5: contentMD5, path: path, method: method, separator: separator) {
            bytes throws(CryptoError) in try HMAC.authenticationCode(for: bytes, using: credentials.key)
        }
        return GameSystemSignature(
            contentMD5: contentMD5, date: dateText, path: String(path), method: method, separator: separator,
            authorization: Self.authorization(apiKey: credentials.apiKey, mac: mac))
    }

    /// The plain text: date, Content-MD5, path and uppercased method, joined by the separator.
    public static func plainText(
        date: String, contentMD5: String, path: Substring, method: String, separator: GameSystemSeparator
    ) -> String {
        PlainText.withBytes(date: date, contentMD5: contentMD5, path: path, method: uppercased(method), separator: separator) {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The plain text with `method` exactly as given (not uppercased): what a client that forgot to
    /// uppercase signed. For diagnosis.
    static func plainTextAsIs(
        date: String, contentMD5: String, path: Substring, method: String, separator: GameSystemSeparator
    ) -> String {
        PlainText.withBytes(date: date, contentMD5: contentMD5, path: path, method: method, separator: separator) {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// `KEY:hex` built in one pass.
    static func authorization(apiKey: String, mac: Digest) -> String {
        var apiKey = apiKey
        return apiKey.withUTF8 { key in
            mac.withUnsafeBytes { digest in
                String(unsafeUninitializedCapacity: key.count + 1 + digest.count * 2) { out in
                    guard let base = out.baseAddress else { return 0 }
                    if let keyBase = key.baseAddress { base.update(from: keyBase, count: key.count) }
                    base[key.count] = UInt8(ascii: ":")
                    return key.count + 1 + Hex.write(digest, into: UnsafeMutableBufferPointer(rebasing: out[(key.count + 1)...]))
                }
            }
        }
    }

    /// Uppercases ASCII letters; leaves a method that is already uppercase untouched (no allocation).
    static func uppercased(_ method: String) -> String {
        // Over the contiguous bytes: the generic scan of the UTF-8 view cost 1.6 % of a verification.
        var bytes = method
        let hasLowercase = bytes.withUTF8 { $0.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } }
        return hasLowercase ? method.uppercased() : method
    }

    /// The path that is signed: the target without its `?query` and `#fragment`, exactly as sent
    /// (percent-encoding kept), and `/` when that leaves nothing.
    public static func signedPath(of target: String) -> Substring {
        // Over the contiguous bytes where the string has them (a native one does): the generic scan of the
        // UTF-8 view cost more than the rest of this function, on every signed and every verified request.
        let isEnd = { (byte: UInt8) in byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") }
        let utf8 = target.utf8
        let offset = utf8.withContiguousStorageIfAvailable { bytes in bytes.firstIndex(where: isEnd) ?? bytes.count }
        // Most targets have no query: the whole string, without an index made from an offset (which the
        // subscript aligns to a scalar, a call into the runtime on every request). `Substring(target)` would
        // build a new substring character by character.
        if offset == utf8.count { return target.isEmpty ? "/" : target[...] }
        let end = offset.map { utf8.index(utf8.startIndex, offsetBy: $0) } ?? utf8.firstIndex(where: isEnd) ?? target.endIndex
        let path = target[..<end]
        return path.isEmpty ? "/" : path
    }
}

