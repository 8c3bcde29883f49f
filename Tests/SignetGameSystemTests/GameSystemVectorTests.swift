import Foundation
import HTTPTypes
@_spi(Vectors) import SignetCrypto
@_spi(Vectors) import SignetGameSystem
import SignetTestSupport
import Testing

/// The committed signing and verification vectors (expected values from Vectors/generate.py, Python's
/// hashlib/hmac), run through `GameSystemVectors.check` and, with the files parsed here, the public API.
@Suite("GameSystem vectors")
struct GameSystemVectorTests {
    @Test("GameSystemVectors.check passes every signing, verification and diagnosis vector", arguments: [
        ("gamesystem-signing.json", 43), ("gamesystem-verify.json", 59), ("gamesystem-diagnosis.json", 16),
    ])
    func vectorsCheck(file: String, count: Int) throws {
        let data = try Repository.vectorData(file)
        let scheme = try VectorJSON.scheme(of: data)
        #expect(GameSystemVectors.schemes.contains(scheme))
        let outcomes = try GameSystemVectors.check(scheme: scheme, data: data)
        #expect(outcomes.count == count)
        #expect(outcomes.map(\.name) == (try Repository.vectors(file).map { try field($0, "name") }))
        for outcome in outcomes { #expect(outcome.passed, "\(outcome.name): \(outcome.failures)") }
    }

    @Test("The DESIGN example signs to 043af1c0… (Python hmac and openssl dgst agree)")
    func designExample() throws {
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "KEY", secret: "secret"))
        let date = try #require(GameSystemDate.parse("20180204 10:00:00 UTC"))
        let signature = try signer.sign(method: .get, target: "/acme/client/players/ann", body: [], date: date)
        #expect(signature.contentMD5 == "1B2M2Y8AsgTpgAmY7PhCfg==")
        #expect(signature.date == "20180204 10:00:00 UTC")
        #expect(signature.stringToSign == #"20180204 10:00:00 UTC\n1B2M2Y8AsgTpgAmY7PhCfg==\n/acme/client/players/ann\nGET"#)
        #expect(signature.signature == "043af1c09d2a6048eb553c79ef80533b5f4902d9")
        #expect(signature.authorization == "KEY:043af1c09d2a6048eb553c79ef80533b5f4902d9")
    }

    @Test("Every signing vector through GameSystemSigner directly")
    func signingDirect() throws {
        for vector in try Repository.vectors("gamesystem-signing.json") {
            let name = try field(vector, "name")
            let expected = try #require(vector["expected"] as? [String: Any])
            let separator: GameSystemSeparator
            switch vector["separator"] as? String {
            case nil, "escaped": separator = .escaped
            case "newline": separator = .newline
            case let other: throw VectorTestError("\(name): unexpected separator \(other ?? "")")
            }
            let signer = GameSystemSigner(
                credentials: try GameSystemCredentials(apiKey: field(vector, "api_key"), secret: field(vector, "secret")),
                separator: separator)
            let date = try #require(GameSystemDate.parse(field(vector, "date")), "\(name)")
            let signature = try signer.sign(
                method: try #require(HTTPRequest.Method(field(vector, "method"))), target: field(vector, "target"),
                body: bytes(fromBase64: field(vector, "body_base64")), date: date)
            #expect(signature.date == (try field(vector, "date")), "\(name)")
            #expect(signature.contentMD5 == (try field(expected, "content_md5")), "\(name)")
            #expect(signature.stringToSign == (try field(expected, "string_to_sign")), "\(name)")
            #expect(signature.signature == (try field(expected, "signature")), "\(name)")
            #expect(signature.authorization == (try field(expected, "authorization")), "\(name)")
        }
    }

    @Test("Every verification vector through GameSystemVerifier directly")
    func verifyDirect() throws {
        for vector in try Repository.vectors("gamesystem-verify.json") {
            let name = try field(vector, "name")
            let expected = try #require(vector["expected"] as? [String: Any])
            var headers = HTTPFields()
            for (headerName, value) in try #require(vector["headers"] as? [String: String], "\(name)") {
                headers.append(HTTPField(name: try #require(HTTPField.Name(headerName)), value: value))
            }
            let keys = try #require(vector["keys"] as? [String: String], "\(name)")
            let window = vector["max_skew_seconds"] as? Double ?? 20
            let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: keys), window: window)
            let now = try #require(GameSystemDate.parse(field(vector, "now")), "\(name)")
            let result = try verifier.verify(
                method: try #require(HTTPRequest.Method(field(vector, "method"))), target: field(vector, "target"), headers: headers,
                body: bytes(fromBase64: field(vector, "body_base64")), now: now)
            switch result {
            case .success(let apiKey):
                #expect(expected["valid"] as? Bool == true, "\(name): valid, expected \(expected)")
                #expect(keys[apiKey] != nil, "\(name)")
            case .failure(let error):
                #expect(expected["valid"] as? Bool == false, "\(name): \(error)")
                #expect(error.reason.rawValue == expected["error"] as? String, "\(name)")
            }
        }
    }
}

/// A test-side failure with a message.
struct VectorTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
