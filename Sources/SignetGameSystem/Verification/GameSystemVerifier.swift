#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Signet
import SignetCrypto

/// Checks a received request's GameSystem signature against a key store and a clock.
///
/// Answers the API key when the request is valid, or the **first** failing check in this order:
/// missing-header → malformed-authorization → unknown-key → malformed-date → date-outside-window →
/// content-md5-mismatch → bad-signature. The signature is compared in constant time; hex is lowercase,
/// so an uppercase signature is a bad signature.
///
/// ```swift
/// let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["KEY": "secret"]))
/// switch verifier.verify(method: "GET", target: path, headers: fields, body: bytes, now: Date()) {
/// case .success(let apiKey): ...                       // authenticated as apiKey
/// case .failure(let error): respond401(error.reason.rawValue)
/// }
/// ```
public struct GameSystemVerifier: Sendable {
    /// Where secrets come from.
    public let keys: any GameSystemKeyStore
    /// The largest accepted |now − Date|, in seconds (20 by default; exactly the window is valid).
    public let window: TimeInterval
    /// The separator the signer used (escaped backslash-n by default).
    public let separator: GameSystemSeparator

    /// Creates a verifier.
    public init(keys: any GameSystemKeyStore, window: TimeInterval = 20, separator: GameSystemSeparator = .escaped) {
        self.keys = keys
        self.window = window
        self.separator = separator
    }

    /// Verifies a request whose body is in memory.
    public func verify(
        method: HTTPRequest.Method, target: String, headers: HTTPFields, body: [UInt8], now: Date
    ) -> Result<String, GameSystemVerificationError> {
        verify(method: method, target: target, headers: headers, now: now) {
            try MD5.hash(body).base64
        }
    }

    /// Verifies a request; `bodyMD5` computes the base64 MD5 of the body received, and is called only
    /// when the checks before it pass (a streamed body need not be hashed for a request with no key).
    public func verify(
        method: HTTPRequest.Method, target: String, headers: HTTPFields, now: Date,
        bodyMD5: () throws -> String
    ) -> Result<String, GameSystemVerificationError> {
        verifyRequest(method: method, target: target, headers: headers, now: now, bodyMD5: bodyMD5).map(\.apiKey)
    }

    /// Verifies a request like ``verify(method:target:headers:now:bodyMD5:)`` and answers what was verified,
    /// in canonical form: the parts a replay check must key on (see ``GameSystemVerifiedRequest``).
    public func verifyRequest(
        method: HTTPRequest.Method, target: String, headers: HTTPFields, now: Date,
        bodyMD5: () throws -> String
    ) -> Result<GameSystemVerifiedRequest, GameSystemVerificationError> {
        let dateText: String, contentMD5: String, apiKey: String, signature: String
        switch Self.signedParts(of: headers) {
        case .success(let parts): (dateText, contentMD5, apiKey, signature) = parts
        case .failure(let error): return .failure(error)
        }
        let candidates = keys.keys(for: apiKey)
        guard !candidates.isEmpty else {
            return .failure(.init(.unknownKey, "the API key is not known to this server"))
        }
        guard let seconds = GameSystemDate.parseSeconds(dateText) else {
            return .failure(.init(.malformedDate, "Date must be 'yyyyMMdd HH:mm:ss UTC', a real UTC date and time"))
        }
        let skew = now.timeIntervalSince1970 - TimeInterval(seconds)
        guard skew.isFinite, window.isFinite else {
            return .failure(.init(.dateOutsideWindow, "the server clock or the window is not a finite time"))
        }
        guard abs(skew) <= window else {
            let direction = skew > 0 ? "behind" : "ahead of"
            return .failure(.init(.dateOutsideWindow,
                "Date is \(Int(abs(skew).rounded())) s \(direction) the server clock (window \(Int(window)) s)"))
        }
        let received: String
        do { received = try bodyMD5() } catch {
            return .failure(.init(.contentMD5Mismatch, "the body could not be hashed: \(error)"))
        }
        guard ConstantTime.equals(received, contentMD5) else {
            return .failure(.init(.contentMD5Mismatch, "Content-MD5 does not match the MD5 of the body received"))
        }
        let path = GameSystemSigner.signedPath(of: target)
        let plainText = GameSystemSigner.plainText(
            date: dateText, contentMD5: contentMD5, path: path, method: method.rawValue, separator: separator)
        // Every secret of the key is tried (two while it rotates), so the time taken does not say which matched.
        var matched: String?
        for key in candidates {
            guard let expected = try? HMAC.authenticationCode(for: plainText, using: key).hex else {
                return .failure(.init(.badSignature, "the signature could not be computed"))
            }
            if ConstantTime.equals(expected, signature) { matched = expected }
        }
        guard let expected = matched else {
            return .failure(.init(.badSignature, "the signature does not match (lowercase hex HMAC-SHA1 expected)"))
        }
        return .success(GameSystemVerifiedRequest(
            apiKey: apiKey, signature: expected, dateSeconds: seconds, contentMD5: contentMD5,
            method: GameSystemSigner.uppercased(method.rawValue), path: String(path)))
    }

    /// The checks that need no key, the first two of verification: the three headers are present
    /// (`missing-header`) and `Authorization` is `KEY:signature` (`malformed-authorization`). Answers the
    /// API key to look up, and the parts verification goes on with.
    public static func signedParts(of headers: HTTPFields)
        -> Result<(date: String, contentMD5: String, apiKey: String, signature: String), GameSystemVerificationError> {
        guard let date = headers[.date] else { return .failure(.init(.missingHeader, "Date header is absent")) }
        guard let contentMD5 = headers[.contentMD5] else {
            return .failure(.init(.missingHeader, "Content-MD5 header is absent"))
        }
        guard let authorization = headers[.authorization] else {
            return .failure(.init(.missingHeader, "Authorization header is absent"))
        }
        return splitAuthorization(authorization).map { (date, contentMD5, $0.apiKey, $0.signature) }
    }

    /// Splits `KEY:signature` at the last colon, accepting spaces around it (`KEY : signature`).
    public static func splitAuthorization(_ value: String) -> Result<(apiKey: String, signature: String), GameSystemVerificationError> {
        guard let colon = value.lastIndex(of: ":") else {
            return .failure(.init(.malformedAuthorization, "Authorization must be 'KEY:signature' (no colon found)"))
        }
        let apiKey = value[..<colon].trimmingOptionalWhitespace()
        let signature = value[value.index(after: colon)...].trimmingOptionalWhitespace()
        guard !apiKey.isEmpty else {
            return .failure(.init(.malformedAuthorization, "Authorization has an empty API key before the colon"))
        }
        guard !signature.isEmpty else {
            return .failure(.init(.malformedAuthorization, "Authorization has an empty signature after the colon"))
        }
        return .success((String(apiKey), String(signature)))
    }
}
