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
/// ``maxStreamedRequestBytes``). The response body is collected as it arrives: the chunk that takes it past
/// ``maxResponseBytes`` fails the call at once with ``SignetError/Kind/bodyTooLarge(limit:actual:)``, without
/// waiting for the rest. That needs the session's delegate, so it holds for sessions made by
/// ``makeDefaultSession()``; with a session of your own (its own delegate), the body is received whole and
/// the limit checked after.
/// Redirects are not followed by the default session: a 3xx reaches the caller as
/// ``SignetError/Kind/redirected(_:location:)``; with a session of your own that follows them, an answer from
/// another origin than the request's fails the same way.
/// `URLError`s map to ``SignetError``: `.timedOut` to a timeout, `.cancelled` to cancellation, the rest to
/// a transport failure.
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
        return URLSession(configuration: configuration, delegate: URLSessionExchanges(), delegateQueue: nil)
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
        let (bytes, urlResponse): ([UInt8], URLResponse)
        do {
            (bytes, urlResponse) = try await exchange(urlRequest, body: body, method: request.method)
        } catch let tooLarge as URLSessionExchanges.ResponseTooLarge {
            throw SignetError(.bodyTooLarge(limit: tooLarge.limit, actual: tooLarge.actual),
                              method: request.method, path: request.path)
        }
        guard let httpURLResponse = urlResponse as? HTTPURLResponse,
              let response = httpURLResponse.httpResponse
        else {
            throw SignetError(.invalidResponse(reason: "not an HTTP response"), method: request.method, path: request.path)
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

    private func exchange(_ urlRequest: URLRequest, body: Body, method: HTTPRequest.Method) async throws -> ([UInt8], URLResponse) {
        do {
            if let exchanges = session.delegate as? URLSessionExchanges {
                return try await exchanges.run(try task(urlRequest, body: body, method: method), limit: maxResponseBytes)
            }
            // A session of the caller's own: URLSession collects the body, the limit is checked after.
            let (data, response): (Data, URLResponse)
            switch body.storage {
            case .bytes(let bytes) where bytes.isEmpty && (method == .get || method == .head):
                (data, response) = try await session.data(for: urlRequest)
            case .bytes(let bytes):
                (data, response) = try await session.upload(for: urlRequest, from: Data(bytes))
            case .file(let file):
                (data, response) = try await session.upload(for: urlRequest, fromFile: URL(fileURLWithPath: file.path))
            case .stream:
                let bytes = try await body.collect(upTo: maxStreamedRequestBytes)
                (data, response) = try await session.upload(for: urlRequest, from: Data(bytes))
            }
            return ([UInt8](data), response)
        } catch let error as URLError {
            throw map(error)
        }
    }

    /// The task for one exchange on a session whose delegate collects the body (not yet resumed).
    private func task(_ urlRequest: URLRequest, body: Body, method: HTTPRequest.Method) async throws -> URLSessionTask {
        switch body.storage {
        case .bytes(let bytes) where bytes.isEmpty && (method == .get || method == .head):
            return session.dataTask(with: urlRequest)
        case .bytes(let bytes):
            return session.uploadTask(with: urlRequest, from: Data(bytes))
        case .file(let file):
            return session.uploadTask(with: urlRequest, fromFile: URL(fileURLWithPath: file.path))
        case .stream:
            let bytes = try await body.collect(upTo: maxStreamedRequestBytes)
            return session.uploadTask(with: urlRequest, from: Data(bytes))
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
