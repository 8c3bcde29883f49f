import Foundation
import HTTPTypes
import Signet
import SignetServer
import Synchronization
import Testing
import SignetTestSupport
import SignetTransportTestSupport

/// Changes the body after signing, as a proxy that tampers with requests would.
struct TamperingMiddleware: SignetMiddleware {
    func intercept(
        _ request: HTTPRequest, body: Body, context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        try await next(request, Body(#"{"player": "ann", "external_event_id": "Magic", "extra": 1}"#), context)
    }
}

/// Keeps the last request it passed on, as an eavesdropper would.
final class CapturingMiddleware: SignetMiddleware {
    private let captured = Mutex<HTTPRequest?>(nil)
    var last: HTTPRequest? { captured.withLock { $0 } }

    func intercept(
        _ request: HTTPRequest, body: Body, context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        captured.withLock { $0 = request }
        return try await next(request, body, context)
    }
}

@Suite("Signature verification on the reference server")
struct VerificationTests {
    /// A client that only signs (no retry, no clock-skew correction), with `clock` as its clock.
    func bareSignedClient(
        _ server: ReferenceServer, _ transport: TransportKind, key: DemoKey = .client, secret: String? = nil,
        clock: @escaping @Sendable () -> Date, after: [any SignetMiddleware] = []
    ) throws -> SignetClient {
        SignetClient(baseURL: server.baseURL, transport: transport.make(),
               middleware: [SigningMiddleware(signer: try key.signer(secret: secret))] + after,
               logger: .quiet, clock: clock)
    }

    func unauthorizedMessage(_ client: SignetClient, _ request: HTTPRequest, body: Body = .empty) async throws -> String? {
        let (status, _, bytes) = try await exchange(client, request, body: body)
        #expect(status == 401)
        return try JSONDecoder().decode(ErrorBodyJSON.self, from: Data(bytes)).error_message
    }

    @Test("a wrong secret is refused as bad-signature", arguments: TransportKind.allCases)
    func wrongSecret(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let client = try bareSignedClient(server, transport, secret: "not-the-secret", clock: clock.reading())
            let message = try await unauthorizedMessage(client, request(.get, GameSystemCalls.playerPath))
            #expect(message?.hasPrefix("bad-signature: ") == true)
        }
    }

    @Test("a client key on an admin route is refused as wrong-key-type", arguments: TransportKind.allCases)
    func clientKeyOnAdminRoute(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let client = try bareSignedClient(server, transport, key: .client, clock: clock.reading())
            let message = try await unauthorizedMessage(
                client, request(.post, GameSystemCalls.eventsPath),
                body: Body(#"{"player": "ann", "external_event_id": "Magic"}"#))
            #expect(message?.hasPrefix("wrong-key-type: ") == true)
            // And the admin key may not read a player.
            let admin = try bareSignedClient(server, transport, key: .admin, clock: clock.reading())
            let reverse = try await unauthorizedMessage(admin, request(.get, GameSystemCalls.playerPath))
            #expect(reverse?.hasPrefix("wrong-key-type: ") == true)
        }
    }

    @Test("a client clock 5 minutes off, without skew correction, is date-outside-window", arguments: TransportKind.allCases)
    func staleDate(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let client = try bareSignedClient(server, transport, clock: clock.reading(offsetBy: -300))
            let (status, fields, bytes) = try await exchange(client, request(.get, GameSystemCalls.playerPath))
            #expect(status == 401)
            #expect(String(decoding: bytes, as: UTF8.self).contains("date-outside-window: "))
            // The 401 carries the server's time, so a client can correct its clock.
            #expect(fields[.date] == "Fri, 15 Jan 2027 08:00:00 GMT")
        }
    }

    @Test("a body changed after signing is content-md5-mismatch", arguments: TransportKind.allCases)
    func tamperedBody(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let client = try bareSignedClient(server, transport, key: .admin, clock: clock.reading(),
                                              after: [TamperingMiddleware()])
            let message = try await unauthorizedMessage(
                client, request(.post, GameSystemCalls.eventsPath),
                body: Body(#"{"player": "ann", "external_event_id": "Magic"}"#))
            #expect(message?.hasPrefix("content-md5-mismatch: ") == true)
        }
    }

    @Test("an exact replay within the window is replayed-request", arguments: TransportKind.allCases)
    func replay(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let capture = CapturingMiddleware()
            let client = try bareSignedClient(server, transport, key: .admin, clock: clock.reading(), after: [capture])
            let body = Body(#"{"player": "ann", "external_event_id": "Magic"}"#)
            let (status, _, _) = try await exchange(client, request(.post, GameSystemCalls.eventsPath), body: body)
            #expect(status == 200)
            let signed = try #require(capture.last)
            clock.advance(by: 5)  // still inside the 20 s window
            let (response, responseBody) = try await transport.make().send(signed, body: body, baseURL: server.baseURL)
            #expect(response.status.code == 401)
            let text = String(decoding: try await responseBody.collect(upTo: 4096), as: UTF8.self)
            #expect(text.contains("replayed-request: "))
            // The replay awarded nothing.
            clock.advance(by: 1)
            let player = try await GameSystemCalls(server, transport, clock: clock).player()
            #expect(player.points == 10)
        }
    }

    @Test("two identical reads in the same second both succeed: replay refusal covers state-changing methods only",
          arguments: TransportKind.allCases)
    func identicalReadsAreNotReplays(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let calls = try GameSystemCalls(server, transport, clock: clock)
            let first = try await calls.player()
            let second = try await calls.player()  // same second, same signature
            #expect(first.points == second.points)
        }
    }

    @Test("a missing signature is missing-header", arguments: TransportKind.allCases)
    func unsigned(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            let message = try await unauthorizedMessage(unsignedClient(server, transport), request(.get, GameSystemCalls.playerPath))
            #expect(message?.hasPrefix("missing-header: ") == true)
        }
    }

    @Test("the clock-skew middleware lets a client 5 minutes off succeed", arguments: TransportKind.allCases)
    func clockSkewCorrected(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let offsets = ClockOffsetStore()
            let client = try signedClient(server, transport, clock: clock.reading(offsetBy: -300), clockOffsets: offsets)
            let player = try await client.send(request(.get, GameSystemCalls.playerPath),
                                               context: client.makeContext(operation: "getPlayer"), decoding: PlayerJSON.self)
            #expect(player.ext_id == "ann")
            let learned = try #require(offsets.offset(forHost: "127.0.0.1:\(server.port)"))
            #expect(abs(learned - 300) < 1.5)
        }
    }
}

extension VerificationTests {
    @Test("a target with escapes in either case is signed as sent and verified; the server decodes the path's names",
          arguments: TransportKind.allCases)
    func escapedTargetVerifies(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let client = try bareSignedClient(server, transport, clock: clock.reading())
            // "ac%6De" and "an%6E" are "acme" and "ann" with a letter escaped (lowercase and uppercase hex).
            for path in ["/ac%6De/client/players/an%6E?note=caf%C3%A9%20%2f", "/acme/client/players/ann?x=%2F%2f"] {
                let (status, _, bytes) = try await exchange(client, request(.get, path))
                let player = try? JSONDecoder().decode(PlayerJSON.self, from: Data(bytes))
                #expect(status == 200 && player?.ext_id == "ann", "\(path): \(status) \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
