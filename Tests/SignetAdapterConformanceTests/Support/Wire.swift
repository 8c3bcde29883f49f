import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import SignetGameSystem
import SignetServer

/// A request as the table writes it: exact header fields, and a body sent with its length or chunked.
struct WireRequest: Sendable {
    var method: String
    var path = ConformanceSetup.echoPath
    var headers: [(name: String, value: String)]
    var body: [UInt8] = []
    /// Sends the body in three chunks with no `Content-Length`.
    var chunked = false

    /// A request signed at ``ConformanceSetup/now`` (or at `date`) by `key` with `secret` (its demo secret by default), to
    /// the echo route with `query` when given.
    static func signed(
        _ method: String, body: [UInt8] = [], key: String = DemoCredentials.clientKey, secret: String? = nil,
        date: Date = ConformanceSetup.now, query: String? = nil, extra: [(name: String, value: String)] = []
    ) throws -> WireRequest {
        let secret = secret ?? (key == DemoCredentials.adminKey ? DemoCredentials.adminSecret : DemoCredentials.clientSecret)
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: key, secret: secret))
        guard let typed = HTTPRequest.Method(method) else { throw HarnessFailure("not an HTTP method: \(method)") }
        let target = query.map { ConformanceSetup.echoPath + "?" + $0 } ?? ConformanceSetup.echoPath
        let signature = try signer.sign(method: typed, target: target, body: body, date: date)
        let headers = signature.headerFields.map { (name: $0.name.rawName, value: $0.value) }
        return WireRequest(method: method, path: target, headers: headers + extra, body: body)
    }

    /// This request with `name` set to `value` (added when absent), or removed when `value` is `nil`.
    func setting(_ name: String, _ value: String?) -> WireRequest {
        var copy = self
        copy.headers.removeAll { $0.name.lowercased() == name.lowercased() }
        if let value { copy.headers.append((name, value)) }
        return copy
    }
}

/// What a server answered.
struct WireAnswer: Sendable {
    let status: Int
    let headers: HTTPHeaders
    let body: [UInt8]
}

enum Wire {
    /// Sends `request` to `baseURL` over a real socket and reads the whole answer (30 s at most).
    static func send(_ request: WireRequest, to baseURL: URL) async throws -> WireAnswer {
        var outgoing = HTTPClientRequest(url: baseURL.absoluteString + request.path)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if request.chunked {
            let (chunks, continuation) = AsyncStream<ByteBuffer>.makeStream()
            let third = max(1, request.body.count / 3)
            for start in stride(from: 0, to: request.body.count, by: third) {
                continuation.yield(ByteBuffer(bytes: request.body[start..<min(start + third, request.body.count)]))
            }
            continuation.finish()
            outgoing.body = .stream(chunks, length: .unknown)
        } else if !request.body.isEmpty || request.method != "GET" {
            outgoing.body = .bytes(request.body)
        }
        let response = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        return WireAnswer(status: Int(response.status.code), headers: response.headers, body: Array(body.readableBytesView))
    }
}
