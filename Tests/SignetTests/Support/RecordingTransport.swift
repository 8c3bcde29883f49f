import Foundation
import HTTPTypes
import Signet
import Synchronization

/// An in-process transport that records what reaches it and answers from a script.
///
/// A fake is right for these unit tests: they check the chain's own logic (order, retry rules, clock
/// skew). The integration suite against the real reference server arrives with the server.
final class RecordingTransport: Transport {
    /// One scripted answer.
    enum Answer: Sendable {
        case response(HTTPResponse, String)
        case failure(SignetError)
    }

    /// What one call to `send` saw.
    struct Sent: Sendable {
        let request: HTTPRequest
        let body: [UInt8]
    }

    private let state: Mutex<(script: [Answer], sent: [Sent])>
    private let fallback: Answer

    init(_ script: [Answer] = [], fallback: Answer = .response(HTTPResponse(status: .ok), "")) {
        self.state = Mutex((script, []))
        self.fallback = fallback
    }

    var sent: [Sent] { state.withLock { $0.sent } }

    func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
        let bytes = try await body.collect(upTo: 1 << 20)
        let answer = state.withLock { state -> Answer in
            state.sent.append(Sent(request: request, body: bytes))
            return state.script.isEmpty ? fallback : state.script.removeFirst()
        }
        switch answer {
        case .response(let response, let text): return (response, Body(text))
        case .failure(let error): throw error
        }
    }
}

extension HTTPResponse {
    /// A response with `status` and the given header fields (name, value).
    static func make(_ status: HTTPResponse.Status, _ fields: [(String, String)] = []) -> HTTPResponse {
        var response = HTTPResponse(status: status)
        for (name, value) in fields {
            if let fieldName = HTTPField.Name(name) { response.headerFields.append(HTTPField(name: fieldName, value: value)) }
        }
        return response
    }
}

extension HTTPRequest {
    /// A relative request, as service clients build them.
    static func make(_ method: HTTPRequest.Method, _ path: String, _ fields: [(String, String)] = []) -> HTTPRequest {
        var request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path)
        for (name, value) in fields {
            if let fieldName = HTTPField.Name(name) { request.headerFields.append(HTTPField(name: fieldName, value: value)) }
        }
        return request
    }

    /// The value of the header `name`, if present.
    func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headerFields[$0] }
    }
}

let testBaseURL = URL(string: "https://api.example.test/v1") ?? URL(fileURLWithPath: "/")
