import Foundation
import HTTPTypes
@_spi(Vectors) import SignetCrypto

/// Runs `gamesystem-hmac-sha1` (signing) and `gamesystem-hmac-sha1-verify` (verification) vector files
/// through ``GameSystemSigner`` and ``GameSystemVerifier``. Formats: `Vectors/README.md`.
///
/// The one numeric field, `max_skew_seconds`, must lie in 0...``maxSkewSeconds``; anything else is a
/// `VectorFileError` (`SignetCrypto`) naming the field and the range.
@_spi(Vectors) public enum GameSystemVectors {
    /// The largest `max_skew_seconds` a verification vector may give: one day, the point past which
    /// a clock offset is absurd (DESIGN.md, clock skew).
    public static let maxSkewSeconds: Double = 86_400

    /// The signing scheme name.
    public static let signingScheme = "gamesystem-hmac-sha1"
    /// The verification scheme name.
    public static let verifyScheme = "gamesystem-hmac-sha1-verify"
    /// The diagnosis scheme name (`Vectors/gamesystem-diagnosis.json`).
    public static let diagnosisScheme = "gamesystem-hmac-sha1-diagnosis"
    /// Every GameSystem scheme name.
    public static let schemes: Set<String> = [signingScheme, verifyScheme, diagnosisScheme]

    struct SigningFile: Decodable { let vectors: [SigningVector] }
    struct SigningVector: Decodable {
        let name: String
        let method: String
        let target: String
        let body_base64: String
        let date: String
        let api_key: String
        let secret: String
        let separator: String?
        let expected: Expected
        struct Expected: Decodable {
            let content_md5: String
            let string_to_sign: String
            let signature: String
            let authorization: String
        }
    }

    struct VerifyFile: Decodable { let vectors: [VerifyVector] }
    struct VerifyVector: Decodable {
        let name: String
        let method: String
        let target: String
        let body_base64: String
        let headers: [String: String]
        let now: String
        let keys: [String: String]
        let max_skew_seconds: Double?
        let expected: Expected
        struct Expected: Decodable {
            let valid: Bool
            let error: String?
        }
    }

    /// Runs every vector of a file whose `scheme` is one of ``schemes``.
    public static func check(scheme: String, data: Data) throws -> [VectorOutcome] {
        switch scheme {
        case signingScheme:
            let file = try VectorJSON.decode(SigningFile.self, from: data)
            return try file.vectors.enumerated().map { try checkSigning($1, at: "$.vectors[\($0)]") }
        case verifyScheme:
            let file = try VectorJSON.decode(VerifyFile.self, from: data)
            return try file.vectors.enumerated().map { try checkVerify($1, at: "$.vectors[\($0)]") }
        case diagnosisScheme:
            return try GameSystemDiagnosisVectors.check(data: data)
        default:
            throw VectorFileError(path: "$.scheme", reason: "unknown scheme '\(scheme)'")
        }
    }

    static func separator(_ name: String?, at path: String) throws(VectorFileError) -> GameSystemSeparator {
        guard let name else { return .escaped }
        guard let separator = GameSystemSeparator(rawValue: name) else {
            throw VectorFileError(path: path, reason: "separator must be \"escaped\" or \"newline\", not \"\(name)\"")
        }
        return separator
    }

    /// `text` as a method: any HTTP token (`GET`, or `get` for the vectors of a client that signs it so).
    static func method(_ text: String, at path: String) throws(VectorFileError) -> HTTPRequest.Method {
        guard let method = HTTPRequest.Method(text) else {
            throw VectorFileError(path: path, reason: "'\(text)' is not an HTTP method (a token of letters, digits and !#$%&'*+-.^_`|~)")
        }
        return method
    }

    static func date(_ text: String, at path: String) throws(VectorFileError) -> Date {
        guard let date = GameSystemDate.parse(text) else {
            throw VectorFileError(path: path, reason: "'\(text)' is not a 'yyyyMMdd HH:mm:ss UTC' date")
        }
        return date
    }

    private static func checkSigning(_ vector: SigningVector, at path: String) throws -> VectorOutcome {
        let body = try VectorJSON.base64(vector.body_base64, at: path + ".body_base64")
        let signer = GameSystemSigner(
            credentials: try GameSystemCredentials(apiKey: vector.api_key, secret: vector.secret),
            separator: try separator(vector.separator, at: path + ".separator"))
        let signature = try signer.sign(
            method: try method(vector.method, at: path + ".method"), target: vector.target, body: body,
            date: try date(vector.date, at: path + ".date"))
        var failures: [String] = []
        func compare(_ field: String, _ expected: String, _ got: String) {
            if expected != got { failures.append("\(field): expected \(quoted(expected)), got \(quoted(got))") }
        }
        compare("content_md5", vector.expected.content_md5, signature.contentMD5)
        compare("string_to_sign", vector.expected.string_to_sign, signature.stringToSign)
        compare("signature", vector.expected.signature, signature.signature)
        compare("authorization", vector.expected.authorization, signature.authorization)
        return VectorOutcome(name: vector.name, failures: failures)
    }

    private static func checkVerify(_ vector: VerifyVector, at path: String) throws -> VectorOutcome {
        let body = try VectorJSON.base64(vector.body_base64, at: path + ".body_base64")
        let headers = try fields(vector.headers, at: path + ".headers")
        if let expectedError = vector.expected.error,
           GameSystemVerificationError.Reason(rawValue: expectedError) == nil {
            throw VectorFileError(path: path + ".expected.error", reason: "unknown error name '\(expectedError)'")
        }
        let window = vector.max_skew_seconds ?? 20
        try VectorJSON.require(window, in: 0...maxSkewSeconds, at: path + ".max_skew_seconds")
        let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: vector.keys), window: window)
        let result = verifier.verify(
            method: try method(vector.method, at: path + ".method"), target: vector.target, headers: headers, body: body,
            now: try date(vector.now, at: path + ".now"))
        let got: String
        switch result {
        case .success: got = "valid"
        case .failure(let error): got = "invalid (\(error.reason.rawValue))"
        }
        let expected = vector.expected.valid ? "valid" : "invalid (\(vector.expected.error ?? "?"))"
        return VectorOutcome(name: vector.name, failures: expected == got ? [] : ["result: expected \(expected), got \(got)"])
    }

    /// `headers` as HTTP fields, in name order; an invalid name is refused at its path.
    static func fields(_ headers: [String: String], at path: String) throws(VectorFileError) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard let fieldName = HTTPField.Name(name) else {
                throw VectorFileError(path: "\(path).\(name)", reason: "not a valid HTTP field name")
            }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        return fields
    }

    static func quoted(_ text: String) -> String {
        text.count > 120 ? "\"\(text.prefix(117))...\"" : "\"\(text)\""
    }
}
