import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HTTPTypesFoundation

/// A ``Transport`` over Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// In-memory bodies are sent with `upload(for:from:)`, file bodies with `upload(for:fromFile:)` — URLSession
/// streams the file from disk — and one-shot stream bodies are first collected (up to
/// ``maxStreamedRequestBytes``). The response body is collected up to ``maxResponseBytes``: with the default
/// session the task is cancelled as soon as the body passes the limit (or when `Content-Length` announces
/// more), failing with ``SignetError/Kind/bodyTooLarge(limit:actual:)``; with a session of your own URLSession
/// receives the whole body first, and only then is it refused.
/// Redirects are not followed by the default session: a 3xx reaches the caller as
/// ``SignetError/Kind/redirected(_:location:)``; with a session of your own that follows them, an answer from
/// another origin than the request's fails the same way.
/// `URLError`s map to ``SignetError``: `.timedOut` to a timeout, `.cancelled` to cancellation, the rest to
/// a transport failure.
///
/// - Warning: On Linux, FoundationNetworking (Swift 6.3) stops the process when a chunked response carries
///   trailer fields (legal HTTP/1.1) or a server closes the connection after its status line; no code of
///   this transport runs in between. Use `AsyncHTTPClientTransport` or `NIOTransport` for servers you do
///   not control there.
public struct URLSessionTransport: Transport {
    /// The session requests are sent through.
    public let session: URLSession
    /// The largest response body accepted.
    public let maxResponseBytes: Int
    /// The largest one-shot stream request body accepted (it is collected before sending).
    public let maxStreamedRequestBytes: Int

    /// Creates a transport over `session` (by default an ephemeral session without cache or cookies).
    public init(
        session: URLSession = URLSessionTransport.makeDefaultSession(),
        maxResponseBytes: Int = Client.defaultMaxResponseBytes,
        maxStreamedRequestBytes: Int = 16 * 1024 * 1024
    ) {
        self.session = session
        self.maxResponseBytes = maxResponseBytes
        self.maxStreamedRequestBytes = maxStreamedRequestBytes
    }

    /// An ephemeral session that neither caches responses, stores cookies nor follows redirects: an API
    /// client must see every answer of the server, credentials belong in signed headers, and a signed
    /// request must not be re-sent to wherever a `Location` points.
    public static func makeDefaultSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: URLSessionResponseLimit(), delegateQueue: nil)
    }

    /// Sends `request` with `body`; relative requests are resolved against `baseURL`.
    public func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
        let absolute = try absoluteRequest(request, baseURL: baseURL)
        guard var urlRequest = URLRequest(httpRequest: absolute) else {
            throw SignetError(.invalidRequest(reason: "no URL can be formed from the request"),
                              method: request.method, path: request.path)
        }
        if let length = body.length, length > 0 || request.method != .get && request.method != .head {
            urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
        }
        let (bytes, urlResponse) = try await exchange(urlRequest, body: body, method: request.method)
        guard let httpURLResponse = urlResponse as? HTTPURLResponse,
              let response = httpURLResponse.httpResponse
        else {
            throw SignetError(.invalidResponse(reason: "not an HTTP response"), method: request.method, path: request.path)
        }
        if let framing = ConflictingContentLength(response.headerFields) {
            // libcurl reads such a body by one of the values; RFC 9112 §6.3 says to discard the response.
            throw SignetError(.transport(underlying: framing), method: request.method, path: request.path, status: response.status)
        }
        if let answered = httpURLResponse.url, let asked = urlRequest.url, Self.origin(answered) != Self.origin(asked) {
            // Only a session that follows redirects gets here (the default one refuses them).
            throw SignetError(.redirected(response.status, location: SignetError.pathWithoutQuery(answered.absoluteString)),
                              method: request.method, path: request.path, status: response.status)
        }
        guard bytes.count <= maxResponseBytes else {
            throw SignetError(.bodyTooLarge(limit: maxResponseBytes, actual: bytes.count),
                              method: request.method, path: request.path, status: response.status)
        }
        return (response, Body(bytes))
    }

    /// The response body and head: collected by the default session's delegate, or (a session of the
    /// caller's) received whole by URLSession and then copied.
    private func exchange(_ urlRequest: URLRequest, body: Body, method: HTTPRequest.Method) async throws -> ([UInt8], URLResponse) {
        do {
            if let limit = session.delegate as? URLSessionResponseLimit {
                // The default session: the body is counted as it arrives.
                let task: URLSessionTask = switch body.storage {
                case .bytes(let bytes) where bytes.isEmpty && (method == .get || method == .head): session.dataTask(with: urlRequest)
                case .bytes(let bytes): session.uploadTask(with: urlRequest, from: Data(bytes))
                case .file(let file): session.uploadTask(with: urlRequest, fromFile: URL(fileURLWithPath: file.path))
                case .stream: session.uploadTask(with: urlRequest, from: Data(try await body.collect(upTo: maxStreamedRequestBytes)))
                }
                return try await limit.run(task, limit: maxResponseBytes)
            }
            let (data, response) = switch body.storage {
            case .bytes(let bytes) where bytes.isEmpty && (method == .get || method == .head):
                try await session.data(for: urlRequest)
            case .bytes(let bytes):
                try await session.upload(for: urlRequest, from: Data(bytes))
            case .file(let file):
                try await session.upload(for: urlRequest, fromFile: URL(fileURLWithPath: file.path))
            case .stream:
                try await session.upload(for: urlRequest, from: Data(try await body.collect(upTo: maxStreamedRequestBytes)))
            }
            return ([UInt8](data), response)
        } catch let error as URLError {
            throw map(error)
        }
    }

    private func map(_ error: URLError) -> SignetError {
        switch error.code {
        case .timedOut:
            return SignetError(.timeout(after: .seconds(session.configuration.timeoutIntervalForRequest)))
        case .cancelled:
            return SignetError(.cancelled)
        default:
            return SignetError(.transport(underlying: error))
        }
    }

    private static func origin(_ url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }

    private func absoluteRequest(_ request: HTTPRequest, baseURL: URL) throws -> HTTPRequest {
        if request.scheme != nil, request.authority != nil { return request }
        guard let base = BaseURLParts(baseURL) else {
            throw SignetError(.invalidRequest(reason: "base URL \(baseURL.absoluteString) has no scheme or host"),
                              method: request.method, path: request.path)
        }
        return base.resolve(request)
    }
}

/// A response whose `Content-Length` values disagree, or are not one decimal number: its body's end cannot
/// be trusted, and RFC 9112 §6.3 has the client discard it. FoundationNetworking's libcurl picks one of the
/// values and reads on; AsyncHTTPClient and NIOTransport refuse such a head in their parser.
struct ConflictingContentLength: Error, CustomStringConvertible {
    /// The values as received, in order.
    let values: [String]

    /// Nil when `fields` has no `Content-Length`, or only copies of one valid value.
    init?(_ fields: HTTPFields) {
        let values = fields[values: .contentLength]
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { String($0.trimmingCharacters(in: .whitespaces)) }
        guard let first = values.first else { return nil }
        let isNumber = !first.isEmpty && first.utf8.allSatisfy { (0x30...0x39).contains($0) }
        if isNumber, values.allSatisfy({ $0 == first }) { return nil }
        self.values = values
    }

    var description: String {
        "the response's Content-Length is not one number (\(values.joined(separator: ", "))): where its body ends cannot be trusted"
    }
}
