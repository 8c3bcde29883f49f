import Foundation
import HTTPTypes
import SignetCrypto
import SignetGameSystem
import SignetTestSupport
import Testing

/// The signer: expected values from Python's hmac/hashlib (Vectors/generate.py or typed in here).
@Suite("GameSystemSigner")
struct GameSystemSignerTests {
    static let exampleDate = Date(timeIntervalSince1970: 1_517_738_400) // 20180204 10:00:00 UTC
    static let exampleTarget = "/acme/client/players/ann"

    static func signer(_ separator: GameSystemSeparator = .escaped) throws -> GameSystemSigner {
        GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "KEY", secret: "secret"), separator: separator)
    }

    @Test("Headers: Date, Content-MD5, Authorization, and Content-Type application/json even for GET")
    func headers() throws {
        let signature = try Self.signer().sign(method: .get, target: Self.exampleTarget, body: [], date: Self.exampleDate)
        let headers = signature.headerFields
        #expect(headers.map(\.name.rawName) == ["Date", "Content-MD5", "Authorization", "Content-Type"])
        #expect(headers.map(\.value) == [
            "20180204 10:00:00 UTC", "1B2M2Y8AsgTpgAmY7PhCfg==",
            "KEY:043af1c09d2a6048eb553c79ef80533b5f4902d9", "application/json",
        ])
        #expect(GameSystemSignature.contentType == "application/json")
    }

    @Test("apply(to:) replaces Date, Content-MD5 and Authorization, and keeps the caller's Content-Type (adds one only when absent)")
    func apply() throws {
        let signature = try Self.signer().sign(method: .get, target: Self.exampleTarget, body: [], date: Self.exampleDate)
        var fields = HTTPFields()
        fields[.date] = "Sun, 04 Feb 2018 10:00:00 GMT"
        fields.append(HTTPField(name: .date, value: "a second stale value"))
        fields[.contentType] = "text/plain"
        fields[.accept] = "application/json"
        signature.apply(to: &fields)
        #expect(fields[values: .date] == ["20180204 10:00:00 UTC"])
        #expect(fields[values: .contentMD5] == ["1B2M2Y8AsgTpgAmY7PhCfg=="])
        #expect(fields[values: .authorization] == ["KEY:043af1c09d2a6048eb553c79ef80533b5f4902d9"])
        #expect(fields[values: .contentType] == ["text/plain"], "the scheme does not sign Content-Type: the caller's stays")
        #expect(fields[.accept] == "application/json")
        #expect(fields.count == 5)
        var bare = HTTPFields()
        signature.apply(to: &bare)
        #expect(bare[values: .contentType] == ["application/json"])
        #expect(HTTPField.Name.contentMD5.canonicalName == "content-md5")
    }

    @Test("A real newline separator signs a different text (value from Python's hmac)")
    func newlineSeparator() throws {
        let signature = try Self.signer(.newline).sign(method: .get, target: Self.exampleTarget, body: [], date: Self.exampleDate)
        #expect(signature.stringToSign == "20180204 10:00:00 UTC\n1B2M2Y8AsgTpgAmY7PhCfg==\n/acme/client/players/ann\nGET")
        #expect(signature.signature == "cd7a9d9ca7c2dd6582cb65bd2abdcb611a3a62b6")
        #expect(GameSystemSeparator.escaped.text == "\\n")
        #expect(GameSystemSeparator.newline.text == "\n")
        #expect(GameSystemSeparator(rawValue: "escaped") == .escaped)
        #expect(GameSystemSeparator(rawValue: "newline") == .newline)
    }

    @Test("Method is signed uppercased; body, query and fragment as the scheme says")
    func plainText() throws {
        let lower = try Self.signer().sign(method: try #require(HTTPRequest.Method("get")), target: Self.exampleTarget + "?x=1#top", body: [], date: Self.exampleDate)
        #expect(lower.signature == "043af1c09d2a6048eb553c79ef80533b5f4902d9")
        let text = GameSystemSigner.plainText(
            date: "D", contentMD5: "M", path: "/p", method: "patch", separator: .escaped)
        #expect(text == #"D\nM\n/p\nPATCH"#)
    }

    @Test("A POST body with a distinctive key and secret (value from Python's hmac)")
    func postBody() throws {
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "K3y-zeta-991", secret: "s3cr3t-omega-55"))
        let body = Array(#"{"player":"ann","external_event_id":"Magic"}"#.utf8)
        let signature = try signer.sign(method: .post, target: "/acme/admin/player_external_events", body: body, date: Self.exampleDate)
        #expect(signature.contentMD5 == "liSjn/bRvoB86HtXo9I9jQ==")
        #expect(signature.authorization == "K3y-zeta-991:ac0d562b8ebaa1a71eff90e067055ddbbed6553c")
        let precomputed = try signer.sign(
            method: .post, target: "/acme/admin/player_external_events", contentMD5: "liSjn/bRvoB86HtXo9I9jQ==", date: Self.exampleDate)
        #expect(precomputed == signature)
    }

    @Test("signedPath drops query and fragment, keeps encoding, and gives / for nothing", arguments: [
        ("/acme/client/players/ann", "/acme/client/players/ann"),
        ("/a?b=1", "/a"), ("/a#frag", "/a"), ("/a?b=1#frag", "/a"), ("/a#frag?b", "/a"),
        ("", "/"), ("?q=1", "/"), ("#f", "/"), ("/", "/"),
        ("/a%3Fb?c", "/a%3Fb"), ("/caf%C3%A9", "/caf%C3%A9"), ("/a/", "/a/"), ("//a//b", "//a//b"),
        ("/ä?x", "/ä"),
    ])
    func signedPath(target: String, path: String) {
        #expect(GameSystemSigner.signedPath(of: target) == path[...])
    }

    @Test("A file body signs exactly as the same bytes in memory")
    func fileBody() throws {
        let directory = try TemporaryDirectory()
        var generator = SeededGenerator(seed: 0xB0D1)
        let signer = try Self.signer()
        for length in [0, 1, 55, 56, 64, 1_048_583] {
            let body = generator.bytes(length)
            let path = try directory.file(named: "body-\(length)", bytes: body)
            let fromFile = try signer.sign(method: .put, target: "/acme/client/players/ann", bodyFile: path, date: Self.exampleDate)
            let fromMemory = try signer.sign(method: .put, target: "/acme/client/players/ann", body: body, date: Self.exampleDate)
            #expect(fromFile == fromMemory, "length \(length)")
        }
    }

    @Test("The 1 MiB + 7 byte vector body signed from a file gives the vector's signature")
    func vectorBodyFromFile() throws {
        let vector = try #require(try Repository.vectors("gamesystem-signing.json").first { $0["name"] as? String == "body-1-mib-plus-7-bytes" })
        let expected = try #require(vector["expected"] as? [String: Any])
        let body = try bytes(fromBase64: field(vector, "body_base64"))
        #expect(body.count == 1_048_583)
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "large-body", bytes: body)
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: field(vector, "api_key"), secret: field(vector, "secret")))
        let date = try #require(GameSystemDate.parse(field(vector, "date")))
        let signature = try signer.sign(method: try #require(HTTPRequest.Method(field(vector, "method"))), target: field(vector, "target"), bodyFile: path, date: date)
        #expect(signature.contentMD5 == (try field(expected, "content_md5")))
        #expect(signature.signature == (try field(expected, "signature")))
    }

    @Test("A missing body file is a typed error naming the file")
    func missingBodyFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("absent.json").path
        #expect {
            _ = try Self.signer().sign(method: .post, target: "/x", bodyFile: path, date: Self.exampleDate)
        } throws: { error in
            guard case CryptoError.fileUnreadable(let reported, _) = error else { return false }
            return reported == path
        }
    }

    @Test("Credentials never show the key or the secret")
    func credentialsRedacted() throws {
        let credentials = try GameSystemCredentials(apiKey: "K3y-zeta-991", secret: "s3cr3t-omega-55")
        let bytesCredentials = try GameSystemCredentials(apiKey: "K3y-zeta-991", secret: Array("s3cr3t-omega-55".utf8))
        let signer = GameSystemSigner(credentials: credentials)
        let keyring = GameSystemKeyring([credentials, bytesCredentials])
        for text in [
            credentials.description, credentials.debugDescription, "\(credentials)", String(reflecting: credentials),
            String(describing: bytesCredentials), String(describing: signer), String(reflecting: signer),
            keyring.description, String(reflecting: keyring),
        ] {
            #expect(!text.contains("s3cr3t"), "\(text)")
            #expect(!text.contains("omega"), "\(text)")
            #expect(!text.contains("K3y-zeta"), "\(text)")
        }
    }
}
