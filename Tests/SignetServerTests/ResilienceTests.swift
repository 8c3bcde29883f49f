import Foundation
import HTTPTypes
import Signet
import SignetServer
import Testing
import SignetTestSupport
import SignetTransportTestSupport

/// Retry, idempotency, timeouts, cancellation and broken answers, injected with the server's fault plan.
@Suite("Resilience against injected faults")
struct ResilienceTests {
    @Test("GET succeeds after two 503s", arguments: TransportKind.allCases)
    func getRetried(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            server.faults.inject(.serviceUnavailable(retryAfter: "0"), count: 2, pathPrefix: "/acme/client/")
            let player = try await GameSystemCalls(server, transport, clock: clock).player()
            #expect(player.ext_id == "ann")
            #expect(server.faults.appliedCount == 2)
        }
    }

    @Test("POST without Idempotency-Key is not retried", arguments: TransportKind.allCases)
    func postNotRetried(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            server.faults.inject(.serviceUnavailable(), count: 2, pathPrefix: "/acme/admin/")
            let calls = try GameSystemCalls(server, transport, clock: clock)
            let error = await signetError { _ = try await calls.post(event: "Magic") }
            #expect(error?.status?.code == 503)
            #expect(server.faults.remaining(pathPrefix: "/acme/admin/") == 1)
            #expect(try await calls.player().points == 0)
        }
    }

    @Test("POST with Idempotency-Key is retried and awards points once", arguments: TransportKind.allCases)
    func postRetriedWithKey(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            server.faults.inject(.serviceUnavailable(), count: 2, pathPrefix: "/acme/admin/")
            let calls = try GameSystemCalls(server, transport, clock: clock)
            let result = try await calls.post(event: "Magic", idempotencyKey: "magic-1")
            #expect(result.rule_results.points_awarded["points"] == 10)
            #expect(server.faults.appliedCount == 2)
            #expect(try await calls.player().points == 10)
        }
    }

    @Test("a repeated Idempotency-Key answers the first response and awards nothing more", arguments: TransportKind.allCases)
    func idempotencyKeyReplays(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let calls = try GameSystemCalls(server, transport, clock: clock)
            var fields = HTTPFields()
            fields[field("Idempotency-Key")] = "rainbow-1"
            let event = Body(#"{"player": "ann", "external_event_id": "Magic"}"#)
            let first = try await exchange(calls.admin, request(.post, GameSystemCalls.eventsPath, fields: fields), body: event)
            clock.advance(by: 1)
            let second = try await exchange(calls.admin, request(.post, GameSystemCalls.eventsPath, fields: fields), body: event)
            #expect(first.status == 200)
            #expect(second.status == 200)
            #expect(second.body == first.body)
            #expect(second.fields[field("Idempotent-Replayed")] == "true")
            #expect(try await calls.player().points == 10)
        }
    }

    @Test("a dropped connection is a transport error", arguments: TransportKind.allCases)
    func droppedConnection(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            server.faults.inject(.dropConnection, count: nil, pathPrefix: "/echo")
            let client = unsignedClient(server, transport, retry: .none)
            let error = await signetError { _ = try await exchange(client, request(.get, "/echo")) }
            #expect(error?.isTransport == true, "got \(String(describing: error))")
            #expect(server.faults.appliedCount >= 1)
        }
    }

    @Test("a server slower than the timeout is a timeout error", arguments: TransportKind.allCases)
    func slowServer(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            server.faults.inject(.delay(.milliseconds(400)), pathPrefix: "/echo")
            let client = unsignedClient(server, transport, retry: .none, timeout: .milliseconds(50))
            let error = await signetError { _ = try await exchange(client, request(.get, "/echo")) }
            #expect(error?.isTimeout == true, "got \(String(describing: error))")
            // Reported with the timeout the caller set, whether the transport enforced it (AsyncHTTPClient's
            // own deadline) or the shared timer raced it (URLSession).
            if case .timeout(let after)? = error?.kind { #expect(after == .milliseconds(50)) }
        }
    }

    @Test("cancelling the calling task ends the call as cancelled", arguments: TransportKind.allCases)
    func cancelled(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            // The answer is held far longer than the test runs, so the cancel lands while the call is in flight
            // however late a loaded machine runs this task (with 400 ms the answer sometimes came first).
            server.faults.inject(.delay(.seconds(20)), pathPrefix: "/echo")
            let client = unsignedClient(server, transport, retry: .none, timeout: nil)
            let call = Task { try await exchange(client, request(.get, "/echo")) }
            await server.faults.waitUntilApplied(1)  // the request is in flight on the server
            call.cancel()
            let error = await signetError { _ = try await call.value }
            #expect(error?.isCancellation == true, "got \(String(describing: error))")
        }
    }

    @Test("a non-JSON error body becomes httpStatus with a preview", arguments: TransportKind.allCases)
    func nonJSONErrorBody(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            server.faults.inject(.nonJSONBody(status: 502, body: "<html><body>Bad gateway</body></html>"),
                                 pathPrefix: "/echo")
            let client = unsignedClient(server, transport, retry: .none)
            let error = await signetError {
                _ = try await client.send(request(.get, "/echo"), context: client.makeContext(operation: "echo"),
                                          decoding: EchoJSON.self)
            }
            #expect(error?.status?.code == 502)
            #expect(error?.serverMessage == nil)
            #expect(error?.bodyPreview?.contains("Bad gateway") == true)
        }
    }

    @Test("an Idempotency-Key reused for a different request is 422", arguments: TransportKind.allCases)
    func idempotencyKeyConflict(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let calls = try GameSystemCalls(server, transport, clock: clock)
            _ = try await calls.post(event: "Magic", idempotencyKey: "shared-key")
            clock.advance(by: 1)
            let error = await signetError { _ = try await calls.post(event: "Rainbow", idempotencyKey: "shared-key") }
            #expect(error?.status?.code == 422)
            #expect(error?.serverMessage?.contains("Idempotency-Key") == true)
            #expect(try await calls.player().achievements.isEmpty)
        }
    }
}
