import Foundation

/// Runs the published crypto vectors (RFC 1321 MD5, RFC 3174 SHA-1, RFC 2202 HMAC-SHA1,
/// RFC 4648 base64) through this library. File formats: `Vectors/README.md`.
///
/// Every numeric field is checked before any vector runs, so a hostile file is a ``VectorFileError`` naming
/// the field and its allowed range, never a crash or a hang: `repeat` is 1...``maxRepeat`` and the digest
/// vectors of one file hash at most ``maxDigestBytes`` in all; `truncate_bytes` is 1...20 (the HMAC-SHA1 size).
@_spi(Vectors) public enum CryptoVectors {
    /// The `scheme` values this runner reads.
    public static let schemes: Set<String> = ["md5", "sha1", "hmac-sha1", "base64"]
    /// The largest `repeat` a digest vector may ask for: 2^24 (RFC 3174's million `a`s fit easily).
    public static let maxRepeat = 1 << 24
    /// The most bytes the digest vectors of one file may hash in all (`input_ascii` bytes × `repeat`, summed): 64 MiB.
    public static let maxDigestBytes = 64 << 20

    private struct File<Vector: Decodable>: Decodable { let vectors: [Vector] }

    private struct DigestVector: Decodable {
        let name: String
        let input_ascii: String
        let `repeat`: Int?
        let expected_hex: String
    }

    private struct HMACVector: Decodable {
        let name: String
        let key_hex: String
        let data_hex: String
        let expected_hex: String
        let truncate_bytes: Int?
    }

    private struct Base64Vector: Decodable {
        let name: String
        let input_ascii: String
        let expected: String
    }

    /// Runs every vector of a file whose `scheme` is one of ``schemes``.
    public static func check(scheme: String, data: Data) throws -> [VectorOutcome] {
        switch scheme {
        case "md5": return try digests(MD5.self, data)
        case "sha1": return try digests(SHA1.self, data)
        case "hmac-sha1":
            let vectors = try VectorJSON.decode(File<HMACVector>.self, from: data).vectors
            for (index, vector) in vectors.enumerated() {
                if let truncate = vector.truncate_bytes {
                    try VectorJSON.require(truncate, in: 1...SHA1.byteCount, at: "$.vectors[\(index)].truncate_bytes")
                }
            }
            return try vectors.enumerated().map { index, vector in
                let key = try VectorJSON.hex(vector.key_hex, at: "$.vectors[\(index)].key_hex")
                let message = try VectorJSON.hex(vector.data_hex, at: "$.vectors[\(index)].data_hex")
                var mac = try HMAC.authenticationCode(for: message, using: HMACKey(secret: key)).bytes
                if let truncate = vector.truncate_bytes { mac = Array(mac.prefix(truncate)) }
                return outcome(vector.name, "hmac", expected: vector.expected_hex, got: Hex.encode(mac))
            }
        case "base64":
            return try VectorJSON.decode(File<Base64Vector>.self, from: data).vectors.map { vector in
                let input = Array(vector.input_ascii.utf8)
                var failures: [String] = []
                let encoded = Base64.encode(input)
                if encoded != vector.expected { failures.append("encode: expected \(vector.expected), got \(encoded)") }
                do {
                    let decoded = try Base64.decode(vector.expected)
                    if decoded != input { failures.append("decode: expected \(vector.input_ascii), got bytes \(Hex.encode(decoded))") }
                } catch {
                    failures.append("decode: \(error)")
                }
                return VectorOutcome(name: vector.name, failures: failures)
            }
        default:
            throw VectorFileError(path: "$.scheme", reason: "unknown scheme '\(scheme)'")
        }
    }

    private static func digests<H: HashFunction>(_ type: H.Type, _ data: Data) throws -> [VectorOutcome] {
        let vectors = try VectorJSON.decode(File<DigestVector>.self, from: data).vectors
        // Check every vector before hashing any, so a bad last vector fails at once.
        var total = 0
        for (index, vector) in vectors.enumerated() {
            let path = "$.vectors[\(index)].repeat"
            let count = vector.repeat ?? 1
            try VectorJSON.require(count, in: 1...maxRepeat, at: path)
            let (bytes, productOverflow) = vector.input_ascii.utf8.count.multipliedReportingOverflow(by: count)
            let (sum, sumOverflow) = total.addingReportingOverflow(bytes)
            guard !productOverflow, !sumOverflow, sum <= maxDigestBytes else {
                throw VectorFileError(path: path, reason: "the file's digest vectors would hash more than "
                    + "\(maxDigestBytes) bytes in all (input_ascii bytes × repeat, summed over the vectors)")
            }
            total = sum
        }
        return try vectors.map { vector in
            var hasher = try H()
            let chunk = Array(vector.input_ascii.utf8)
            for _ in 0..<(vector.repeat ?? 1) { hasher.update(chunk) }
            return outcome(vector.name, "digest", expected: vector.expected_hex, got: try hasher.finalize().hex)
        }
    }

    private static func outcome(_ name: String, _ field: String, expected: String, got: String) -> VectorOutcome {
        VectorOutcome(name: name, failures: expected.lowercased() == got ? [] : ["\(field): expected \(expected), got \(got)"])
    }
}
