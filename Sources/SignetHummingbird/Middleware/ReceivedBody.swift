import Hummingbird
import NIOCore
import SignetCrypto

/// A request body as the verification middleware received it: counted and hashed while it streamed in,
/// and kept for the handler unless told otherwise.
struct ReceivedBody: Sendable {
    /// Bytes received.
    let length: Int
    /// The MD5 of the bytes received (its base64 is what `Content-MD5` must match).
    let digest: Digest
    /// The bytes, when kept (empty otherwise).
    let buffer: ByteBuffer

    /// The base64 MD5.
    var md5: String { digest.base64 }

    /// Reads `request`'s body up to `limit` bytes; past it (declared or received) the refusal is a 413.
    static func read(_ request: Request, limit: Int, keep: Bool) async throws -> Result<ReceivedBody, VerificationRefusal> {
        let tooLarge = VerificationRefusal.tooLarge(limit: limit)
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit { return .failure(tooLarge) }
        var md5: MD5
        do { md5 = try MD5() } catch { return .failure(.internalError("MD5 is unavailable on this server: \(error)")) }
        var length = 0
        var kept = ByteBuffer()
        for try await chunk in request.body {
            length += chunk.readableBytes
            guard length <= limit else { return .failure(tooLarge) }
            chunk.withUnsafeReadableBytes { md5.update($0) }
            if keep { kept.writeImmutableBuffer(chunk) }
        }
        do {
            return .success(ReceivedBody(length: length, digest: try md5.finalize(), buffer: kept))
        } catch {
            return .failure(.internalError("MD5 failed on this server: \(error)"))
        }
    }
}
