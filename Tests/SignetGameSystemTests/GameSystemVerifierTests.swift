import Foundation
import HTTPTypes
import SignetCrypto
import SignetGameSystem
import SignetTestSupport
import Testing

/// The verifier: every failure reason, the order of the checks, the window's edges, and what errors reveal.
///
/// The base request is DESIGN.md's example, with the signature from Python's hmac and `openssl dgst`.
@Suite("GameSystemVerifier")
struct GameSystemVerifierTests {
    static let target = "/acme/client/players/ann"
    static let signature = "043af1c09d2a6048eb553c79ef80533b5f4902d9"
    static let signedAt = Date(timeIntervalSince1970: 1_517_738_400) // 20180204 10:00:00 UTC

    static func verifier(window: TimeInterval = 20, keys: [String: String] = ["KEY": "secret"]) throws -> GameSystemVerifier {
        GameSystemVerifier(keys: try GameSystemKeyring(secrets: keys), window: window)
    }

    static func headers(
        date: String? = "20180204 10:00:00 UTC",
        contentMD5: String? = "1B2M2Y8AsgTpgAmY7PhCfg==",
        authorization: String? = "KEY:043af1c09d2a6048eb553c79ef80533b5f4902d9"
    ) -> HTTPFields {
        var fields = HTTPFields()
        if let date { fields[.date] = date }
        if let contentMD5 { fields[.contentMD5] = contentMD5 }
        if let authorization { fields[.authorization] = authorization }
        fields[.contentType] = "application/json"
        return fields
    }

    /// The failure reason, or nil when valid.
    static func reason(
        _ headers: HTTPFields, body: [UInt8] = [], method: HTTPRequest.Method = .get, target: String = target,
        now: Date = signedAt, verifier: GameSystemVerifier? = nil
    ) throws -> GameSystemVerificationError.Reason? {
        let verifier = try verifier ?? Self.verifier()
        switch verifier.verify(method: method, target: target, headers: headers, body: body, now: now) {
        case .success: return nil
        case .failure(let error): return error.reason
        }
    }

    @Test("The DESIGN example is valid and answers its API key")
    func valid() throws {
        let result = try Self.verifier().verify(method: .get, target: Self.target, headers: Self.headers(), body: [], now: Self.signedAt)
        #expect(try result.get() == "KEY")
        #expect(try Self.reason(Self.headers(), target: Self.target + "?page=2#x") == nil) // query and fragment are not signed
        #expect(try Self.reason(Self.headers(), method: try #require(HTTPRequest.Method("get"))) == nil)
    }

    @Test("Header names are case-insensitive")
    func headerNameCase() throws {
        var fields = HTTPFields()
        fields.append(HTTPField(name: try #require(HTTPField.Name("date")), value: "20180204 10:00:00 UTC"))
        fields.append(HTTPField(name: try #require(HTTPField.Name("CONTENT-MD5")), value: "1B2M2Y8AsgTpgAmY7PhCfg=="))
        fields.append(HTTPField(name: try #require(HTTPField.Name("AuThOrIzAtIoN")), value: "KEY:" + Self.signature))
        #expect(try Self.reason(fields) == nil)
    }

    @Test("Each missing header is missing-header")
    func missingHeader() throws {
        #expect(try Self.reason(Self.headers(date: nil)) == .missingHeader)
        #expect(try Self.reason(Self.headers(contentMD5: nil)) == .missingHeader)
        #expect(try Self.reason(Self.headers(authorization: nil)) == .missingHeader)
        #expect(try Self.reason(HTTPFields()) == .missingHeader)
    }

    @Test("Authorization without a colon, key or signature is malformed-authorization", arguments: [
        "KEY" + "043af1c09d2a6048eb553c79ef80533b5f4902d9", ":043af1c09d2a6048eb553c79ef80533b5f4902d9",
        "   :043af1c09d2a6048eb553c79ef80533b5f4902d9", "KEY:", "KEY:   ", ":", "",
    ])
    func malformedAuthorization(authorization: String) throws {
        #expect(try Self.reason(Self.headers(authorization: authorization)) == .malformedAuthorization)
    }

    @Test("Spaces and tabs around the colon are accepted")
    func spacesAroundColon() throws {
        for authorization in ["KEY : " + Self.signature, "KEY  :" + Self.signature, "KEY:\t" + Self.signature, " KEY :  " + Self.signature + " "] {
            #expect(try Self.reason(Self.headers(authorization: authorization)) == nil, "\(authorization)")
        }
        let split = try GameSystemVerifier.splitAuthorization("KEY : abc").get()
        #expect(split.apiKey == "KEY")
        #expect(split.signature == "abc")
    }

    @Test("An API key with colons is split at the last colon")
    func keyWithColons() throws {
        let credentials = try GameSystemCredentials(apiKey: "tenant:client:v2", secret: "colon-secret")
        let signature = try GameSystemSigner(credentials: credentials).sign(method: .get, target: Self.target, body: [], date: Self.signedAt)
        #expect(signature.authorization.hasPrefix("tenant:client:v2:"))
        let verifier = GameSystemVerifier(keys: GameSystemKeyring([credentials]))
        var fields = HTTPFields()
        signature.apply(to: &fields)
        let result = verifier.verify(method: .get, target: Self.target, headers: fields, body: [], now: Self.signedAt)
        #expect(try result.get() == "tenant:client:v2")
        let split = try GameSystemVerifier.splitAuthorization("a:b:c : sig").get()
        #expect(split.apiKey == "a:b:c")
        #expect(split.signature == "sig")
    }

    @Test("Authorization is split as Python's rsplit(':', 1) and strip(' \\t') split it: by code point, not by character")
    func splitByCodePoint() throws {
        // Expected values from Python 3: "k:\u0301s".rsplit(":", 1) == ["k", "\u0301s"]; a colon followed by a
        // combining mark is one Character in Swift, and a split by Characters found no colon there.
        let cases: [(String, String, String)] = [
            ("k:\u{301}s", "k", "\u{301}s"),
            ("\tk \t:\t sig\t ", "k", "sig"),
            ("é:sig", "é", "sig"),
            ("a: b :c", "a: b", "c"),
        ]
        for (value, apiKey, signature) in cases {
            let split = try GameSystemVerifier.splitAuthorization(value).get()
            #expect(split.apiKey == apiKey && split.signature == signature, "\(value.unicodeScalars.map { $0.escaped(asASCII: true) })")
        }
        for value in ["no colon", " \t: sig", "key :\t "] {
            #expect(throws: GameSystemVerificationError.self) { try GameSystemVerifier.splitAuthorization(value).get() }
        }
    }

    @Test("A header named twice reads as its values joined, as HTTPFields reads it: two Dates are a malformed date")
    func repeatedSignedHeader() throws {
        var fields = Self.headers()
        fields.append(HTTPField(name: .date, value: "20260101 00:00:00 UTC"))
        #expect(try Self.reason(fields) == .malformedDate)
        let parts = try GameSystemVerifier.signedParts(of: fields).get()
        #expect(parts.date == fields[.date])
    }

    @Test("A signed header named twice reads joined, wherever the second one stands; the others are read once")
    func repeatedSignedHeadersAnywhere() throws {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields.append(HTTPField(name: .authorization, value: "KEY:abc"))
        fields.append(HTTPField(name: .contentMD5, value: "one"))
        fields.append(HTTPField(name: .date, value: "20180204 10:00:00 UTC"))
        fields.append(HTTPField(name: .contentMD5, value: "two"))
        let parts = try GameSystemVerifier.signedParts(of: fields).get()
        // `HTTPFields`' own subscript is the expectation: values in order, joined by ", ".
        #expect(parts.date == "20180204 10:00:00 UTC")
        #expect(parts.contentMD5 == "one, two" && parts.contentMD5 == fields[.contentMD5])
        #expect(parts.apiKey == "KEY" && parts.signature == "abc")
    }

    @Test("Authorization named twice is malformed: joined, its 'key' would hold the first signature, which a refusal logs")
    func repeatedAuthorization() throws {
        var fields = Self.headers()
        fields.append(HTTPField(name: .authorization, value: "KEY2:def"))
        #expect(try Self.reason(fields) == .malformedAuthorization)
        guard case .failure(let error) = GameSystemVerifier.signedParts(of: fields) else {
            Issue.record("two Authorization fields were split into parts")
            return
        }
        #expect(error.detail.contains("more than once"))
        // Whatever order: the second may stand anywhere.
        var reordered = HTTPFields()
        reordered.append(HTTPField(name: .authorization, value: "KEY2:def"))
        for field in Self.headers() { reordered.append(field) }
        #expect(try Self.reason(reordered) == .malformedAuthorization)
    }

    @Test("A head declares no body with neither Content-Length nor Transfer-Encoding, or a Content-Length of 0 alone (RFC 9112, 6.3)")
    func declaresNoBody() throws {
        func declares(_ pairs: [(HTTPField.Name, String)]) -> Bool {
            var fields = Self.headers()
            for (name, value) in pairs { fields.append(HTTPField(name: name, value: value)) }
            return SignedHeaderFields(fields).declaresNoBody(fields)
        }
        #expect(declares([]))
        #expect(declares([(.contentLength, "0")]))
        #expect(!declares([(.contentLength, "5")]))
        #expect(!declares([(.transferEncoding, "chunked")]))
        #expect(!declares([(.transferEncoding, "chunked"), (.transferEncoding, "chunked")]))
        // Named twice, the length reads "0, 0": not taken as no body (the request goes the way that reads one).
        #expect(!declares([(.contentLength, "0"), (.contentLength, "0")]))
        #expect(!declares([(.contentLength, "")]))
    }

    @Test("Only the three signed names are read: a field of the same length under another name is not one of them")
    func lookalikeNames() throws {
        func renamed(_ name: HTTPField.Name, to other: String) throws -> HTTPFields {
            var fields = HTTPFields()
            for field in Self.headers() {
                fields.append(field.name == name ? HTTPField(name: try #require(HTTPField.Name(other)), value: field.value) : field)
            }
            return fields
        }
        #expect(try Self.reason(renamed(.date, to: "Data")) == .missingHeader)
        #expect(try Self.reason(renamed(.contentMD5, to: "Content-MD4")) == .missingHeader)
        #expect(try Self.reason(renamed(.authorization, to: "Authorisation")) == .missingHeader)
    }

    @Test("What verification accepted equals, and hashes as, the same parts made with the public initialiser")
    func verifiedRequestEquality() throws {
        // Spaces around the colon: the verified signature is the trimmed hex, as the replay check must key on it.
        let headers = Self.headers(authorization: "KEY : " + Self.signature)
        let verified = try Self.verifier().verifyRequest(method: .get, target: Self.target + "?page=2", headers: headers,
                                                         now: Self.signedAt) { "1B2M2Y8AsgTpgAmY7PhCfg==" }.get()
        let made = GameSystemVerifiedRequest(apiKey: "KEY", signature: Self.signature, dateSeconds: 1_517_738_400,
                                             contentMD5: "1B2M2Y8AsgTpgAmY7PhCfg==", method: "GET", path: Self.target)
        #expect(verified.signature == Self.signature && verified.apiKey == "KEY" && verified.path == Self.target)
        #expect(verified == made && made == verified)
        #expect(verified.hashValue == made.hashValue)
        #expect(Set([made]).contains(verified))
        let other = GameSystemVerifiedRequest(apiKey: "KEY", signature: String(Self.signature.reversed()), dateSeconds: 1_517_738_400,
                                              contentMD5: "1B2M2Y8AsgTpgAmY7PhCfg==", method: "GET", path: Self.target)
        #expect(verified != other)
    }

    @Test("A key not in the store, or differing in case, is unknown-key")
    func unknownKey() throws {
        #expect(try Self.reason(Self.headers(authorization: "OTHER:" + Self.signature)) == .unknownKey)
        #expect(try Self.reason(Self.headers(authorization: "key:" + Self.signature)) == .unknownKey)
        #expect(try Self.reason(Self.headers(), verifier: Self.verifier(keys: [:])) == .unknownKey)
    }

    @Test("A keyring finds each of its keys, listed (up to 8) or hashed (more), and no other", arguments: [1, 8, 9, 40])
    func keyringLookup(count: Int) throws {
        // RFC 2202's test case 2 under the key "Jefe"; every other key's secret is its own name.
        var secrets = Dictionary(uniqueKeysWithValues: (1..<count).map { ("key-\($0)", "secret-\($0)") })
        secrets["jefe"] = "Jefe"
        let keyring = try GameSystemKeyring(secrets: secrets)
        let found = keyring.keys(for: "jefe")
        #expect(found.count == 1)
        #expect(try found.first.map { try HMAC.authenticationCode(for: "what do ya want for nothing?", using: $0).hex }
                == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        for index in 1..<count {
            let keys = keyring.keys(for: "key-\(index)")
            #expect(try keys.map { try HMAC.authenticationCode(for: "m", using: $0) }
                    == [HMAC.authenticationCode(for: "m", using: HMACKey(secret: "secret-\(index)"))], "key-\(index)")
        }
        #expect(keyring.keys(for: "JEFE").isEmpty)
        #expect(keyring.keys(for: "key-\(count)").isEmpty)
        #expect(keyring.keys(for: "").isEmpty)
        #expect(keyring.key(for: "jefe") != nil && keyring.key(for: "nobody") == nil)
    }

    @Test("A date not in the format, or not a real time, is malformed-date", arguments: [
        "20180204 10:00:00 utc", "Sun, 04 Feb 2018 10:00:00 GMT", "2018-02-04 10:00:00 UTC", "20181304 10:00:00 UTC",
        "20180230 10:00:00 UTC", "20180204 24:00:00 UTC", "20180204 10:00:00  UTC", "",
    ])
    func malformedDate(date: String) throws {
        #expect(try Self.reason(Self.headers(date: date)) == .malformedDate)
    }

    @Test("Exactly the window is valid; half a second beyond is not, in both directions")
    func windowEdges() throws {
        let at = Self.signedAt.timeIntervalSince1970
        for (offset, valid) in [(0.0, true), (19.999, true), (20.0, true), (20.5, false), (21.0, false),
                                (-20.0, true), (-20.5, false), (-86_400.0, false), (86_400.0, false)] {
            let reason = try Self.reason(Self.headers(), now: Date(timeIntervalSince1970: at + offset))
            #expect(reason == (valid ? nil : .dateOutsideWindow), "now = Date + \(offset) s")
        }
        let wide = try Self.verifier(window: 300)
        #expect(try Self.reason(Self.headers(), now: Date(timeIntervalSince1970: at + 300), verifier: wide) == nil)
        #expect(try Self.reason(Self.headers(), now: Date(timeIntervalSince1970: at + 300.5), verifier: wide) == .dateOutsideWindow)
    }

    @Test("A Content-MD5 that does not match the body is content-md5-mismatch")
    func contentMD5Mismatch() throws {
        #expect(try Self.reason(Self.headers(), body: Array("x".utf8)) == .contentMD5Mismatch)
        #expect(try Self.reason(Self.headers(contentMD5: "d41d8cd98f00b204e9800998ecf8427e")) == .contentMD5Mismatch)
        #expect(try Self.reason(Self.headers(contentMD5: "1b2m2y8asgtpgamy7phcfg==")) == .contentMD5Mismatch)
    }

    @Test("A wrong or uppercase signature is bad-signature")
    func badSignature() throws {
        #expect(try Self.reason(Self.headers(authorization: "KEY:" + Self.signature.uppercased())) == .badSignature)
        #expect(try Self.reason(Self.headers(authorization: "KEY:" + Self.signature.dropLast())) == .badSignature)
        #expect(try Self.reason(Self.headers(), verifier: Self.verifier(keys: ["KEY": "Secret"])) == .badSignature)
        #expect(try Self.reason(Self.headers(), method: .post) == .badSignature)
        #expect(try Self.reason(Self.headers(), target: "/acme/client/players/bob") == .badSignature)
        let newline = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["KEY": "secret"]), separator: .newline)
        #expect(try Self.reason(Self.headers(), verifier: newline) == .badSignature)
        #expect(try Self.reason(Self.headers(authorization: "KEY:cd7a9d9ca7c2dd6582cb65bd2abdcb611a3a62b6"), verifier: newline) == nil)
    }

    @Test("When two checks fail, the earlier one in DESIGN.md's order is reported")
    func order() throws {
        let late = Date(timeIntervalSince1970: Self.signedAt.timeIntervalSince1970 + 3600)
        let body = Array("tampered".utf8)
        // missing-header before malformed-authorization
        #expect(try Self.reason(Self.headers(date: nil, authorization: "no-colon")) == .missingHeader)
        // malformed-authorization before unknown-key / malformed-date
        #expect(try Self.reason(Self.headers(date: "garbage", authorization: "KEY:")) == .malformedAuthorization)
        // unknown-key before malformed-date
        #expect(try Self.reason(Self.headers(date: "garbage", authorization: "OTHER:" + Self.signature)) == .unknownKey)
        // malformed-date before content-md5-mismatch
        #expect(try Self.reason(Self.headers(date: "20180230 10:00:00 UTC"), body: body) == .malformedDate)
        // date-outside-window before content-md5-mismatch and bad-signature
        #expect(try Self.reason(Self.headers(authorization: "KEY:ffff"), body: body, now: late) == .dateOutsideWindow)
        // content-md5-mismatch before bad-signature
        #expect(try Self.reason(Self.headers(authorization: "KEY:ffff"), body: body) == .contentMD5Mismatch)
        // every check broken at once: the first wins
        #expect(try Self.reason(Self.headers(contentMD5: nil, authorization: ":"), body: body, now: late) == .missingHeader)
    }

    @Test("bodyMD5 is called only when every earlier check passes, and its failure is content-md5-mismatch")
    func bodyHashedLast() throws {
        let verifier = try Self.verifier()
        var calls = 0
        func verify(_ headers: HTTPFields, now: Date = Self.signedAt) -> GameSystemVerificationError.Reason? {
            let result = verifier.verify(method: .get, target: Self.target, headers: headers, now: now) {
                calls += 1
                return "1B2M2Y8AsgTpgAmY7PhCfg=="
            }
            if case .failure(let error) = result { return error.reason }
            return nil
        }
        let late = Date(timeIntervalSince1970: Self.signedAt.timeIntervalSince1970 + 21)
        #expect(verify(Self.headers(authorization: nil)) == .missingHeader)
        #expect(verify(Self.headers(authorization: "KEY")) == .malformedAuthorization)
        #expect(verify(Self.headers(authorization: "OTHER:" + Self.signature)) == .unknownKey)
        #expect(verify(Self.headers(date: "nope")) == .malformedDate)
        #expect(verify(Self.headers(), now: late) == .dateOutsideWindow)
        #expect(calls == 0)
        #expect(verify(Self.headers()) == nil)
        #expect(calls == 1)

        struct Unreadable: Error {}
        let failed = verifier.verify(method: .get, target: Self.target, headers: Self.headers(), now: Self.signedAt) {
            throw Unreadable()
        }
        guard case .failure(let error) = failed else {
            Issue.record("a body that cannot be hashed verified as valid")
            return
        }
        #expect(error.reason == .contentMD5Mismatch)
    }

    @Test("Errors never reveal the secret, the signature or the API key")
    func errorsRevealNothing() throws {
        let apiKey = "K3y-zeta-991", secret = "s3cr3t-omega-55"
        let signature = "ac0d562b8ebaa1a71eff90e067055ddbbed6553c" // valid for the POST below (Python's hmac)
        let body = Array(#"{"player":"ann","external_event_id":"Magic"}"#.utf8)
        let target = "/acme/admin/player_external_events"
        let verifier = try Self.verifier(keys: [apiKey: secret])
        let md5 = "liSjn/bRvoB86HtXo9I9jQ=="
        let cases: [(HTTPFields, [UInt8], HTTPRequest.Method, TimeInterval, GameSystemVerificationError.Reason)] = [
            (Self.headers(contentMD5: md5, authorization: nil), body, .post, 0, .missingHeader),
            (Self.headers(contentMD5: md5, authorization: apiKey + signature), body, .post, 0, .malformedAuthorization),
            (Self.headers(contentMD5: md5, authorization: apiKey + ":"), body, .post, 0, .malformedAuthorization),
            (Self.headers(contentMD5: md5, authorization: apiKey.uppercased() + ":" + signature), body, .post, 0, .unknownKey),
            (Self.headers(date: "20180204 10:00:00 utc", contentMD5: md5, authorization: apiKey + ":" + signature), body, .post, 0, .malformedDate),
            (Self.headers(contentMD5: md5, authorization: apiKey + ":" + signature), body, .post, 25, .dateOutsideWindow),
            (Self.headers(contentMD5: md5, authorization: apiKey + ":" + signature), body, .post, -25, .dateOutsideWindow),
            (Self.headers(contentMD5: md5, authorization: apiKey + ":" + signature), [], .post, 0, .contentMD5Mismatch),
            (Self.headers(contentMD5: md5, authorization: apiKey + ":" + signature.uppercased()), body, .post, 0, .badSignature),
            (Self.headers(contentMD5: md5, authorization: apiKey + ":" + signature), body, .put, 0, .badSignature),
        ]
        let valid = verifier.verify(method: .post, target: target, headers: Self.headers(contentMD5: md5, authorization: apiKey + ":" + signature),
                                    body: body, now: Self.signedAt)
        #expect(try valid.get() == apiKey)
        for (headers, body, method, offset, expected) in cases {
            let now = Date(timeIntervalSince1970: Self.signedAt.timeIntervalSince1970 + offset)
            guard case .failure(let error) = verifier.verify(method: method, target: target, headers: headers, body: body, now: now) else {
                Issue.record("expected \(expected), got valid")
                continue
            }
            #expect(error.reason == expected)
            for text in [error.description, error.detail, String(reflecting: error), "\(error)"] {
                for secretish in [secret, "omega", signature, signature.uppercased(), String(signature.prefix(12)), apiKey, apiKey.uppercased(), "zeta"] {
                    #expect(!text.contains(secretish), "\(expected): '\(text)' contains '\(secretish)'")
                }
            }
            #expect(error.description.hasPrefix(expected.rawValue + ": "))
            #expect(!error.detail.isEmpty)
        }
    }

    @Test("Reason names are DESIGN.md's, in its order")
    func reasonNames() {
        #expect(GameSystemVerificationError.Reason.allCases.map(\.rawValue) == [
            "missing-header", "malformed-authorization", "unknown-key", "malformed-date",
            "date-outside-window", "content-md5-mismatch", "bad-signature",
        ])
    }
}
