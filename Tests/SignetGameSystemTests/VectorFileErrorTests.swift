import Foundation
@_spi(Vectors) import SignetCrypto
@_spi(Vectors) import SignetGameSystem
import SignetTestSupport
import Testing

/// A vector file that cannot be used is a `VectorFileError` with the JSON path of the fault, never a crash.
@Suite("Malformed vector files")
struct VectorFileErrorTests {
    static let signing = GameSystemVectors.signingScheme
    static let verify = GameSystemVectors.verifyScheme

    /// A valid signing vector as a JSON object, to be broken one field at a time.
    static func signingVector(_ overrides: [String: Any] = [:], removing: [String] = []) -> [String: Any] {
        var vector: [String: Any] = [
            "name": "get-player", "method": "GET", "target": "/acme/client/players/ann", "body_base64": "",
            "date": "20180204 10:00:00 UTC", "api_key": "KEY", "secret": "secret", "separator": "escaped",
            "expected": [
                "content_md5": "1B2M2Y8AsgTpgAmY7PhCfg==",
                "string_to_sign": #"20180204 10:00:00 UTC\n1B2M2Y8AsgTpgAmY7PhCfg==\n/acme/client/players/ann\nGET"#,
                "signature": "043af1c09d2a6048eb553c79ef80533b5f4902d9",
                "authorization": "KEY:043af1c09d2a6048eb553c79ef80533b5f4902d9",
            ] as [String: Any],
        ]
        for (key, value) in overrides { vector[key] = value }
        for key in removing { vector.removeValue(forKey: key) }
        return vector
    }

    /// A valid verification vector as a JSON object.
    static func verifyVector(_ overrides: [String: Any] = [:]) -> [String: Any] {
        var vector: [String: Any] = [
            "name": "valid", "method": "GET", "target": "/acme/client/players/ann", "body_base64": "",
            "headers": [
                "Date": "20180204 10:00:00 UTC", "Content-MD5": "1B2M2Y8AsgTpgAmY7PhCfg==",
                "Authorization": "KEY:043af1c09d2a6048eb553c79ef80533b5f4902d9",
            ],
            "now": "20180204 10:00:05 UTC", "keys": ["KEY": "secret"], "max_skew_seconds": 20,
            "expected": ["valid": true],
        ]
        for (key, value) in overrides { vector[key] = value }
        return vector
    }

    static func file(_ scheme: String, _ vectors: [[String: Any]]) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["scheme": scheme, "description": "test", "vectors": vectors])
    }

    /// The error `check` throws, or nil (recorded as an issue) when it does not throw a VectorFileError.
    static func error(_ scheme: String, _ data: Data) -> VectorFileError? {
        do {
            let outcomes = try GameSystemVectors.check(scheme: scheme, data: data)
            Issue.record("check succeeded with \(outcomes)")
        } catch let error as VectorFileError {
            return error
        } catch {
            Issue.record("not a VectorFileError: \(error)")
        }
        return nil
    }

    @Test("The well-formed files used below pass, so each failure is the one broken field")
    func baselinePasses() throws {
        let signing = try GameSystemVectors.check(scheme: Self.signing, data: Self.file(Self.signing, [Self.signingVector()]))
        #expect(signing.map(\.passed) == [true])
        let verify = try GameSystemVectors.check(scheme: Self.verify, data: Self.file(Self.verify, [Self.verifyVector()]))
        #expect(verify.map(\.passed) == [true])
    }

    @Test("Not JSON is reported at $")
    func notJSON() throws {
        let error = Self.error(Self.signing, Data("{ this is not json".utf8))
        #expect(error?.path == "$")
        #expect(error?.reason.contains("(byte 2)") == true)
        #expect(Self.error(Self.verify, Data())?.path == "$")
        #expect(throws: VectorFileError.self) { try VectorJSON.scheme(of: Data("[1, 2]".utf8)) }
        #expect(throws: VectorFileError(path: "$.scheme", reason: "required field is missing")) {
            try VectorJSON.scheme(of: Data(#"{"vectors": []}"#.utf8))
        }
    }

    @Test("A missing field is reported at its path")
    func missingField() throws {
        let data = try Self.file(Self.signing, [Self.signingVector(), Self.signingVector(removing: ["target"])])
        let error = Self.error(Self.signing, data)
        #expect(error?.path == "$.vectors[1].target")
        #expect(error?.reason == "required field is missing")

        var expected = try #require(Self.signingVector()["expected"] as? [String: Any])
        expected.removeValue(forKey: "signature")
        let nested = try Self.file(Self.signing, [Self.signingVector(), Self.signingVector(["expected": expected])])
        #expect(Self.error(Self.signing, nested)?.path == "$.vectors[1].expected.signature")

        let noVectors = try JSONSerialization.data(withJSONObject: ["scheme": Self.signing])
        #expect(Self.error(Self.signing, noVectors)?.path == "$.vectors")
    }

    @Test("A field of the wrong type is reported at its path")
    func wrongType() throws {
        let number = try Self.file(Self.signing, [Self.signingVector(["body_base64": 5])])
        let error = Self.error(Self.signing, number)
        #expect(error?.path == "$.vectors[0].body_base64")
        #expect(error?.reason == "expected a string")
        let null = try Self.file(Self.signing, [Self.signingVector(["method": NSNull()])])
        #expect(Self.error(Self.signing, null)?.path == "$.vectors[0].method")
        let notArray = try JSONSerialization.data(withJSONObject: ["scheme": Self.signing, "vectors": ["a": 1]])
        #expect(Self.error(Self.signing, notArray)?.path == "$.vectors")
        let headers = try Self.file(Self.verify, [Self.verifyVector(["headers": ["Date": 7]])])
        #expect(Self.error(Self.verify, headers)?.path.hasPrefix("$.vectors[0].headers") == true)
        let valid = try Self.file(Self.verify, [Self.verifyVector(["expected": ["valid": "yes"]])])
        #expect(Self.error(Self.verify, valid)?.path == "$.vectors[0].expected.valid")
    }

    @Test("A body that is not strict base64 is reported at body_base64")
    func badBase64() throws {
        for body in ["Zm9v!mFy", "Zg=", "Zh==", "Zm9v YmFy"] {
            let data = try Self.file(Self.signing, [Self.signingVector(["body_base64": body])])
            #expect(Self.error(Self.signing, data)?.path == "$.vectors[0].body_base64", "\(body)")
            let verifyData = try Self.file(Self.verify, [Self.verifyVector(), Self.verifyVector(["body_base64": body])])
            #expect(Self.error(Self.verify, verifyData)?.path == "$.vectors[1].body_base64", "\(body)")
        }
    }

    @Test("An unknown scheme is reported at $.scheme")
    func unknownScheme() throws {
        let error = Self.error("gamesystem-hmac-sha256", try Self.file("gamesystem-hmac-sha256", []))
        #expect(error?.path == "$.scheme")
        #expect(error?.reason.contains("gamesystem-hmac-sha256") == true)
    }

    @Test("A separator other than escaped or newline is reported at separator")
    func badSeparator() throws {
        let data = try Self.file(Self.signing, [Self.signingVector(), Self.signingVector(["separator": "crlf"])])
        let error = Self.error(Self.signing, data)
        #expect(error?.path == "$.vectors[1].separator")
        #expect(error?.reason.contains("crlf") == true)
        let absent = try Self.file(Self.signing, [Self.signingVector(removing: ["separator"])])
        #expect(try GameSystemVectors.check(scheme: Self.signing, data: absent).map(\.passed) == [true])
    }

    @Test("A date or now not in the header format is reported at its path")
    func badDate() throws {
        let signing = try Self.file(Self.signing, [Self.signingVector(["date": "2018-02-04T10:00:00Z"])])
        #expect(Self.error(Self.signing, signing)?.path == "$.vectors[0].date")
        let verify = try Self.file(Self.verify, [Self.verifyVector(["now": "20180230 10:00:00 UTC"])])
        #expect(Self.error(Self.verify, verify)?.path == "$.vectors[0].now")
    }

    @Test("An unknown expected error name and an invalid header name are reported at their paths")
    func badVerifyFields() throws {
        let unknownError = try Self.file(Self.verify, [Self.verifyVector(["expected": ["valid": false, "error": "expired"]])])
        let error = Self.error(Self.verify, unknownError)
        #expect(error?.path == "$.vectors[0].expected.error")
        #expect(error?.reason.contains("expired") == true)
        let badHeader = try Self.file(Self.verify, [Self.verifyVector(["headers": ["Bad Name": "x"]])])
        #expect(Self.error(Self.verify, badHeader)?.path == "$.vectors[0].headers.Bad Name")
    }

    @Test("A wrong expected value is a failing outcome naming the field, not an error")
    func wrongExpectation() throws {
        var expected = try #require(Self.signingVector()["expected"] as? [String: Any])
        expected["signature"] = "0000000000000000000000000000000000000000"
        let outcomes = try GameSystemVectors.check(
            scheme: Self.signing, data: Self.file(Self.signing, [Self.signingVector(), Self.signingVector(["name": "edited", "expected": expected])]))
        #expect(outcomes.map(\.passed) == [true, false])
        #expect(outcomes[1].name == "edited")
        #expect(outcomes[1].failures.count == 1)
        #expect(outcomes[1].failures.first?.hasPrefix("signature:") == true)

        let wrongVerdict = try GameSystemVectors.check(
            scheme: Self.verify, data: Self.file(Self.verify, [Self.verifyVector(["expected": ["valid": false, "error": "bad-signature"]])]))
        #expect(wrongVerdict.map(\.passed) == [false])
    }

    @Test("max_skew_seconds outside 0...86400 is reported at its path with the range", arguments: [-1, 86_401, 1e300])
    func skewOutOfRange(seconds: Double) throws {
        let file = try Self.file(Self.verify, [Self.verifyVector(), Self.verifyVector(["max_skew_seconds": seconds])])
        let error = Self.error(Self.verify, file)
        #expect(error?.path == "$.vectors[1].max_skew_seconds")
        #expect(error?.reason.hasPrefix("must be in 0.0...86400.0, not ") == true)
        let edges = try Self.file(Self.verify, [Self.verifyVector(["max_skew_seconds": 0]), Self.verifyVector(["max_skew_seconds": 86_400])])
        // The vector's Date is 5 s before now: outside a 0 s window, inside a one-day one.
        #expect(try GameSystemVectors.check(scheme: Self.verify, data: edges).map(\.passed) == [false, true])
    }

    @Test("VectorFileError prints its path and reason")
    func description() {
        #expect(VectorFileError(path: "$.vectors[0].body_base64", reason: "bad").description == "at $.vectors[0].body_base64: bad")
    }
}
