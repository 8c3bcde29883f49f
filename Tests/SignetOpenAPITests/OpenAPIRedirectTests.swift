import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Signet
import SignetOpenAPI
import SignetOpenAPIAsyncHTTPClient
import SignetTestSupport
import Testing

/// The README's OpenAPI setup against a server that redirects everything to another origin (a second
/// listener on 127.0.0.2). A `ClientMiddleware` sees only the final answer, so the transport must not follow:
/// the README's `SignetOpenAPITransport.asyncHTTPClient()` does not, and the middleware turns the 3xx into
/// `SignetError` `redirected`. The transport swift-openapi-async-http-client makes by default does follow,
/// which is why the README does not use it (the last test shows it, so the warning stays true).
@Suite("SignetOpenAPI and redirects")
struct OpenAPIRedirectTests {
    /// A peer on 127.0.0.1 answering every request `302 Location: <elsewhere>/steal`, and the elsewhere.
    final class RedirectPair: Sendable {
        let elsewhere: HostileSocketServer
        let redirecting: HostileSocketServer
        let location: String

        init() throws {
            let elsewhere = try HostileSocketServer(host: "127.0.0.2") { connection in
                _ = connection.readHead()
                connection.send(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8))
            }
            let location = "http://127.0.0.2:\(elsewhere.port)/steal"
            self.elsewhere = elsewhere
            self.location = location
            redirecting = try HostileSocketServer { connection in
                guard connection.readHead() != nil else { return }
                connection.send(Array("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            }
        }

        deinit {
            redirecting.stop()
            elsewhere.stop()
        }
    }

    private func middleware() throws -> SignetOpenAPIMiddleware {
        SignetOpenAPIMiddleware(signer: try DemoKey.admin.signer(), retry: RetryMiddleware(maxAttempts: 3, sleep: { _ in }),
                                logger: .quiet)
    }

    @Test("the README's transport: a GET and a keyed POST answered 302 fail as redirected, naming the Location; nothing reaches the other origin")
    func readmeSetupRefuses() async throws {
        let pair = try RedirectPair()
        let client = HandMadeClient(serverURL: try pair.redirecting.baseURL, middlewares: [try middleware()])
        for call in [{ try await client.player() }, { try await client.postEvent("Magic", idempotencyKey: "k-1") }] {
            do {
                let answer = try await call()
                Issue.record("a redirect reached the generated client as an answer: \(answer.status)")
            } catch {
                let signet = try #require((error as? ClientError)?.underlyingError as? SignetError, "\(error)")
                guard case .redirected(let status, let location) = signet.kind else {
                    Issue.record("expected redirected, got \(signet)")
                    continue
                }
                #expect(status.code == 302)
                #expect(location == pair.location)
                #expect(signet.description.contains(pair.location))
            }
        }
        #expect(pair.redirecting.connectionsAccepted == 2, "each call was sent once: a redirect is not retried")
        #expect(pair.elsewhere.connectionsAccepted == 0, "the signed requests must never reach the other origin")
    }

    @Test("a transport that follows redirects (swift-openapi-async-http-client's default) takes the signed request elsewhere")
    func followingTransportLeaks() async throws {
        let pair = try RedirectPair()
        let client = HandMadeClient(serverURL: try pair.redirecting.baseURL, transport: AsyncHTTPClientTransport(),
                                    middlewares: [try middleware()])
        let answer = try await client.player()
        // The middleware saw a 200 from the other origin and could not tell: only the transport can refuse.
        #expect(answer.status == 200)
        #expect(pair.elsewhere.connectionsAccepted == 1)
    }
}
