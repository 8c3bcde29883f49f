import Foundation
@_spi(Vectors) import SignetCrypto
import Testing

/// A hostile vector file is a `VectorFileError` naming the field and its allowed range: never a trap
/// (`prefix(-1)`), never a hang (a trillion repeats).
@Suite("Vector file limits")
struct VectorLimitTests {
    /// The error `check` throws, or nil (recorded as an issue) when it throws none or another type.
    static func error(_ scheme: String, _ json: String) -> VectorFileError? {
        do {
            let outcomes = try CryptoVectors.check(scheme: scheme, data: Data(json.utf8))
            Issue.record("check succeeded with \(outcomes)")
        } catch let error as VectorFileError {
            return error
        } catch {
            Issue.record("not a VectorFileError: \(error)")
        }
        return nil
    }

    /// An HMAC-SHA1 file: RFC 2202 test case 5 with `truncate_bytes` set to `truncate`.
    static func hmac(truncate: String) -> String {
        #"{"scheme": "hmac-sha1", "vectors": [{"name": "t", "key_hex": "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "#
            + #""data_hex": "546573742057697468205472756e636174696f6e", "expected_hex": "4c1a03424b55e07fe7f27be1", "#
            + #""truncate_bytes": \#(truncate)}]}"#
    }

    /// A digest file of two vectors, the second `input` repeated `repeat` times.
    static func digest(_ scheme: String, input: String, repeat count: String) -> String {
        #"{"scheme": "\#(scheme)", "vectors": [{"name": "a", "input_ascii": "abc", "expected_hex": "00"}, "#
            + #"{"name": "b", "input_ascii": "\#(input)", "repeat": \#(count), "expected_hex": "00"}]}"#
    }

    @Test("truncate_bytes outside 1...20 is refused at its path with the range", arguments: ["-1", "0", "21", "9223372036854775807"])
    func truncateOutOfRange(value: String) throws {
        let error = try #require(Self.error("hmac-sha1", Self.hmac(truncate: value)))
        #expect(error.path == "$.vectors[0].truncate_bytes")
        #expect(error.reason == "must be in 1...20, not \(value)")
    }

    @Test("truncate_bytes 12 and 20 still run (RFC 2202 test case 5, truncated and whole)")
    func truncateInRange() throws {
        let truncated = try CryptoVectors.check(scheme: "hmac-sha1", data: Data(Self.hmac(truncate: "12").utf8))
        #expect(truncated.map(\.passed) == [true])
        let whole = try CryptoVectors.check(scheme: "hmac-sha1", data: Data(Self.hmac(truncate: "20").utf8))
        // The full MAC of test case 5 (RFC 2202) is longer than the 12 expected bytes, so it fails, by value.
        #expect(whole.first?.failures == ["hmac: expected 4c1a03424b55e07fe7f27be1, got 4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"])
    }

    @Test("repeat outside 1...16777216 is refused at its path with the range, before any vector runs",
          arguments: ["0", "-1", "16777217", "1000000000000", "9223372036854775807"])
    func repeatOutOfRange(value: String) throws {
        for scheme in ["md5", "sha1"] {
            let started = ContinuousClock.now
            let error = try #require(Self.error(scheme, Self.digest(scheme, input: "a", repeat: value)))
            #expect(error.path == "$.vectors[1].repeat")
            #expect(error.reason == "must be in 1...16777216, not \(value)")
            #expect(ContinuousClock.now - started < .seconds(2))
        }
    }

    @Test("More than 64 MiB hashed in all is refused, even when each repeat is in range")
    func totalBytes() throws {
        let input = String(repeating: "x", count: 64)
        // 64 bytes × 2^20 = 64 MiB exactly, plus the first vector's 3 bytes: one byte over.
        let error = try #require(Self.error("md5", Self.digest("md5", input: input, repeat: "1048576")))
        #expect(error.path == "$.vectors[1].repeat")
        #expect(error.reason.contains("67108864 bytes"))
        // Just at the limit: runs (and fails on the placeholder expected value, which is fine here).
        let atLimit = #"{"scheme": "md5", "vectors": [{"name": "b", "input_ascii": "\#(input)", "repeat": 1048576, "#
            + #""expected_hex": "00"}]}"#
        #expect(try CryptoVectors.check(scheme: "md5", data: Data(atLimit.utf8)).count == 1)
    }

    @Test("A 1 MiB input repeated 2^24 times (16 TiB) is refused by the byte limit before hashing starts")
    func longInputManyRepeats() throws {
        let input = String(repeating: "y", count: 1 << 20)
        let error = try #require(Self.error("sha1", Self.digest("sha1", input: input, repeat: "16777216")))
        #expect(error.path == "$.vectors[1].repeat")
    }

    @Test("The limits are what the documentation says")
    func documentedLimits() {
        #expect(CryptoVectors.maxRepeat == 16_777_216)
        #expect(CryptoVectors.maxDigestBytes == 64 * 1024 * 1024)
        #expect(VectorJSON.maxFileBytes == 16 * 1024 * 1024)
    }
}
