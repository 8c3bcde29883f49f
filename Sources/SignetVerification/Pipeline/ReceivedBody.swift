import SignetCrypto

/// A request body as verification receives it: counted and hashed while it streams in, refused past the
/// limit. The adapter keeps the bytes in its framework's own buffer (or not at all); this keeps only the count
/// and the MD5.
///
/// ```swift
/// let outcome = try await verification.verify(request.head) { intake in   // a declared oversize: 413, never called
///     for try await chunk in request.body {
///         try intake.append(chunk.readableBytesView)                      // 413 past the limit
///         if !intake.discards { buffer.writeImmutableBuffer(chunk) }      // refused whatever the body: keep none
///     }
/// }
/// ```
public struct BodyIntake {
    /// The largest body accepted.
    public let limit: Int
    /// Whether the request is refused whatever its body holds (its signature fields missing or malformed, its
    /// key unknown or not to be looked up now, its `Date` malformed): the bytes still count against the limit,
    /// but are not hashed, and an adapter keeps none of them. An unsigned upload then costs no memory and no
    /// MD5.
    public internal(set) var discards = false
    private var md5: MD5
    private var length = 0

    init(limit: Int, declaredLength: Int?) throws(VerificationRefusal) {
        self.limit = limit
        if let declaredLength, declaredLength > limit { throw .tooLarge(limit: limit) }
        do {
            md5 = try MD5()
        } catch {
            throw VerificationRefusal(.internalError, status: .internalServerError, message: "MD5 is unavailable on this server")
        }
    }

    /// Counts and hashes `bytes`; refuses (413) once the body passes the limit.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) throws(VerificationRefusal) where Bytes.Element == UInt8 {
        length += bytes.count
        guard length <= limit else { throw .tooLarge(limit: limit) }
        guard !discards else { return }
        if bytes.withContiguousStorageIfAvailable({ md5.update(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { md5.update($0) }
        }
    }

    /// The body received: its length and MD5.
    public mutating func finish() throws(VerificationRefusal) -> ReceivedBody {
        do {
            return ReceivedBody(length: length, digest: try md5.finalize())
        } catch {
            throw VerificationRefusal(.internalError, status: .internalServerError, message: "MD5 failed on this server")
        }
    }
}

/// The length and MD5 of a body received in full.
public struct ReceivedBody: Sendable {
    /// Bytes received.
    public let length: Int
    /// The MD5 of the bytes received (its base64 is what `Content-MD5` must match).
    public let digest: Digest

    /// The base64 MD5 (made once: verification reads it more than once).
    public let md5: String

    init(length: Int, digest: Digest) {
        self.length = length
        self.digest = digest
        self.md5 = digest.base64
    }

    /// The length and MD5 of `bytes`, a body already in memory.
    public static func of(_ bytes: some Collection<UInt8>, limit: Int) throws(VerificationRefusal) -> ReceivedBody {
        var intake = try BodyIntake(limit: limit, declaredLength: bytes.count)
        try intake.append(bytes)
        return try intake.finish()
    }
}
