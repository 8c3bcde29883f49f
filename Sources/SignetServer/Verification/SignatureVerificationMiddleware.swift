import Hummingbird
import SignetCrypto

/// Reads the request body (hashing it, and keeping it unless told not to), then applies the server's
/// ``SignatureChecks`` for one key role; a refused request gets a 401 and never reaches the route.
///
/// A body longer than ``maxBodyBytes`` is refused with 413 before any signature check.
/// The route receives the collected body as `request.body` and the verified key in `context.apiKey`.
struct SignatureVerificationMiddleware: RouterMiddleware {
    typealias Context = ReferenceRequestContext

    /// What happens to the body after hashing.
    enum BodyHandling: Sendable {
        /// Keep the bytes for the route (JSON APIs).
        case collect
        /// Hash and count only (uploads, where only length and MD5 matter).
        case hashOnly
    }

    /// The role a key must have on these routes.
    let role: APIKeyRole
    /// The shared signature policy.
    let checks: SignatureChecks
    /// The largest body accepted.
    let maxBodyBytes: Int
    /// Whether the bytes are kept.
    var bodyHandling: BodyHandling = .collect

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > maxBodyBytes {
            throw tooLarge()
        }
        var md5: MD5
        do { md5 = try MD5() } catch {
            throw ReferenceAPIError(.internalServerError, "MD5 is unavailable on this server: \(error)")
        }
        var length = 0
        var collected = ByteBuffer()
        for try await chunk in request.body {
            length += chunk.readableBytes
            guard length <= maxBodyBytes else { throw tooLarge() }
            chunk.withUnsafeReadableBytes { md5.update($0) }
            if bodyHandling == .collect { collected.writeImmutableBuffer(chunk) }
        }
        let bodyMD5: String
        do { bodyMD5 = try md5.finalize().base64 } catch {
            throw ReferenceAPIError(.internalServerError, "MD5 failed on this server: \(error)")
        }
        let apiKey = try await checks.check(
            method: request.method, target: request.head.path ?? "/", headers: request.headers,
            bodyMD5: bodyMD5, role: role
        ).get()
        var request = request
        request.body = RequestBody(buffer: collected)
        var context = context
        context.apiKey = apiKey
        context.receivedBody = ReceivedBody(length: length, md5Base64: bodyMD5)
        return try await next(request, context)
    }

    private func tooLarge() -> ReferenceAPIError {
        ReferenceAPIError(.contentTooLarge, "request body exceeds the limit of \(maxBodyBytes) bytes")
    }
}
