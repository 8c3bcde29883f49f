import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import Logging
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetHummingbird
import Testing

/// `GameSystemAuthenticator` beside another authenticator, as its documentation shows it: a route that accepts
/// a GameSystem signature or a bearer token, over real loopback HTTP.
@Suite("GameSystemAuthenticator beside a bearer authenticator")
struct AuthenticatorTests {
    enum Caller: Sendable, CustomStringConvertible {
        case game(GameSystemIdentity), user(String)
        var description: String {
            switch self {
            case .game(let identity): "game \(identity.apiKey)"
            case .user(let name): "user \(name)"
            }
        }
    }

    typealias AppContext = BasicAuthRequestContext<Caller>

    /// Logs in `alice` for `Bearer good-token`; passes any other request on.
    struct BearerUsers: AuthenticatorMiddleware {
        typealias Context = AppContext
        func authenticate(request: Request, context: AppContext) async throws -> Caller? {
            request.headers.bearer?.token == "good-token" ? .user("alice") : nil
        }
    }

    /// `GET /api/me` and `POST /api/echo` behind both authenticators and `IsAuthenticatedMiddleware`: each
    /// answers the caller, the task-local identity, and (the POST) the body the route was handed.
    static func router() throws -> Router<AppContext> {
        let router = Router(context: AppContext.self)
        let api = router.group("api")
            .add(middleware: GameSystemAuthenticator(verification: GameSystemVerification(
                verifier: try MiddlewareTests.verifier(), options: .init(logger: MiddlewareTests.quiet))) {
                Caller.game($0)
            })
            .add(middleware: BearerUsers())
            .add(middleware: IsAuthenticatedMiddleware())
        api.get("me") { _, context in
            "\(try context.requireIdentity()) (task: \(GameSystemIdentity.current?.apiKey ?? "none"))"
        }
        api.post("echo") { request, context in
            let body = String(buffer: try await request.body.collect(upTo: 1024))
            return "\(try context.requireIdentity()) sent \(body)"
        }
        return router
    }

    static func text(_ body: Body) async throws -> String {
        String(decoding: try await body.collect(upTo: 4096), as: UTF8.self)
    }

    @Test("a signed GET and a signed POST get the GameSystem identity on the context, the POST its body too")
    func signed() async throws {
        try await MiddlewareTests.serve(try Self.router()) { url in
            let client = try MiddlewareTests.client(url)
            let (got, me) = try await client.send(HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/api/me"), operation: "me")
            #expect(got.status == .ok)
            #expect(try await Self.text(me) == "game app-client (task: app-client)")
            let post = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/api/echo")
            let (posted, echoed) = try await client.send(post, body: Body("{\"n\":1}"), operation: "echo")
            #expect(posted.status == .ok)
            #expect(try await Self.text(echoed) == "game app-client sent {\"n\":1}")
        }
    }

    @Test("a bearer token passes the GameSystem authenticator untouched; no credentials at all are refused after it")
    func bearerAndNone() async throws {
        try await MiddlewareTests.serve(try Self.router()) { url in
            let transport = SignetAsyncHTTPClientTransport()
            var bearer = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/api/me")
            bearer.headerFields[.authorization] = "Bearer good-token"
            let (user, me) = try await transport.send(bearer, body: .empty, baseURL: url)
            #expect(user.status == .ok)
            #expect(try await Self.text(me) == "user alice (task: none)")

            let (none, noneBody) = try await transport.send(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/api/me"), body: .empty, baseURL: url)
            #expect(none.status == .unauthorized)
            // IsAuthenticatedMiddleware's 401, not the pipeline's refusal: the request was not the authenticator's.
            #expect(!(try await Self.text(noneBody)).contains("error_message"))
        }
    }

    @Test("a signature that fails is answered with the pipeline's refusal: it never falls through to the bearer")
    func refusedSignature() async throws {
        try await MiddlewareTests.serve(try Self.router()) { url in
            // Signed with the wrong secret for a known key, on the at-once path (GET) and the body path (POST).
            let wrong = try MiddlewareTests.client(url, key: "app-client", secret: "not-the-secret")
            let (got, gotBody) = try await wrong.send(HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/api/me"), operation: "me")
            #expect(got.status == .unauthorized)
            let refusal = try JSONDecoder().decode(MiddlewareTests.ErrorBody.self, from: Data(try await gotBody.collect(upTo: 4096)))
            #expect(refusal.error_message.hasPrefix("bad-signature: "))
            #expect(got.headerFields[values: .date].count == 1)

            let post = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/api/echo")
            let (posted, postedBody) = try await wrong.send(post, body: Body("{}"), operation: "echo")
            #expect(posted.status == .unauthorized)
            let postRefusal = try JSONDecoder().decode(MiddlewareTests.ErrorBody.self, from: Data(try await postedBody.collect(upTo: 4096)))
            #expect(postRefusal.error_message.hasPrefix("bad-signature: "))
        }
    }
}
