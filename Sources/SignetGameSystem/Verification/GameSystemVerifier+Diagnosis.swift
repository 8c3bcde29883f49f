#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Signet
import SignetCrypto

extension GameSystemVerifier {
    /// Names the client mistake behind a refusal, trying the known ones with the stored secret.
    ///
    /// For `bad-signature` it re-signs the request as each mistake would have (the other separator, the
    /// query signed, the path decoded or re-encoded, the method in lower case, the secret with a trailing
    /// newline) and names the one whose signature matches, or sees an uppercase signature; for
    /// `content-md5-mismatch` it recognises a hex `Content-MD5` and the MD5 of an empty body; for
    /// `date-outside-window` it gives the clock offset. Other reasons (missing header, malformed
    /// authorization, unknown key, malformed date) explain themselves and give `nil`.
    ///
    /// It runs only for refused requests (a few HMACs), never on the accepted path, and reveals no secret
    /// and no valid signature.
    /// - Parameters:
    ///   - error: the refusal to explain, as verification answered it.
    ///   - requestMethod: the request's method, as received.
    ///   - target: the request's target (path, maybe with a query), as received.
    ///   - headers: the request's header fields.
    ///   - bodyMD5: the MD5 of the body received.
    ///   - now: the server's time, for the clock offset of `date-outside-window`.
    public func diagnose(
        _ error: GameSystemVerificationError, method requestMethod: HTTPRequest.Method, target: String, headers: HTTPFields,
        bodyMD5: Digest, now: Date
    ) -> GameSystemDiagnosis? {
        let method = requestMethod.rawValue
        guard let date = headers[.date], let contentMD5 = headers[.contentMD5],
              let authorization = headers[.authorization],
              case .success(let (apiKey, signature)) = Self.splitAuthorization(authorization)
        else { return nil }
        let path = GameSystemSigner.signedPath(of: target)
        switch error.reason {
        case .dateOutsideWindow:
            guard let seconds = GameSystemDate.parseSeconds(date) else { return nil }
            let offset = Int(clamping: seconds - Int64(now.timeIntervalSince1970.rounded()))
            let expected = plain(date, contentMD5, path, method)
            let direction = offset > 0 ? "ahead of" : "behind"
            return GameSystemDiagnosis(
                likelyCause: .clockSkew, stringToSign: expected,
                detail: "the request's Date is \(abs(offset)) s \(direction) the server's clock (window \(Int(window)) s): "
                    + "correct the client's clock or learn the offset from the server's Date header",
                clockOffsetSeconds: offset)
        case .contentMD5Mismatch:
            let expected = plain(date, bodyMD5.base64, path, method)
            if contentMD5.lowercased() == bodyMD5.hex {
                return GameSystemDiagnosis(likelyCause: .contentMD5Hex, stringToSign: expected,
                    detail: "Content-MD5 holds the body's MD5 in hex; send it base64-encoded (24 characters ending in ==)")
            }
            if contentMD5 == Self.emptyBodyMD5, bodyMD5.base64 != Self.emptyBodyMD5 {
                return GameSystemDiagnosis(likelyCause: .contentMD5EmptyBody, stringToSign: expected,
                    detail: "Content-MD5 is the MD5 of an empty body, but the request has a body: hash the bytes you send")
            }
            return GameSystemDiagnosis(likelyCause: .unknown, stringToSign: expected,
                detail: "Content-MD5 does not match the body received, and is neither its hex MD5 nor the empty body's")
        case .badSignature:
            // Each secret of the key (two while it rotates) is tried; the first that explains the mistake wins.
            var finding: GameSystemDiagnosis?
            for key in keys.keys(for: apiKey) {
                let found = diagnoseSignature(signature, apiKey: apiKey, key: key, date: date, contentMD5: contentMD5,
                                              target: target, path: path, method: method)
                if found.likelyCause != .unknown { return found }
                finding = finding ?? found
            }
            return finding
        default:
            return nil
        }
    }

    /// The diagnosis for a valid signature made with a key of the wrong role.
    public func wrongKeyTypeDiagnosis(
        method requestMethod: HTTPRequest.Method, target: String, headers: HTTPFields, needed: String, held: String
    ) -> GameSystemDiagnosis? {
        let method = requestMethod.rawValue
        guard let date = headers[.date], let contentMD5 = headers[.contentMD5] else { return nil }
        return GameSystemDiagnosis(
            likelyCause: .wrongKeyType,
            stringToSign: plain(date, contentMD5, GameSystemSigner.signedPath(of: target), method),
            detail: "the signature is valid, but this route needs a key of role \(needed), and it was signed with \(held)")
    }

    /// The Content-MD5 of an empty body.
    package static let emptyBodyMD5 = "1B2M2Y8AsgTpgAmY7PhCfg=="

    private func plain(_ date: String, _ contentMD5: String, _ path: Substring, _ method: String,
                       separator: GameSystemSeparator? = nil) -> String {
        GameSystemSigner.plainText(date: date, contentMD5: contentMD5, path: path, method: method,
                                   separator: separator ?? self.separator)
    }

    private func diagnoseSignature(
        _ signature: String, apiKey: String, key: HMACKey, date: String, contentMD5: String,
        target: String, path: Substring, method: String
    ) -> GameSystemDiagnosis {
        let expected = plain(date, contentMD5, path, method)
        func mac(_ text: String, _ key: HMACKey) -> String? { try? HMAC.authenticationCode(for: text, using: key).hex }
        func matches(_ text: String, key: HMACKey = key) -> Bool { mac(text, key) == signature }
        func found(_ cause: GameSystemDiagnosis.Cause, _ detail: String) -> GameSystemDiagnosis {
            GameSystemDiagnosis(likelyCause: cause, stringToSign: expected, detail: detail)
        }
        if let correct = mac(expected, key), signature != correct, signature == correct.uppercased() {
            return found(.signatureUppercase, "the signature is uppercase hex; send the HMAC-SHA1 as lowercase hex")
        }
        let other: GameSystemSeparator = separator == .escaped ? .newline : .escaped
        if matches(plain(date, contentMD5, path, method, separator: other)) {
            return other == .newline
                ? found(.separatorNewline, "the parts were joined with a real newline; this server joins them with the two characters backslash and n")
                : found(.separatorEscaped, "the parts were joined with backslash-n; this server joins them with a real newline")
        }
        let upper = GameSystemSigner.uppercased(method)
        for signed in [method, method.lowercased(), method.prefix(1).uppercased() + method.dropFirst().lowercased()]
        where signed != upper {
            let text = GameSystemSigner.plainTextAsIs(date: date, contentMD5: contentMD5, path: path, method: signed,
                                                      separator: separator)
            if matches(text) {
                return found(.methodCase, "the method was signed as '\(signed)'; sign it uppercased ('\(upper)')")
            }
        }
        if target.utf8.count > path.utf8.count {
            let withQuery = target[...]
            if matches(plain(date, contentMD5, withQuery, method)) {
                return found(.querySigned, "the query string was signed with the path; sign the path only, without '?…'")
            }
        }
        for variant in PathVariants.of(String(path)) where matches(plain(date, contentMD5, Substring(variant), method)) {
            return found(.pathEncoding,
                "the path was signed as '\(variant)'; sign it exactly as sent on the wire, percent-encoding kept ('\(path)')")
        }
        if let variants = keys.diagnosticKeys(for: apiKey) {
            for variant in variants where matches(expected, key: variant) {
                return found(.secretTrailingNewline,
                    "the secret was used with a trailing newline; trim the line end when reading it from a file")
            }
        }
        return found(.unknown, "no known mistake reproduces the signature: check the secret for this API key")
    }
}

/// Ways a client may have spelled a path differently when signing it.
enum PathVariants {
    /// Percent-decoded, hex digits in the other case, and fully percent-encoded: each when it differs.
    static func of(_ path: String) -> [String] {
        var variants: [String] = []
        if let decoded = PercentEncoding.decode(path), decoded != path { variants.append(decoded) }
        let flipped = flipEscapeCase(path)
        if flipped != path { variants.append(flipped) }
        let encoded = PercentEncoding.encode(PercentEncoding.decode(path) ?? path, allowing: PercentEncoding.isPathAllowed)
        if encoded != path, !variants.contains(encoded) {
            variants.append(encoded)
        }
        return variants
    }

    /// `%2f` ↔ `%2F`: the hex digits of every escape in the other case.
    private static func flipEscapeCase(_ path: String) -> String {
        var bytes = Array(path.utf8)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                for offset in 1...2 {
                    let byte = bytes[index + offset]
                    if (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) { bytes[index + offset] = byte - 32 }
                    else if (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte) { bytes[index + offset] = byte + 32 }
                }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
