import Foundation
import HTTPTypes
import Signet
import Testing

/// A transport that announces each call and then waits until cancelled (it never answers by itself).
struct HangingTransport: Transport {
    let started: AsyncStream<Void>.Continuation

    func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
        started.yield()
        // Wait until cancelled: a stream that never finishes, iterated until the task is cancelled.
        let (never, keepAlive) = AsyncStream<Void>.makeStream()
        for await _ in never {}
        keepAlive.finish()
        throw CancellationError()
    }
}

@Suite("Timeout and cancellation")
struct TimeoutTests {
    @Test("an attempt that does not answer before the timer fires ends in SignetError.timeout")
    func timesOut() async throws {
        let (started, continuation) = AsyncStream<Void>.makeStream()
        // The timer fires as soon as the transport has started: deterministic, no real waiting.
        let timeout = TimeoutMiddleware(defaultTimeout: .seconds(5)) { _ in
            for await _ in started { return }
        }
        let client = makeClient(HangingTransport(started: continuation), [timeout])
        let error = await signetError { _ = try await client.send(.make(.get, "/slow"), operation: "slow") }
        #expect(error?.kind.name == "timeout")
        if case .timeout(let after)? = error?.kind { #expect(after == .seconds(5)) }
        #expect(error?.description == "slow GET /v1/slow: timed out after 5 s")
    }

    @Test("the context's timeout overrides the middleware default")
    func contextTimeout() async throws {
        let (started, continuation) = AsyncStream<Void>.makeStream()
        let timeout = TimeoutMiddleware(defaultTimeout: .seconds(5)) { _ in
            for await _ in started { return }
        }
        let client = makeClient(HangingTransport(started: continuation), [timeout])
        var context = client.makeContext(operation: "slow")
        context.timeout = .milliseconds(1500)
        let error = await signetError { _ = try await client.send(.make(.get, "/slow"), context: context) }
        if case .timeout(let after)? = error?.kind { #expect(after == .milliseconds(1500)) } else {
            Issue.record("expected a timeout, got \(String(describing: error))")
        }
    }

    @Test("an answer before the timeout passes through and the timer is cancelled")
    func answersInTime() async throws {
        let client = makeClient(RecordingTransport(), [TimeoutMiddleware(defaultTimeout: .seconds(3600))])
        let (response, _) = try await client.send(.make(.get, "/fast"), operation: "fast")
        #expect(response.status == .ok)
    }

    @Test("a timed-out idempotent attempt is retried")
    func timeoutThenRetry() async throws {
        let (started, continuation) = AsyncStream<Void>.makeStream()
        struct HangOnce: Transport {
            let hanging: HangingTransport
            let calls = EventLog()
            func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
                calls.append("call")
                if calls.all.count == 1 { return try await hanging.send(request, body: body, baseURL: baseURL) }
                return (HTTPResponse(status: .ok), .empty)
            }
        }
        let transport = HangOnce(hanging: HangingTransport(started: continuation))
        let timeout = TimeoutMiddleware(defaultTimeout: .seconds(1)) { _ in
            for await _ in started { return }
        }
        let clock = ManualClock()
        let retry = RetryMiddleware(random: { 0 }, sleep: clock.sleep, now: clock.monotonic)
        let client = makeClient(transport, [retry, timeout])
        let (response, _) = try await client.send(.make(.get, "/p"), operation: "retry")
        #expect(response.status == .ok)
        #expect(transport.calls.all.count == 2)
    }

    @Test("cancelling the caller cancels the request and surfaces as SignetError.cancelled")
    func cancellation() async throws {
        let (started, continuation) = AsyncStream<Void>.makeStream()
        let clock = ManualClock()
        let chain: [any SignetMiddleware] = [
            RetryMiddleware(sleep: clock.sleep, now: clock.monotonic),
            TimeoutMiddleware(defaultTimeout: .seconds(3600)),
        ]
        let client = makeClient(HangingTransport(started: continuation), chain)
        let call = Task { try await client.send(.make(.get, "/p"), operation: "cancelled") }
        for await _ in started { break }
        call.cancel()
        let result = await call.result
        guard case .failure(let error as SignetError) = result else {
            Issue.record("expected SignetError.cancelled, got \(result)")
            return
        }
        #expect(error.isCancellation)
        #expect(error.description == "cancelled GET /v1/p: cancelled")
        #expect(clock.recordedSleeps.isEmpty, "a cancelled call is not retried")
    }
}
