import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetServer
import Testing
import SignetTestSupport
import SignetTransportTestSupport

/// Regression tests for the hostile pass's replay findings: a captured POST replayed with another
/// spelling of `Authorization`, and replays or repeated idempotency keys after 10,000 other requests.
@Suite("Replay refusal under attack")
struct ReplayHardeningTests {
    private static let magic = #"{"player": "ann", "external_event_id": "Magic"}"#

    @Test("a captured POST replayed with spaces or tabs around the colon is refused every time", arguments: TransportKind.allCases)
    func respelledAuthorization(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let capture = CapturingMiddleware()
            let admin = SignetClient(baseURL: server.baseURL, transport: transport.make(),
                               middleware: [SigningMiddleware(signer: try DemoKey.admin.signer()), capture],
                               logger: .quiet, clock: clock.reading())
            let (status, _, _) = try await exchange(admin, request(.post, GameSystemCalls.eventsPath), body: Body(Self.magic))
            #expect(status == 200)
            let signed = try #require(capture.last)
            let authorization = try #require(signed.headerFields[.authorization])
            let colon = try #require(authorization.lastIndex(of: ":"))
            let key = authorization[..<colon], signature = authorization[authorization.index(after: colon)...]
            let spellings = ["\(key) : \(signature)", "\(key)  :\(signature)", "\(key):  \(signature)",
                             "\(key)\t:\(signature)", "\(key):\t\(signature)", "\(key) :\(signature)",
                             "\(key): \(signature)", "\(key)\t:\t\(signature)", "\(key):\(signature)"]
            clock.advance(by: 3)
            for spelling in spellings {
                var replay = signed
                replay.headerFields[.authorization] = spelling
                let (response, body) = try await transport.make().send(replay, body: Body(Self.magic), baseURL: server.baseURL)
                let text = String(decoding: try await body.collect(upTo: 4096), as: UTF8.self)
                #expect(response.status.code == 401, "\(spelling.debugDescription) was accepted")
                #expect(text.contains("replayed-request"), "\(spelling.debugDescription): \(text)")
            }
            let player = try await GameSystemCalls(server, transport, clock: clock).player()
            #expect(player.points == 10)
        }
    }

    @Test("after 10,000 other POSTs an exact replay is still refused and an Idempotency-Key is still answered, not applied")
    func replayAfterTenThousandOthers() async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let transport = SignetAsyncHTTPClientTransport()
            let capture = CapturingMiddleware()
            let admin = SignetClient(baseURL: server.baseURL, transport: transport,
                               middleware: [SigningMiddleware(signer: try DemoKey.admin.signer()), capture],
                               logger: .quiet, clock: clock.reading())
            var keyed = request(.post, GameSystemCalls.eventsPath)
            keyed.headerFields[field("Idempotency-Key")] = "the-first-key"
            let (status, _, firstBody) = try await exchange(admin, keyed, body: Body(Self.magic))
            #expect(status == 200)
            let captured = try #require(capture.last)

            // 10,000 other state-changing requests, every one distinct (the body's spacing differs, so its
            // MD5 and signature do) and each with a key of its own. An unknown event answers 404 quickly,
            // after verification and both stores have recorded it.
            let others = 10_000
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        for n in stride(from: worker, to: others, by: 8) {
                            var other = request(.post, GameSystemCalls.eventsPath)
                            other.headerFields[field("Idempotency-Key")] = "other-\(n)"
                            let body = #"{"player": "ann", "external_event_id": "Nothing"}"# + String(repeating: " ", count: n)
                            let (status, _, _) = try await exchange(admin, other, body: Body(body))
                            #expect(status == 404)
                        }
                    }
                }
                try await group.waitForAll()
            }

            clock.advance(by: 10)  // still inside the first request's 20 s window
            let (replayResponse, replayBody) = try await transport.send(captured, body: Body(Self.magic), baseURL: server.baseURL)
            #expect(replayResponse.status.code == 401)
            #expect(String(decoding: try await replayBody.collect(upTo: 4096), as: UTF8.self).contains("replayed-request"))

            // The same key, signed anew: answered from the record, not applied again.
            let (again, fields, againBody) = try await exchange(admin, keyed, body: Body(Self.magic))
            #expect(again == 200)
            #expect(fields[field("Idempotent-Replayed")] == "true")
            #expect(againBody == firstBody)
            let player = try await GameSystemCalls(server, .asyncHTTPClient, clock: clock).player()
            #expect(player.points == 10)
        }
    }
}

@Suite("Replay and idempotency stores at capacity")
struct StoreCapacityTests {
    @Test("a full replay store refuses new POSTs with 503 and Retry-After, and still refuses the replays it holds")
    func replayStoreFull() async throws {
        let clock = ManualClock()
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        configuration.clock = clock.reading()
        configuration.replayCapacity = 2
        configuration.replayQuotaPerKey = 2   // the whole store for the admin key: this test is about the store's bound
        let server = try await ReferenceServer.start(configuration)
        let capture = CapturingMiddleware()
        let admin = SignetClient(baseURL: server.baseURL, transport: SignetAsyncHTTPClientTransport(),
                           middleware: [SigningMiddleware(signer: try DemoKey.admin.signer()), capture],
                           logger: .quiet, clock: clock.reading())
        for spaces in 0..<2 {
            let body = #"{"player": "ann", "external_event_id": "Magic"}"# + String(repeating: " ", count: spaces)
            #expect(try await exchange(admin, request(.post, GameSystemCalls.eventsPath), body: Body(body)).status == 200)
        }
        let secondSigned = try #require(capture.last)
        let (status, fields, bytes) = try await exchange(
            admin, request(.post, GameSystemCalls.eventsPath), body: Body(#"{"player": "ann", "external_event_id": "Magic"}  "#))
        #expect(status == 503)
        #expect(fields[.retryAfter] == "21")
        #expect(String(decoding: bytes, as: UTF8.self).contains("replay store is full"))
        let (replay, _) = try await SignetAsyncHTTPClientTransport().send(
            secondSigned, body: Body(#"{"player": "ann", "external_event_id": "Magic"} "#), baseURL: server.baseURL)
        #expect(replay.status.code == 401)
        // Reads are not replay-checked, so they still work.
        clock.advance(by: 21)
        #expect(try await GameSystemCalls(server, .asyncHTTPClient, clock: clock).player().points == 20)
        await server.stop()
    }

    @Test("the event route counts an Idempotency-Key in bytes, as the verification core does: one character of 601 bytes is 400")
    func idempotencyKeyInBytes() async throws {
        let clock = ManualClock()
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        configuration.clock = clock.reading()
        let server = try await ReferenceServer.start(configuration)
        let calls = try GameSystemCalls(server, .asyncHTTPClient, clock: clock, retry: .none)
        // "a" and 300 combining acute accents: one Character, 601 bytes.
        let long = "a" + String(repeating: "\u{301}", count: 300)
        #expect(long.count == 1 && long.utf8.count == 601)
        let error = await signetError { _ = try await calls.post(event: "Magic", idempotencyKey: long) }
        #expect(error?.status?.code == 400)
        #expect("\(error.map { String(describing: $0) } ?? "")".contains("Idempotency-Key must be 1 to 255 bytes, not 601"), "\(String(describing: error))")
        #expect(try await calls.player().points == 0)
        await server.stop()
    }

    @Test("a full idempotency store refuses a new key with 503 and keeps answering the keys it holds")
    func idempotencyStoreFull() async throws {
        let clock = ManualClock()
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        configuration.clock = clock.reading()
        configuration.idempotencyCapacity = 1
        let server = try await ReferenceServer.start(configuration)
        let calls = try GameSystemCalls(server, .asyncHTTPClient, clock: clock, retry: .none)
        _ = try await calls.post(event: "Magic", idempotencyKey: "one")
        clock.advance(by: 1)
        let error = await signetError { _ = try await calls.post(event: "Magic", idempotencyKey: "two") }
        #expect(error?.status?.code == 503)
        clock.advance(by: 1)
        _ = try await calls.post(event: "Magic", idempotencyKey: "one")
        #expect(try await calls.player().points == 10)
        await server.stop()
    }

    @Test("the admin key that floods fills only its replay quota: its next POST is 503, the client key's PUT goes on")
    func replayQuotaPerKey() async throws {
        let clock = ManualClock()
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        configuration.clock = clock.reading()
        configuration.replayCapacity = 100
        configuration.replayQuotaPerKey = 2
        let server = try await ReferenceServer.start(configuration)
        let calls = try GameSystemCalls(server, .asyncHTTPClient, clock: clock, retry: .none)
        _ = try await calls.post(event: "Magic")
        clock.advance(by: 1)
        _ = try await calls.post(event: "Magic")
        clock.advance(by: 1)
        let flooded = await signetError { _ = try await calls.post(event: "Magic") }
        #expect(flooded?.status?.code == 503)
        #expect(try await calls.updateAvatar(#"{"avatar": {"Top": 102}}"#).avatar["Top"] == 102, "another key is not refused")
        #expect(try await calls.player().points == 20)
        await server.stop()
    }
}
