import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer
import SignetTestSupport
import Testing

/// Every diagnosis identifier, produced by a request made with that mistake by `Vectors/diagnosis.py`
/// (Python hashlib/hmac, no code shared with the signer), sent as is to the reference server.
@Suite("Why was my request refused? Diagnosis on the reference server")
struct DiagnosisTests {
    struct Vector: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let method: String
        let target: String
        let body_base64: String
        let headers: [String: String]
        let now: String
        let separator: String
        let expected: Expected
        struct Expected: Decodable, Sendable {
            let error: String
            let likely_cause: String
            let string_to_sign: String
            let clock_offset_seconds: Int?
        }
        var testDescription: String { name }
    }

    struct File: Decodable { let vectors: [Vector] }

    static let vectors: [Vector] = (try? JSONDecoder().decode(
        File.self, from: Repository.vectorData("gamesystem-diagnosis.json")).vectors) ?? []

    @Test("the vector file covers every identifier")
    func coversEveryCause() {
        let causes = Set(Self.vectors.map(\.expected.likely_cause))
        #expect(causes == Set(GameSystemDiagnosis.Cause.allCases.map(\.rawValue)))
    }

    @Test("a request made with a known mistake gets 401 with that mistake named", arguments: vectors)
    func diagnosed(vector: Vector) async throws {
        let now = try #require(GameSystemDate.parse(vector.now))
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        configuration.clock = { now }
        configuration.separator = try #require(GameSystemSeparator(rawValue: vector.separator))
        let server = try await ReferenceServer.start(configuration)
        var fields = HTTPFields()
        for (name, value) in vector.headers { fields[try #require(HTTPField.Name(name))] = value }
        let method = HTTPRequest.Method(vector.method) ?? .get
        let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: vector.target, headerFields: fields)
        let body = try bytes(fromBase64: vector.body_base64)
        let (response, responseBody) = try await SignetAsyncHTTPClientTransport().send(request, body: Body(body), baseURL: server.baseURL)
        await server.stop()
        #expect(response.status.code == 401)
        #expect(response.headerFields[values: .date].count == 1)
        let error = try JSONDecoder().decode(ErrorBodyJSON.self, from: Data(try await responseBody.collect(upTo: 1 << 16)))
        #expect(error.error_message.hasPrefix(vector.expected.error + ": "))
        let diagnosis = try #require(error.diagnosis)
        #expect(diagnosis.likely_cause == vector.expected.likely_cause)
        #expect(diagnosis.string_to_sign == vector.expected.string_to_sign)
        #expect(diagnosis.clock_offset_seconds == vector.expected.clock_offset_seconds)
        #expect(!diagnosis.detail.isEmpty)
        // Never a secret, never a valid signature.
        let text = String(describing: diagnosis) + error.error_message
        for secret in [DemoCredentials.clientSecret, DemoCredentials.adminSecret] { #expect(!text.contains(secret)) }
        #expect(text.range(of: "[0-9a-f]{40}", options: .regularExpression) == nil)
    }

    @Test("with --no-explain the 401 carries no diagnosis")
    func explanationsOff() async throws {
        let vector = try #require(Self.vectors.first { $0.name == "separator-newline-get" })
        let now = try #require(GameSystemDate.parse(vector.now))
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        configuration.clock = { now }
        configuration.explainsFailures = false
        let server = try await ReferenceServer.start(configuration)
        var fields = HTTPFields()
        for (name, value) in vector.headers { fields[try #require(HTTPField.Name(name))] = value }
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: vector.target, headerFields: fields)
        let (response, body) = try await SignetAsyncHTTPClientTransport().send(request, body: .empty, baseURL: server.baseURL)
        await server.stop()
        #expect(response.status.code == 401)
        let error = try JSONDecoder().decode(ErrorBodyJSON.self, from: Data(try await body.collect(upTo: 1 << 16)))
        #expect(error.error_message.hasPrefix("bad-signature: "))
        #expect(error.diagnosis == nil)
    }
}
