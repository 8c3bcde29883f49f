import Foundation
@_spi(Vectors) import SignetCrypto
import SignetTestSupport
import Testing

/// Every published vector (RFC 1321, RFC 3174, RFC 2202, RFC 4648) through the public API, with the
/// files parsed here, and again through `CryptoVectors.check`.
@Suite("Published RFC vectors")
struct PublishedVectorTests {
    @Test("MD5: RFC 1321 appendix A.5")
    func md5() throws {
        let vectors = try Repository.vectors("md5-rfc1321.json")
        #expect(vectors.count == 7)
        for vector in vectors {
            let name = try field(vector, "name")
            let input = try field(vector, "input_ascii")
            let expected = try field(vector, "expected_hex")
            #expect(try MD5.hash(input).hex == expected, "\(name)")
            #expect(try MD5.hash(Array(input.utf8)).bytes == bytes(fromHex: expected), "\(name)")
            var streaming = try MD5()
            streaming.update(contentsOf: input.utf8)
            #expect(try streaming.finalize().hex == expected, "\(name)")
        }
    }

    @Test("SHA-1: RFC 3174 section 7.3, repeated inputs included")
    func sha1() throws {
        let vectors = try Repository.vectors("sha1-rfc3174.json")
        #expect(vectors.count == 4)
        for vector in vectors {
            let name = try field(vector, "name")
            let input = Array(try field(vector, "input_ascii").utf8)
            let repeatCount = vector["repeat"] as? Int ?? 1
            let expected = try field(vector, "expected_hex")
            var hasher = try SHA1()
            for _ in 0..<repeatCount { hasher.update(input) }
            #expect(try hasher.finalize().hex == expected, "\(name)")
            let whole = Array([[UInt8]](repeating: input, count: repeatCount).joined())
            #expect(try SHA1.hash(whole).hex == expected, "\(name), one shot")
        }
    }

    @Test("HMAC-SHA1: RFC 2202 section 3, test case 5 truncated and whole")
    func hmacSHA1() throws {
        let vectors = try Repository.vectors("hmac-sha1-rfc2202.json")
        #expect(vectors.count == 7)
        for vector in vectors {
            let name = try field(vector, "name")
            let key = try HMACKey(secret: bytes(fromHex: field(vector, "key_hex")))
            let data = try bytes(fromHex: field(vector, "data_hex"))
            let mac = try HMAC.authenticationCode(for: data, using: key)
            #expect(mac.bytes.count == HMAC.byteCount, "\(name)")
            if let truncate = vector["truncate_bytes"] as? Int {
                #expect(Hex.encode(Array(mac.bytes.prefix(truncate))) == (try field(vector, "expected_hex")), "\(name)")
                #expect(mac.hex == (try field(vector, "expected_full_hex")), "\(name)")
            } else {
                #expect(mac.hex == (try field(vector, "expected_hex")), "\(name)")
            }
        }
    }

    @Test("Base64: RFC 4648 section 10, both directions")
    func base64() throws {
        let vectors = try Repository.vectors("base64-rfc4648.json")
        #expect(vectors.count == 7)
        for vector in vectors {
            let name = try field(vector, "name")
            let input = Array(try field(vector, "input_ascii").utf8)
            let expected = try field(vector, "expected")
            #expect(Base64.encode(input) == expected, "\(name)")
            #expect(try Base64.decode(expected) == input, "\(name)")
        }
    }

    @Test("CryptoVectors.check passes every vector of every RFC file", arguments: [
        "md5-rfc1321.json", "sha1-rfc3174.json", "hmac-sha1-rfc2202.json", "base64-rfc4648.json",
    ])
    func cryptoVectorsCheck(file: String) throws {
        let scheme = try Repository.scheme(file)
        #expect(CryptoVectors.schemes.contains(scheme))
        #expect(try VectorJSON.scheme(of: Repository.vectorData(file)) == scheme)
        let outcomes = try CryptoVectors.check(scheme: scheme, data: Repository.vectorData(file))
        let names = try Repository.vectors(file).map { try field($0, "name") }
        #expect(outcomes.map(\.name) == names)
        for outcome in outcomes { #expect(outcome.passed, "\(file): \(outcome.name): \(outcome.failures)") }
    }

    @Test("CryptoVectors.check reports a wrong expected value as a failure naming the field")
    func cryptoVectorsCheckReportsFailures() throws {
        let json = """
            {"scheme": "md5", "vectors": [
              {"name": "right", "input_ascii": "abc", "expected_hex": "900150983cd24fb0d6963f7d28e17f72"},
              {"name": "wrong", "input_ascii": "abc", "expected_hex": "00000000000000000000000000000000"}]}
            """
        let outcomes = try CryptoVectors.check(scheme: "md5", data: Data(json.utf8))
        #expect(outcomes.map(\.passed) == [true, false])
        #expect(outcomes[1].failures.count == 1)
        #expect(outcomes[1].failures.first?.contains("900150983cd24fb0d6963f7d28e17f72") == true)
    }

    @Test("CryptoVectors.check names the JSON path of a malformed file")
    func cryptoVectorsCheckMalformed() throws {
        func failure(_ scheme: String, _ json: String) -> VectorFileError? {
            do {
                _ = try CryptoVectors.check(scheme: scheme, data: Data(json.utf8))
                return nil
            } catch let error as VectorFileError {
                return error
            } catch {
                Issue.record("unexpected error type: \(error)")
                return nil
            }
        }
        #expect(failure("md5", "not json")?.path == "$")
        #expect(failure("md5", #"{"vectors": [{"name": "x", "input_ascii": "a"}]}"#)?.path == "$.vectors[0].expected_hex")
        #expect(failure("sha1", #"{"vectors": [{"name": "x", "input_ascii": 5, "expected_hex": ""}]}"#)?.path == "$.vectors[0].input_ascii")
        #expect(failure("hmac-sha1", #"{"vectors": [{"name": "x", "key_hex": "0b", "data_hex": "zz", "expected_hex": ""}]}"#)?.path == "$.vectors[0].data_hex")
        #expect(failure("hmac-sha1", #"{"vectors": [{"name": "ok", "key_hex": "", "data_hex": "", "expected_hex": ""}, {"name": "x", "key_hex": "abc", "data_hex": "", "expected_hex": ""}]}"#)?.path == "$.vectors[1].key_hex")
        #expect(failure("sha256", #"{"vectors": []}"#)?.path == "$.scheme")
    }
}
