import Foundation
import HTTPTypes
import Hummingbird
import SignetCrypto

/// Diagnostic routes that describe the request they received, for transport tests and debugging.
///
/// - `/echo` (GET, HEAD, POST, PUT, PATCH, DELETE), unsigned. Answers ``EchoSummary`` as JSON, or with
///   `X-Echo-Raw: true` the request body itself (up to the server's body limit). `X-Echo-Status: 201`
///   picks the status. Every answer carries `X-Echo-Method`.
/// - `/{tenant}/client/echo` (GET, POST, PUT), signed with a client key. Hashes the body while it streams
///   in (up to 1 GiB, without keeping it) and answers the summary with the verified key: the way to check
///   that a large streamed body arrived intact and its `Content-MD5` verified. Its keys, `Idempotency-Key`
///   store and limit are ``ReferenceServerConfiguration/signedEcho``'s.
struct EchoService: ReferenceService {
    static let rawHeader = HTTPField.Name("X-Echo-Raw")
    static let statusHeader = HTTPField.Name("X-Echo-Status")
    static let methodHeader = HTTPField.Name("X-Echo-Method")

    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {
        for method in [HTTPRequest.Method.get, .head, .post, .put, .patch, .delete] {
            router.on("echo", method: method) { request, _ in
                try await Self.echo(request, maxBodyBytes: environment.maxBodyBytes)
            }
        }
        let signed = router.group(":tenant/client").add(middleware: environment.verification.echoMiddleware())
        for method in [HTTPRequest.Method.get, .post, .put] {
            signed.on("echo", method: method) { request, context in
                let identity = context.gameSystemIdentity
                return try Self.respond(request, summary: EchoSummary(
                    request, bodyLength: identity?.bodyLength ?? 0, bodyMD5: identity?.bodyMD5 ?? "", apiKey: identity?.apiKey))
            }
        }
    }

    private static func echo(_ request: Request, maxBodyBytes: Int) async throws -> Response {
        var md5 = try MD5()
        var length = 0
        var collected = ByteBuffer()
        let raw = rawHeader.flatMap { request.headers[$0] } == "true"
        for try await chunk in request.body {
            length += chunk.readableBytes
            guard length <= maxBodyBytes else {
                throw ReferenceAPIError(.contentTooLarge, "request body exceeds the limit of \(maxBodyBytes) bytes")
            }
            chunk.withUnsafeReadableBytes { md5.update($0) }
            if raw { collected.writeImmutableBuffer(chunk) }
        }
        if raw {
            var response = try respond(request, summary: nil)
            response.headers[.contentType] = request.headers[.contentType] ?? "application/octet-stream"
            response.body = ResponseBody(byteBuffer: collected)
            return response
        }
        return try respond(request, summary: EchoSummary(
            request, bodyLength: length, bodyMD5: try md5.finalize().base64, apiKey: nil))
    }

    private static func respond(_ request: Request, summary: EchoSummary?) throws -> Response {
        var status = HTTPResponse.Status.ok
        if let name = statusHeader, let text = request.headers[name] {
            guard let code = Int(text), (200...599).contains(code) else {
                throw ReferenceAPIError(.badRequest, "X-Echo-Status must be a status code from 200 to 599, not '\(text)'")
            }
            status = HTTPResponse.Status(code: code)
        }
        var response = try summary.map { try JSONResponse.make($0, status: status) } ?? Response(status: status)
        if let name = methodHeader { response.headers[name] = request.method.rawValue }
        return response
    }
}

/// What the echo routes report about a request.
struct EchoSummary: Encodable, Sendable {
    let method: String
    /// The request target as received, query included.
    let path: String
    /// Header fields by lowercased name; repeated fields joined with `, `.
    let headers: [String: String]
    let bodyLength: Int
    /// Base64 MD5 of the body received.
    let bodyMD5: String
    /// The verified API key (signed echo only).
    let apiKey: String?

    init(_ request: Request, bodyLength: Int, bodyMD5: String, apiKey: String?) {
        method = request.method.rawValue
        path = request.head.path ?? "/"
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        self.headers = headers
        self.bodyLength = bodyLength
        self.bodyMD5 = bodyMD5
        self.apiKey = apiKey
    }

    enum CodingKeys: String, CodingKey {
        case method, path, headers
        case bodyLength = "body_length"
        case bodyMD5 = "body_md5"
        case apiKey = "api_key"
    }
}
