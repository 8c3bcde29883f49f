import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import Signet

/// Converts between Signet's swift-http-types currency and AsyncHTTPClient's request and response types.
enum AsyncHTTPClientConversion {
    /// The `HTTPClientRequest` for `request` with `body`, its URL made absolute against `baseURL` when needed.
    static func clientRequest(_ request: HTTPRequest, body: Body, baseURL: URL) throws -> HTTPClientRequest {
        var clientRequest = HTTPClientRequest(url: try url(of: request, baseURL: baseURL))
        clientRequest.method = HTTPMethod(rawValue: request.method.rawValue)
        clientRequest.headers.reserveCapacity(request.headerFields.count)
        for field in request.headerFields where !isFraming(field.name) {
            clientRequest.headers.add(name: field.name.rawName, value: field.value)
        }
        clientRequest.body = self.body(body, method: request.method)
        return clientRequest
    }

    /// Whether `name` is a field AsyncHTTPClient derives from the body itself (sending ours too could
    /// contradict it). Two comparisons: hashing every field's name into a set cost more.
    private static func isFraming(_ name: HTTPField.Name) -> Bool {
        name == .contentLength || name == .transferEncoding
    }

    /// The body to send: nil for an empty GET or HEAD, one buffer for bytes, a stream of known length for a file.
    static func body(_ body: Body, method: HTTPRequest.Method) -> HTTPClientRequest.Body? {
        if let bytes = body.inMemoryBytes {
            if bytes.isEmpty, method == .get || method == .head { return nil }
            return .bytes(ByteBuffer(bytes: bytes))
        }
        let length: HTTPClientRequest.Body.Length = body.length.map { .known(Int64($0)) } ?? .unknown
        return .stream(BodyByteBuffers(body: body), length: length)
    }

    /// `scheme://authority/path?query` of `request`. ``Signet/SignetClient`` hands over absolute requests; a relative
    /// one (a transport used on its own) is resolved against `baseURL` by Signet's one resolver.
    static func url(of request: HTTPRequest, baseURL: URL) throws -> String {
        if let scheme = request.scheme, let authority = request.authority {
            return absolute(scheme: scheme, authority: authority, path: request.path ?? "/")
        }
        guard let base = BaseURLParts(baseURL) else {
            throw SignetError(.invalidRequest(reason: "base URL \(baseURL.absoluteString) has no scheme or host"),
                              method: request.method, path: request.path)
        }
        let resolved = base.resolve(request)
        return absolute(scheme: resolved.scheme ?? "http", authority: resolved.authority ?? "", path: resolved.path ?? "/")
    }

    /// `scheme://authority/path`, built in one allocation (interpolation grew the string several times).
    private static func absolute(scheme: String, authority: String, path: String) -> String {
        var url = ""
        url.reserveCapacity(scheme.utf8.count + 3 + authority.utf8.count + path.utf8.count)
        url += scheme
        url += "://"
        url += authority
        url += path
        return url
    }

    /// Throws ``Signet/SignetError/Kind/redirected(_:location:)`` when a client that follows redirects answered
    /// from another origin (scheme, host, port) than `requested`: the signed request already went there, and
    /// its answer must not pass for the one asked for. Called only when the client followed a redirect.
    static func checkOrigin(answered: URL?, requested: URL?, status: HTTPResponse.Status) throws {
        guard let final = answered, let asked = requested, origin(of: final) != origin(of: asked) else { return }
        throw SignetError(.redirected(status, location: SignetError.pathWithoutQuery(final.absoluteString)), status: status)
    }

    private static func origin(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }

    /// `headers` as swift-http-types fields; a name that is not a valid field name is dropped.
    static func fields(_ headers: HTTPHeaders) -> HTTPFields {
        var fields = HTTPFields()
        fields.reserveCapacity(headers.count)
        for header in headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        return fields
    }
}
