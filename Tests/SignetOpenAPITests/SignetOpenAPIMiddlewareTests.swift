import Foundation
import HTTPTypes
import OpenAPIRuntime
import Signet
import SignetGameSystem
import SignetOpenAPI
import SignetServer
import Testing
import SignetTestSupport

/// SignetOpenAPIMiddleware in a swift-openapi-runtime client (UniversalClient over
/// swift-openapi-async-http-client) against the reference server on loopback.
@Suite("SignetOpenAPIMiddleware")
struct SignetOpenAPIMiddlewareTests {
    /// Retries without waiting: the injected sleep returns at once (or moves a manual clock).
    static func retry(maxAttempts: Int = 3, sleep: @escaping @Sendable (Duration) async throws -> Void = { _ in },
                      random: @escaping @Sendable () -> Double = { 0 }) -> RetryMiddleware {
        RetryMiddleware(maxAttempts: maxAttempts, random: random, sleep: sleep)
    }

    @Test("a signed GET is accepted, and the transport sees the request relative to the server URL")
    func signedGet() async throws {
        try await withReferenceServer { server in
            let recorder = AttemptRecorder()
            let signet = SignetOpenAPIMiddleware(signer: try DemoKey.client.signer(), retry: Self.retry(), logger: .quiet)
            let client = HandMadeClient(serverURL: server.baseURL, middlewares: [signet, recorder])

            let answer = try await client.player()
            #expect(answer.status == 200)
            #expect(try answer.json(PlayerJSON.self).ext_id == "ann")

            let attempt = try #require(recorder.requests.first)
            #expect(recorder.requests.count == 1)
            #expect(attempt.path == "/acme/client/players/ann")
            #expect(attempt.authority == nil && attempt.scheme == nil)
            #expect(attempt.field("Authorization")?.hasPrefix("\(DemoCredentials.clientKey):") == true)
            #expect(attempt.field("Content-MD5") == "1B2M2Y8AsgTpgAmY7PhCfg==")
            #expect(attempt.field("Date")?.hasSuffix(" UTC") == true)
            #expect(attempt.field("Accept") == "application/json")
        }
    }

    @Test("every attempt is signed anew: a 503 then success, with another Date and Authorization")
    func everyAttemptResigned() async throws {
        // The client's clock moves only when retry waits (Retry-After: 2), so the two dates differ by 2 s
        // without the test sleeping; the server keeps real time (its window is 20 s).
        try await withReferenceServer { server in
            // Read the clock once the server runs: under load, starting a server can take longer than the
            // 20 s window, and a date from before it would be refused as stale (a third attempt).
            let clock = ManualClock(Date())
            server.faults.inject(.serviceUnavailable(retryAfter: "2"), count: 1, pathPrefix: "/acme/")
            let recorder = AttemptRecorder()
            let signet = SignetOpenAPIMiddleware(
                signer: try DemoKey.client.signer(), retry: Self.retry(sleep: { clock.advance(by: $0) }),
                logger: .quiet, clock: clock.reading())
            let client = HandMadeClient(serverURL: server.baseURL, middlewares: [signet, recorder])

            let answer = try await client.player()
            #expect(answer.status == 200)
            #expect(server.faults.appliedCount == 1)
            let attempts = recorder.requests
            try #require(attempts.count == 2)
            #expect(attempts[0].field("Date") != attempts[1].field("Date"))
            #expect(attempts[0].field("Authorization") != attempts[1].field("Authorization"))
        }
    }

    @Test("a server clock 5 minutes ahead: the offset is learned from the 401's Date and the call succeeds")
    func clockSkewCorrected() async throws {
        try await withReferenceServer(clock: { Date().addingTimeInterval(300) }) { server in
            let offsets = ClockOffsetStore()
            let recorder = AttemptRecorder()
            let signet = SignetOpenAPIMiddleware(
                signer: try DemoKey.client.signer(), clockOffsets: offsets, retry: Self.retry(), logger: .quiet)
            let client = HandMadeClient(serverURL: server.baseURL, middlewares: [signet, recorder])

            let answer = try await client.player()
            #expect(answer.status == 200)
            #expect(recorder.requests.count == 2)
            let learned = try #require(offsets.offset(forHost: "127.0.0.1:\(server.port)"))
            #expect(abs(learned - 300) < 1.5)

            // The next call uses the learned offset from its first attempt.
            #expect(try await client.player().status == 200)
            #expect(recorder.requests.count == 3)
        }
    }

    @Test("a POST with an Idempotency-Key is retried once after a 503 and applied once")
    func idempotentPostRetried() async throws {
        try await withReferenceServer { server in
            let reader = HandMadeClient(serverURL: server.baseURL, middlewares: [
                SignetOpenAPIMiddleware(signer: try DemoKey.client.signer(), retry: Self.retry(), logger: .quiet),
            ])
            let recorder = AttemptRecorder()
            let admin = HandMadeClient(serverURL: server.baseURL, middlewares: [
                SignetOpenAPIMiddleware(signer: try DemoKey.admin.signer(), retry: Self.retry(), logger: .quiet),
                recorder,
            ])
            let before = try await reader.player().json(PlayerJSON.self).points

            server.faults.inject(.serviceUnavailable(retryAfter: "0"), count: 1, pathPrefix: "/acme/admin/")
            let answer = try await admin.postEvent("Magic", idempotencyKey: UUID().uuidString)
            #expect(answer.status == 200)
            #expect(recorder.requests.count == 2)
            #expect(recorder.requests.allSatisfy { $0.field("Idempotency-Key") != nil })

            let after = try await reader.player().json(PlayerJSON.self).points
            #expect(after == before + 10)
        }
    }

    @Test("a POST without an Idempotency-Key is not retried; the 503 and its body reach the client intact")
    func plainPostNotRetried() async throws {
        try await withReferenceServer { server in
            let recorder = AttemptRecorder()
            let admin = HandMadeClient(serverURL: server.baseURL, middlewares: [
                SignetOpenAPIMiddleware(signer: try DemoKey.admin.signer(), retry: Self.retry(), logger: .quiet),
                recorder,
            ])
            server.faults.inject(.serviceUnavailable(retryAfter: "0"), count: 1, pathPrefix: "/acme/admin/")
            let answer = try await admin.postEvent("Magic")
            #expect(answer.status == 503)
            #expect(recorder.requests.count == 1)
            #expect(try answer.json(ErrorJSON.self).error_message.contains("injected fault"))
        }
    }

    @Test("a replayed-request 401 is read from the body, retried re-signed in a later second, and accepted")
    func replayedRequestRetried() async throws {
        // Two clients (two middlewares, so two ledgers of what was sent) with one frozen clock shared with the
        // server: the second's POST is byte-identical to the first's, and the server refuses it as a replay.
        let clock = ManualClock()
        try await withReferenceServer(clock: clock.reading()) { server in
            func adminClient(_ recorder: AttemptRecorder) throws -> HandMadeClient {
                let retry = Self.retry(sleep: { clock.advance(by: $0) }, random: { 1 })
                return HandMadeClient(serverURL: server.baseURL, middlewares: [
                    SignetOpenAPIMiddleware(signer: try DemoKey.admin.signer(), retry: retry, logger: .quiet,
                                            clock: clock.reading()),
                    recorder,
                ])
            }
            let first = AttemptRecorder(), second = AttemptRecorder()
            #expect(try await adminClient(first).postEvent("Magic").status == 200)
            let answer = try await adminClient(second).postEvent("Magic")
            #expect(answer.status == 200)
            let attempts = second.requests
            try #require(attempts.count == 2)
            #expect(attempts[0].field("Authorization") == first.requests.first?.field("Authorization"))
            #expect(attempts[0].field("Date") != attempts[1].field("Date"))
        }
    }

    @Test("a refused signature's 401 body reaches the generated client intact")
    func refusalBodyIntact() async throws {
        try await withReferenceServer { server in
            let recorder = AttemptRecorder()
            let signet = SignetOpenAPIMiddleware(
                signer: try DemoKey.client.signer(secret: "not-the-secret"), retry: Self.retry(), logger: .quiet)
            let client = HandMadeClient(serverURL: server.baseURL, middlewares: [signet, recorder])
            let answer = try await client.player()
            #expect(answer.status == 401)
            #expect(recorder.requests.count == 1)
            #expect(try answer.json(ErrorJSON.self).error_message.hasPrefix("bad-signature"))
        }
    }

    @Test("a dropped connection is a transport failure: a GET is retried, a plain POST fails with the transport's error")
    func transportFailures() async throws {
        try await withReferenceServer { server in
            let recorder = AttemptRecorder()
            let reader = HandMadeClient(serverURL: server.baseURL, middlewares: [
                SignetOpenAPIMiddleware(signer: try DemoKey.client.signer(), retry: Self.retry(), logger: .quiet),
                recorder,
            ])
            server.faults.inject(.dropConnection, count: 1, pathPrefix: "/acme/client/")
            #expect(try await reader.player().status == 200)
            #expect(recorder.requests.count == 2)

            let admin = HandMadeClient(serverURL: server.baseURL, middlewares: [
                SignetOpenAPIMiddleware(signer: try DemoKey.admin.signer(), retry: Self.retry(), logger: .quiet),
            ])
            server.faults.inject(.dropConnection, count: 1, pathPrefix: "/acme/admin/")
            let error = await #expect(throws: ClientError.self) { _ = try await admin.postEvent("Magic") }
            // The transport's own error, as swift-openapi-runtime wrapped it, not a Signet wrapper.
            #expect(error?.causeDescription.contains("Transport") == true)
            #expect(!(error?.underlyingError is SignetError))
        }
    }

    @Test("a request body over the limit is refused before anything is sent")
    func requestBodyTooLarge() async throws {
        try await withReferenceServer { server in
            let recorder = AttemptRecorder()
            let signet = SignetOpenAPIMiddleware(
                signer: try DemoKey.admin.signer(), maxRequestBodyBytes: 16, logger: .quiet)
            let client = HandMadeClient(serverURL: server.baseURL, middlewares: [signet, recorder])
            let error = await #expect(throws: ClientError.self) { _ = try await client.postEvent("Magic") }
            let signetError = try #require(error?.underlyingError as? SignetError)
            guard case .bodyTooLarge(let limit, let actual) = signetError.kind else {
                Issue.record("expected bodyTooLarge, got \(signetError)")
                return
            }
            #expect(limit == 16 && actual == 44)
            #expect(signetError.operation == "postExternalEvent")
            #expect(recorder.requests.isEmpty)
        }
    }

    @Test("response bodies pass through whole: a large 200, a 422 longer than the inspected 64 KiB, a small 422",
          arguments: [(200, 300_000), (422, 100_000), (422, 1_000)])
    func responseBodiesPassThrough(status: Int, size: Int) async throws {
        try await withReferenceServer { server in
            let signet = SignetOpenAPIMiddleware(signer: try DemoKey.client.signer(), retry: Self.retry(), logger: .quiet)
            let client = HandMadeClient(serverURL: server.baseURL, middlewares: [signet])
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            var fields: HTTPFields = [:]
            if let raw = HTTPField.Name("X-Echo-Raw"), let chosen = HTTPField.Name("X-Echo-Status") {
                fields[raw] = "true"
                fields[chosen] = "\(status)"
            }
            let answer = try await client.call("echoPut", .put, "/echo", fields: fields, body: bytes)
            #expect(answer.status == status)
            #expect(answer.body == bytes)
        }
    }
}
