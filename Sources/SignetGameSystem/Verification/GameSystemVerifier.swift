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
        do {
            let parts = try SignedHeaderFields(headers).parts(of: headers)
            return verifyRequest(method: method, path: GameSystemSigner.signedPath(of: target), parts: parts, now: now, bodyMD5: bodyMD5)
        } catch {
            return .failure(error)
        }
    }

    /// ``verifyRequest(method:target:headers:now:bodyMD5:)`` for a caller that already has the
    /// ``signedParts(of:)`` (it looked the key up with them) and the signed path
    /// (``GameSystemSigner/signedPath(of:)``): neither is read twice.
    package func verifyRequest(
        method: HTTPRequest.Method, path: Substring, parts: SignedHeaderFields.Parts,
        now: Date, bodyMD5: () throws -> String
    ) -> Result<GameSystemVerifiedRequest, GameSystemVerificationError> {
        let dateText = parts.date, contentMD5 = parts.contentMD5, apiKey = parts.apiKey, signature = parts.signature
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
        // Every secret of the key is tried (two while it rotates), so the time taken does not say which matched.
        // The plain text, each MAC and its hex stay on the stack: the received signature is compared with the
        // hex of each MAC, and when one matches it is that hex, so it is what the verified request keeps.
        let signedMethod = GameSystemSigner.uppercased(method.rawValue)
        let matched: Bool? = PlainText.withBytes(
            date: dateText, contentMD5: contentMD5, path: path, method: signedMethod, separator: separator
        ) { plainText -> Bool? in
            signature.withBytes { receivedBytes -> Bool? in
                var matched = false
                for key in candidates {
                    guard let mac = try? HMAC.authenticationCode(for: plainText, using: key) else { return nil }
                    // In constant time, digit by digit, no hex written.
                    if mac.constantTimeEquals(lowercaseHex: receivedBytes) { matched = true }
                }
                return matched
            }
        }
        guard let matched else {
            return .failure(.init(.badSignature, "the signature could not be computed"))
        }
        guard matched else {
            return .failure(.init(.badSignature, "the signature does not match (lowercase hex HMAC-SHA1 expected)"))
        }
        return .success(GameSystemVerifiedRequest(
            apiKey: apiKey, signature: signature, dateSeconds: seconds, contentMD5: contentMD5,
            method: signedMethod, path: String(path)))
    }

    /// Whether ``verifyRequest(method:path:parts:now:bodyMD5:)`` refuses a request with `parts` whatever its
    /// body and whenever it is checked: its key is unknown (`unknown-key`) or its `Date` malformed
    /// (`malformed-date`), the checks that come before the body's and the clock's.
    package func refusesWhateverTheBody(_ parts: SignedHeaderFields.Parts) -> Bool {
        keys.keys(for: parts.apiKey).isEmpty || GameSystemDate.parseSeconds(parts.date) == nil
    }

    /// The checks that need no key, the first two of verification: the three headers are present
    /// (`missing-header`) and `Authorization` is `KEY:signature` (`malformed-authorization`). Answers the
    /// API key to look up, and the parts verification goes on with.
    public static func signedParts(of headers: HTTPFields)
        -> Result<(date: String, contentMD5: String, apiKey: String, signature: String), GameSystemVerificationError> {
        Result { () throws(GameSystemVerificationError) in
            let parts = try SignedHeaderFields(headers).parts(of: headers)
            return (parts.date, parts.contentMD5, parts.apiKey, parts.signature.string)
        }
    }

    /// Splits `KEY:signature` at the last colon, accepting spaces and tabs around it (`KEY : signature`).
    /// Byte-wise, as the independent implementation splits (a colon followed by a combining mark is still a
    /// colon).
    public static func splitAuthorization(_ value: String) -> Result<(apiKey: String, signature: String), GameSystemVerificationError> {
        Result { () throws(GameSystemVerificationError) in
            let split = try splitSignedAuthorization(value)
            return (split.apiKey, split.signature.string)
        }
    }

    /// ``splitAuthorization(_:)`` with the signature left in `value` (a ``SignatureText``), where verification
    /// compares it: a 40-character signature made a `String` of its own was an allocation per request.
    /// Throwing its error rather than answering a `Result` of a tuple: a tuple in a `Result` is copied and
    /// destroyed through generic code, a tenth of a verification on a cold cache (docs/benchmarks.md,
    /// "Verification on a cold cache").
    package static func splitSignedAuthorization(_ value: String) throws(GameSystemVerificationError) -> SignedAuthorization {
        // In place (a native string's UTF-8 is contiguous): this runs on every verified request. The API key is
        // made from its bytes, and the signature stays a range of them: cutting either out of the string by
        // index aligns each index to a scalar, calls into the runtime on every request.
        var text = value
        var signatureRange = 0..<0
        let split = text.withUTF8 { bytes -> Result<String, GameSystemVerificationError> in
            guard let colon = bytes.lastIndex(of: UInt8(ascii: ":")) else {
                return .failure(.init(.malformedAuthorization, "Authorization must be 'KEY:signature' (no colon found)"))
            }
            let apiKeyRange = trimmedBlanks(bytes, 0..<colon)
            signatureRange = trimmedBlanks(bytes, (colon + 1)..<bytes.count)
            guard !apiKeyRange.isEmpty else {
                return .failure(.init(.malformedAuthorization, "Authorization has an empty API key before the colon"))
            }
            guard !signatureRange.isEmpty else {
                return .failure(.init(.malformedAuthorization, "Authorization has an empty signature after the colon"))
            }
            // The cuts are next to ASCII bytes, so the key is whole UTF-8.
            return .success(String(decoding: UnsafeBufferPointer(rebasing: bytes[apiKeyRange]), as: UTF8.self))
        }
        switch split {
        case .failure(let error): throw error
        case .success(let apiKey): return SignedAuthorization(apiKey: apiKey, signature: SignatureText(text, bytes: signatureRange))
        }
    }

    /// The two halves of `Authorization`: the API key, and the signature as a range of the header's value.
    package struct SignedAuthorization {
        package var apiKey: String
        package var signature: SignatureText
    }

    /// `range` of `bytes` without leading and trailing spaces and tabs (both ASCII, so the cuts are on scalar boundaries).
    private static func trimmedBlanks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") { upper -= 1 }
        return lower..<upper
    }
}

/// Where the fields a server's verification reads are in a head, found in one pass over it: the three signed
/// headers, and the two that frame a body (which decide how the body is received). A field named twice reads
/// as its values joined by ", ", as `HTTPFields`' subscript reads it; this runs on every request, and five
/// subscripts would cost five passes. Its readers take the same `HTTPFields` it was made from.
package struct SignedHeaderFields {
    // Positions only, nothing counted: this is made and dropped on every request, and the strings (then the
    // fields) it held cost reference counts each way and a destruction through the type's metadata
    // (docs/benchmarks.md, "Where the rest goes"). `seen` says which fields were found (one may be sent empty),
    // `repeated` which were named more than once (read by joining, off the common path).
    private var date = 0, contentMD5 = 0, authorization = 0, contentLength = 0
    private var seen: Seen = [], repeated: Seen = []
    /// How many fields were scanned: a reader given other fields is a bug, caught in debug builds.
    private let scanned: Int

    private struct Seen: OptionSet {
        let rawValue: UInt8
        static let date = Seen(rawValue: 1), contentMD5 = Seen(rawValue: 2), authorization = Seen(rawValue: 4)
        static let contentLength = Seen(rawValue: 8), transferEncoding = Seen(rawValue: 16)
    }

    package init(_ fields: HTTPFields) {
        scanned = fields.count
        func note(_ position: Int, _ field: Seen, at first: inout Int) {
            if seen.contains(field) { repeated.insert(field) } else { first = position; seen.insert(field) }
        }
        for position in fields.indices {
            // The canonical (lowercase) name's length first, then the name: most fields differ in length from
            // all five, and comparing two unequal strings calls into the runtime, where comparing two lengths
            // does not (nor does reading the five names' static `HTTPField.Name`s, each behind a `swift_once`).
            let name = fields[position].name.canonicalName
            switch name.utf8.count {
            case 4 where name == "date": note(position, .date, at: &date)
            case 11 where name == "content-md5": note(position, .contentMD5, at: &contentMD5)
            case 13 where name == "authorization": note(position, .authorization, at: &authorization)
            case 14 where name == "content-length": note(position, .contentLength, at: &contentLength)
            case 17 where name == "transfer-encoding": seen.insert(.transferEncoding)  // only its presence is read
            default: continue
            }
        }
    }

    /// The value of `field` in `fields`, first seen at `position`: its values joined by ", " when it was named
    /// more than once (the others found by the first one's name).
    private func value(_ field: Seen, at position: Int, in fields: HTTPFields) -> String {
        assert(fields.count == scanned, "SignedHeaderFields read with fields other than those it was made from")
        guard repeated.contains(field) else { return fields[position].value }
        let name = fields[position].name
        return fields[position...].lazy.filter { $0.name == name }.map(\.value).joined(separator: ", ")
    }

    /// Whether the head whose fields are `fields` (those this was made from) declares no body: neither
    /// `Content-Length` nor `Transfer-Encoding`, or a `Content-Length` of 0 (RFC 9112, 6.3).
    package func declaresNoBody(_ fields: HTTPFields) -> Bool {
        seen.contains(.contentLength)
            ? value(.contentLength, at: contentLength, in: fields) == "0" : !seen.contains(.transferEncoding)
    }

    /// What ``parts(of:)`` answers: the signed headers and the two halves of `Authorization` (the signature a slice of it).
    package struct Parts {
        package var date: String, contentMD5: String, apiKey: String, signature: SignatureText
    }

    /// The checks that need no key, as ``GameSystemVerifier/signedParts(of:)`` answers them, on `fields` (those
    /// this was made from).
    package func parts(of fields: HTTPFields) throws(GameSystemVerificationError) -> Parts {
        guard seen.contains(.date) else { throw .init(.missingHeader, "Date header is absent") }
        guard seen.contains(.contentMD5) else { throw .init(.missingHeader, "Content-MD5 header is absent") }
        guard seen.contains(.authorization) else { throw .init(.missingHeader, "Authorization header is absent") }
        // A singleton field (RFC 9110, 11.6.2): two joined would split at the last colon into a "key" that holds
        // the first one's signature, which the refusal's log line and the key lookup would then see.
        guard !repeated.contains(.authorization) else {
            throw .init(.malformedAuthorization, "Authorization was sent more than once; send one 'KEY:signature'")
        }
        let split = try GameSystemVerifier.splitSignedAuthorization(value(.authorization, at: authorization, in: fields))
        return Parts(date: value(.date, at: date, in: fields), contentMD5: value(.contentMD5, at: contentMD5, in: fields),
                     apiKey: split.apiKey, signature: split.signature)
    }
}
