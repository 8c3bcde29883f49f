import HTTPTypes
import Hummingbird
import NIOCore

/// The one place the playground decides whether a request may reach a route at all; it runs in front of
/// every route and of the trivia socket's upgrade. The playground holds the credentials and signs for its
/// pages, so it must not sign for any other page the browser has open:
/// - the `Host` must be the address it printed (`127.0.0.1:PORT`) or `localhost:PORT`, else 421: a site that
///   points its own name at 127.0.0.1 (DNS rebinding) could otherwise read every answer;
/// - a request that may change something (every method but GET and HEAD) must come from the playground's own
///   page: a same-origin `Origin` (with none, `Sec-Fetch-Site: same-origin`) and the process's ``FormToken``
///   in its form, else 403 — a plain HTML form on another site needs no CORS to post here;
/// - a WebSocket upgrade must carry a same-origin `Origin`, as browsers always send one on a socket
///   (Hummingbird answers a declined upgrade itself, with a bare 400, not with this guard's page).
/// A refused request reaches no handler: nothing is signed and nothing is sent upstream.
struct PlaygroundRequestGuard: RouterMiddleware {
    typealias Context = PlaygroundRoutes.Context

    let address: PlaygroundAddress
    let token: FormToken
    let recorder: ResponseRecorder?

    private static let fetchSite = HTTPField.Name("Sec-Fetch-Site")
    /// swift-http-types hides `.host` (it is the authority); a second Host header is still a field by this name.
    private static let host = HTTPField.Name("Host")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        // A second Host header stays in the fields (the first became the authority): ambiguous, so refused.
        let moreHosts = Self.host.map { request.headers[values: $0] } ?? []
        guard let authority = request.head.authority, moreHosts.isEmpty, address.isOwnHost(authority) else {
            return refuse(.foreignHost(moreHosts.isEmpty ? request.head.authority : nil))
        }
        let changesState = request.method != .get && request.method != .head
        if changesState || request.headers[.upgrade] != nil,
           let refusal = Self.originRefusal(request.headers, authority: authority) {
            return refuse(refusal)
        }
        if changesState {
            let body: ByteBuffer
            do {
                // Kept in the request (collectBody), so the route reads the same form again.
                body = try await request.collectBody(upTo: PlaygroundRoutes.maxFormBytes)
            } catch is NIOTooManyBytesError {
                return refuse(.formTooLarge)
            } catch {
                return refuse(.unreadableForm)
            }
            guard token.matches(FormFields(String(buffer: body))[FormToken.fieldName]) else {
                return refuse(.missingToken)
            }
        }
        return try await next(request, context)
    }

    /// Nil when the headers show the request came from a page the playground served under `authority`.
    static func originRefusal(_ headers: HTTPFields, authority: String) -> PlaygroundRefusal? {
        let origins = headers[values: .origin]
        if origins.count > 1 { return .crossOrigin(origins.joined(separator: ", ")) }
        if let origin = origins.first {
            if PlaygroundAddress.isSameOrigin(origin, authority: authority) { return nil }
            return origin == "null" ? .opaqueOrigin : .crossOrigin(origin)
        }
        let sites = fetchSite.map { headers[values: $0] } ?? []
        return sites == ["same-origin"] ? nil : .unknownOrigin(fetchSite: sites.isEmpty ? nil : sites.joined(separator: ", "))
    }

    private func refuse(_ refusal: PlaygroundRefusal) -> Response {
        let problem = PlaygroundProblem(kind: .forbidden, message: refusal.message(hosts: address.hosts))
        var page = PlaygroundPage(title: "Refused", section: nil, problem: problem, status: refusal.status)
        page.body = "<p><a href=\"/\">The playground's start page</a></p>"
        return page.response(recorder: recorder)
    }
}
