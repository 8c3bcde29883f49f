import Foundation
import HTTPTypes
@_spi(Vectors) import SignetCrypto

/// Runs `gamesystem-hmac-sha1-diagnosis` vector files: requests signed with one known client mistake
/// each, by an implementation that shares no code with this library (`Vectors/diagnosis.py`), through
/// ``GameSystemVerifier`` and ``GameSystemVerifier/diagnose(_:method:target:headers:bodyMD5:now:)``.
enum GameSystemDiagnosisVectors {
    struct File: Decodable { let vectors: [Vector] }
    struct Vector: Decodable {
        let name: String
        let method: String
        let target: String
        let body_base64: String
        let headers: [String: String]
        let now: String
        let keys: [String: String]
        let max_skew_seconds: Double
        let separator: String?
        /// The role of each key, and the roles the route accepts (only for `wrong-key-type` vectors).
        let roles: [String: String]?
        let route_roles: [String]?
        let expected: Expected
        struct Expected: Decodable {
            let error: String
            let likely_cause: String
            let string_to_sign: String
            let clock_offset_seconds: Int?
        }
    }

    static func check(data: Data) throws -> [VectorOutcome] {
        let file = try VectorJSON.decode(File.self, from: data)
        return try file.vectors.enumerated().map { try check($1, at: "$.vectors[\($0)]") }
    }

    private static func check(_ vector: Vector, at path: String) throws -> VectorOutcome {
        let body = try VectorJSON.base64(vector.body_base64, at: path + ".body_base64")
        let headers = try GameSystemVectors.fields(vector.headers, at: path + ".headers")
        guard GameSystemDiagnosis.Cause(rawValue: vector.expected.likely_cause) != nil else {
            throw VectorFileError(path: path + ".expected.likely_cause", reason: "unknown cause '\(vector.expected.likely_cause)'")
        }
        let verifier = GameSystemVerifier(
            keys: try GameSystemKeyring(secrets: vector.keys), window: vector.max_skew_seconds,
            separator: try GameSystemVectors.separator(vector.separator, at: path + ".separator"))
        let now = try GameSystemVectors.date(vector.now, at: path + ".now")
        let digest = try MD5.hash(body)
        let method = try GameSystemVectors.method(vector.method, at: path + ".method")
        let error: GameSystemVerificationError
        switch verifier.verify(method: method, target: vector.target, headers: headers, body: body, now: now) {
        case .success(let apiKey):
            if let accepted = vector.route_roles, let held = vector.roles?[apiKey], !accepted.contains(held) {
                return wrongKeyType(vector, method: method, verifier: verifier, headers: headers, needed: accepted, held: held)
            }
            return VectorOutcome(name: vector.name, failures: ["result: expected invalid (\(vector.expected.error)), got valid"])
        case .failure(let failure):
            error = failure
        }
        var failures: [String] = []
        if error.reason.rawValue != vector.expected.error {
            failures.append("error: expected \(vector.expected.error), got \(error.reason.rawValue)")
        }
        guard let diagnosis = verifier.diagnose(error, method: method, target: vector.target, headers: headers,
                                                bodyMD5: digest, now: now) else {
            return VectorOutcome(name: vector.name, failures: failures + ["diagnosis: expected \(vector.expected.likely_cause), got none"])
        }
        return VectorOutcome(name: vector.name, failures: failures + compare(diagnosis, vector.expected))
    }

    /// A valid signature with a key of a role the route does not accept.
    private static func wrongKeyType(
        _ vector: Vector, method: HTTPRequest.Method, verifier: GameSystemVerifier, headers: HTTPFields, needed: [String], held: String
    ) -> VectorOutcome {
        var failures: [String] = []
        if vector.expected.error != "wrong-key-type" {
            failures.append("error: expected \(vector.expected.error), got wrong-key-type")
        }
        guard let diagnosis = verifier.wrongKeyTypeDiagnosis(
            method: method, target: vector.target, headers: headers,
            needed: needed.joined(separator: " or "), held: "a \(held) key") else {
            return VectorOutcome(name: vector.name, failures: failures + ["diagnosis: expected wrong-key-type, got none"])
        }
        return VectorOutcome(name: vector.name, failures: failures + compare(diagnosis, vector.expected))
    }

    /// What differs between `diagnosis` and the expected one.
    private static func compare(_ diagnosis: GameSystemDiagnosis, _ expected: Vector.Expected) -> [String] {
        var failures: [String] = []
        if diagnosis.likelyCause.rawValue != expected.likely_cause {
            failures.append("likely_cause: expected \(expected.likely_cause), got \(diagnosis.likelyCause.rawValue)")
        }
        if diagnosis.stringToSign != expected.string_to_sign {
            failures.append("string_to_sign: expected \(GameSystemVectors.quoted(expected.string_to_sign)), "
                + "got \(GameSystemVectors.quoted(diagnosis.stringToSign))")
        }
        if diagnosis.clockOffsetSeconds != expected.clock_offset_seconds {
            failures.append("clock_offset_seconds: expected \(expected.clock_offset_seconds.map(String.init) ?? "none"), "
                + "got \(diagnosis.clockOffsetSeconds.map(String.init) ?? "none")")
        }
        return failures
    }
}
