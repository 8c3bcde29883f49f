import Foundation
import HTTPTypes
import Hummingbird
import Signet
import SignetGameSystem
import Synchronization
import Testing
import SignetTransportTestSupport

/// Regression tests for the hostile pass: a 302 on a signed POST was re-sent as a GET to another origin
/// and that origin's answer printed as the result; a body dripping one byte every 2 s was never timed out.
@Suite("Redirects and dripping bodies")
struct RedirectAndDripTests {
    private func signedClient(_ baseURL: URL, _ transport: TransportKind, timeout: Duration = .seconds(10)) throws -> SignetClient {
        SignetClient(baseURL: baseURL, transport: transport.make(),
               middleware: SignetClient.defaultMiddleware(
                   signer: try DemoKey.admin.signer(), clockOffsets: ClockOffsetStore(), retry: .fast, timeout: timeout),
               logger: .quiet)
    }

    @Test("a signed POST answered 302 to another origin is not followed, not retried, and names the Location",
          arguments: TransportKind.allCases)
    func crossOriginRedirect(transport: TransportKind) async throws {
        let elsewhere = try await HostilePeer.start { router in
            router.get("landing") { _, _ in "you should not be here" }
            router.post("landing") { _, _ in "you should not be here" }
        }
        let landing = elsewhere.baseURL.appendingPathComponent("landing").absoluteString
        let peer = try await HostilePeer.start { router in
            router.post("events") { _, _ in
                Response(status: .found, headers: [.location: landing + "?token=kept-out"])
            }
        }
        let client = try signedClient(peer.baseURL, transport)
        var post = request(.post, "/events")
        post.headerFields[field("Idempotency-Key")] = "k1"
        let error = await signetError {
            _ = try await client.send(post, body: Body(#"{"external_event_id": "Magic"}"#), context: client.makeContext(operation: "postEvent"),
                                      decoding: [String: String].self)
        }
        let found = try #require(error)
        guard case .redirected(let status, let location) = found.kind else {
            Issue.record("expected .redirected, got \(found)")
            return
        }
        #expect(status.code == 302)
        #expect(location == landing)
        #expect(found.description.contains(landing))
        #expect(!found.description.contains("kept-out"))
        #expect(peer.hits.count("/events") == 1, "a redirect is not transient: no retry")
        #expect(elsewhere.hits.count("/landing") == 0, "the signed request must never reach the other origin")
        await peer.stop()
        await elsewhere.stop()
    }

    @Test("a same-origin 307 is surfaced too, not re-sent", arguments: TransportKind.allCases)
    func sameOriginRedirect(transport: TransportKind) async throws {
        let peer = try await HostilePeer.start { router in
            router.get("old") { _, _ in Response(status: .temporaryRedirect, headers: [.location: "/new"]) }
            router.get("new") { _, _ in "moved" }
        }
        let client = try signedClient(peer.baseURL, transport)
        let error = await signetError {
            _ = try await client.send(request(.get, "/old"), context: client.makeContext(operation: "get"), decoding: String.self)
        }
        guard case .redirected(let status, let location)? = error?.kind else {
            Issue.record("expected .redirected, got \(String(describing: error))")
            return
        }
        #expect(status.code == 307)
        #expect(location == "/new")
        #expect(peer.hits.count("/old") == 1)
        #expect(peer.hits.count("/new") == 0)
        await peer.stop()
    }

    /// The body drips faster than the deadline (a byte every 250 ms, 16 s in all), so no wait between two bytes
    /// reaches 1 s: only a deadline on the whole exchange ends it early. That is asserted as what happened (a
    /// timeout while the peer was still dripping), not as a wall-clock bound, which measured how long the test's
    /// task waited for one of two threads at the suite's busy start (a 1 s deadline was seen to end at 11 s).
    @Test("headers followed by a body dripping one byte every 250 ms end in a timeout at the deadline, mid-body",
          arguments: TransportKind.allCases)
    func drippingBody(transport: TransportKind) async throws {
        let dripped = Atomic<Int>(0)
        let peer = try await HostilePeer.start { router in
            router.get("drip") { _, _ in
                Response(status: .ok, headers: [.contentType: "application/json", .contentLength: "64"],
                         body: ResponseBody { writer in
                             for _ in 0..<64 {
                                 try await writer.write(ByteBuffer(string: " "))
                                 dripped.add(1, ordering: .relaxed)
                                 try await Task.sleep(for: .milliseconds(250))
                             }
                             try await writer.finish(nil)
                         })
            }
        }
        let client = SignetClient(baseURL: peer.baseURL, transport: transport.make(),
                            middleware: SignetClient.defaultMiddleware(retry: .none, timeout: .seconds(1)), logger: .quiet)
        let error = await signetError {
            _ = try await client.send(request(.get, "/drip"), context: client.makeContext(operation: "drip"))
        }
        let sent = dripped.load(ordering: .relaxed)
        #expect(error?.isTimeout == true, "got \(String(describing: error))")
        #expect(error?.description.contains("timed out after 1 s") == true)
        #expect(sent < 64, "the call ended after the whole body (\(sent) bytes), not at its deadline")
        await peer.stop()
    }
}
