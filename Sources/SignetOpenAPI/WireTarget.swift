import Foundation
import HTTPTypes

/// Where an OpenAPI request really goes: swift-openapi-runtime hands middleware a request whose path is
/// relative to the server URL, and its transports send to the server URL's path followed by the request's
/// path, both as written (`percentEncodedPath` + `percentEncodedPath`, no slash added or removed).
///
/// Signing must cover that wire path, and clock-skew correction keys its offsets by the host, so Signet's
/// chain is given the request made absolute the same way; the OpenAPI pipeline gets it back relative.
struct WireTarget: Sendable {
    /// The server URL's scheme, `nil` when it has none.
    let scheme: String?
    /// `host[:port]` of the server URL, `nil` when it has no host.
    let authority: String?
    /// The server URL's path exactly as an OpenAPI transport prefixes it (`""` for none).
    let basePath: String

    init(baseURL: URL) {
        let components = URLComponents(string: baseURL.absoluteString)
        scheme = components?.scheme
        if let host = components?.percentEncodedHost, !host.isEmpty {
            let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            authority = components?.port.map { "\(bracketed):\($0)" } ?? bracketed
        } else {
            authority = nil
        }
        basePath = components?.percentEncodedPath ?? ""
    }

    /// `request` as it goes on the wire: absolute, with the server URL's path in front of its own. Without a
    /// usable server URL the scheme and authority stay empty, and `SignetClient` refuses the request, naming it.
    func wireRequest(for request: HTTPRequest) -> HTTPRequest {
        var wire = request
        wire.scheme = scheme
        wire.authority = authority
        wire.path = basePath + (request.path ?? "")
        if scheme == nil || authority == nil {
            wire.scheme = nil
            wire.authority = nil
        }
        return wire
    }

    /// `signed` handed back to the OpenAPI pipeline: its headers and method as Signet's chain left them, its
    /// scheme and authority as the pipeline gave them, and its path relative to the server URL again.
    func openAPIRequest(from signed: HTTPRequest, original: HTTPRequest) -> HTTPRequest {
        var request = signed
        request.scheme = original.scheme
        request.authority = original.authority
        if let path = signed.path, path.hasPrefix(basePath) {
            request.path = String(path.dropFirst(basePath.count))
        }
        if original.path == nil, request.path == "" { request.path = nil }
        return request
    }
}
