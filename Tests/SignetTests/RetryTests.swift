import Foundation
import HTTPTypes
import Signet
import Testing

/// Records the attempt number and clock offset each call carries.
struct ContextRecorder: SignetMiddleware {
    let log: EventLog
    func intercept(_ request: HTTPRequest, body: Body, context: CallContext,
                   next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        log.append("attempt \(context.attempt) offset \(context.clockOffset)")
        return try await next(request, body, context)
    }
}

@Suite("Retry")
struct RetryTests {
    let clock = ManualClock()

    func retry(maxAttempts: Int = 3, maxTotalTime: Duration = .seconds(30), baseDelay: Duration = .milliseconds(200),
               maxDelay: Duration = .seconds(10), random: Double = 0.5) -> RetryMiddleware {
        RetryMiddleware(maxAttempts: maxAttempts, maxTotalTime: maxTotalTime, baseDelay: baseDelay, maxDelay: maxDelay,
                        random: { random }, sleep: clock.sleep, now: clock.monotonic)
    }

    func client(_ transport: RecordingTransport, _ retry: RetryMiddleware, log: EventLog = EventLog()) -> SignetClient {
        makeClient(transport, [retry, ContextRecorder(log: log), SigningMiddleware(signer: StampingSigner())],
                   clock: clock.wall)
    }

    static let unavailable = RecordingTransport.Answer.response(.make(.serviceUnavailable), "busy")

    @Test("GET is retried, each attempt signed anew with a fresh date and a higher attempt number")
    func getRetriedAndResigned() async throws {
        let transport = RecordingTransport([Self.unavailable, Self.unavailable])
        let log = EventLog()
        let (response, _) = try await client(transport, retry(), log: log).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .ok)
        #expect(transport.sent.count == 3)
        // Waits with jitter 0.5: 0.5 × 0.2 s, then 0.5 × 0.4 s.
        #expect(clock.recordedSleeps == [.milliseconds(100), .milliseconds(200)])
        let dates = transport.sent.map { $0.request.header(StampingSigner.dateHeader) }
        #expect(dates == ["1700000000.0", "1700000000.1", "1700000000.3"])
        #expect(log.all == ["attempt 1 offset 0.0", "attempt 2 offset 0.0", "attempt 3 offset 0.0"])
    }

    @Test("POST is not retried")
    func postNotRetried() async throws {
        let transport = RecordingTransport([Self.unavailable])
        let (response, _) = try await client(transport, retry()).send(.make(.post, "/p"), body: Body("{}"), operation: "post")
        #expect(response.status == .serviceUnavailable)
        #expect(transport.sent.count == 1)
    }

    @Test("POST with an Idempotency-Key is retried")
    func postWithIdempotencyKeyRetried() async throws {
        let transport = RecordingTransport([Self.unavailable])
        let request = HTTPRequest.make(.post, "/p", [("Idempotency-Key", "k-1")])
        let (response, _) = try await client(transport, retry()).send(request, body: Body("{}"), operation: "post")
        #expect(response.status == .ok)
        #expect(transport.sent.count == 2)
        #expect(transport.sent.map(\.body) == [Array("{}".utf8), Array("{}".utf8)])
    }

    @Test("a non-replayable body is not retried, even with an idempotent method")
    func streamBodyNotRetried() async throws {
        let transport = RecordingTransport([Self.unavailable])
        let stream = AsyncThrowingStream<[UInt8], any Error> { continuation in
            continuation.yield([1, 2, 3])
            continuation.finish()
        }
        let (response, _) = try await client(transport, retry())
            .send(.make(.put, "/p"), body: .stream(stream, length: 3), operation: "put")
        #expect(response.status == .serviceUnavailable)
        #expect(transport.sent.count == 1)
    }

    @Test("Retry-After in seconds is honoured instead of the backoff")
    func retryAfterSeconds() async throws {
        let transport = RecordingTransport([.response(.make(.tooManyRequests, [("Retry-After", "7")]), "")])
        _ = try await client(transport, retry()).send(.make(.get, "/p"), operation: "get")
        #expect(clock.recordedSleeps == [.seconds(7)])
        #expect(transport.sent.count == 2)
    }

    @Test("Retry-After as an HTTP-date is honoured relative to the clock")
    func retryAfterDate() async throws {
        // The manual clock starts at 1_700_000_000 = Tue, 14 Nov 2023 22:13:20 GMT.
        let transport = RecordingTransport([.response(.make(.serviceUnavailable,
                                                             [("Retry-After", "Tue, 14 Nov 2023 22:13:32 GMT")]), "")])
        _ = try await client(transport, retry()).send(.make(.get, "/p"), operation: "get")
        #expect(clock.recordedSleeps == [.seconds(12)])
    }

    @Test("Retry-After as an HTTP-date is measured from the answer's own Date, whatever the client's clock says")
    func retryAfterDateFromServerDate() async throws {
        // The client's clock (22:13:20) is ten minutes behind the server's, whose answer is dated 22:23:20.
        let transport = RecordingTransport([.response(.make(.serviceUnavailable, [
            ("Date", "Tue, 14 Nov 2023 22:23:20 GMT"), ("Retry-After", "Tue, 14 Nov 2023 22:23:32 GMT"),
        ]), "")])
        _ = try await client(transport, retry()).send(.make(.get, "/p"), operation: "get")
        // Measured from the client's clock it was 612 s, past the budget: no retry at all.
        #expect(clock.recordedSleeps == [.seconds(12)])
        #expect(transport.sent.count == 2)
    }

    @Test("a Retry-After beyond the total-time budget ends the call with that response")
    func retryAfterBeyondBudget() async throws {
        let transport = RecordingTransport([.response(.make(.serviceUnavailable, [("Retry-After", "60")]), "")])
        let (response, _) = try await client(transport, retry(maxTotalTime: .seconds(30)))
            .send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .serviceUnavailable)
        #expect(transport.sent.count == 1)
        #expect(clock.recordedSleeps.isEmpty)
    }

    @Test("attempts stop at maxAttempts and the last response is returned")
    func maxAttempts() async throws {
        let transport = RecordingTransport(fallback: Self.unavailable)
        let (response, body) = try await client(transport, retry(maxAttempts: 4)).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .serviceUnavailable)
        #expect(try await body.collect(upTo: 10) == Array("busy".utf8))
        #expect(transport.sent.count == 4)
    }

    @Test("attempts stop when the next wait would pass the total-time budget")
    func totalTime() async throws {
        let transport = RecordingTransport(fallback: Self.unavailable)
        // Jitter 1: waits 0.4 s, 0.8 s, then 1.6 s would end at 2.8 s > 1.5 s.
        let middleware = retry(maxAttempts: 10, maxTotalTime: .milliseconds(1500), baseDelay: .milliseconds(400), random: 1)
        _ = try await client(transport, middleware).send(.make(.get, "/p"), operation: "get")
        #expect(transport.sent.count == 3)
        #expect(clock.recordedSleeps == [.milliseconds(400), .milliseconds(800)])
    }

    @Test("backoff doubles up to maxDelay, scaled by the jitter factor")
    func backoffCap() async throws {
        let transport = RecordingTransport(fallback: Self.unavailable)
        let middleware = retry(maxAttempts: 5, baseDelay: .seconds(1), maxDelay: .seconds(3), random: 1)
        _ = try await client(transport, middleware).send(.make(.get, "/p"), operation: "get")
        #expect(clock.recordedSleeps == [.seconds(1), .seconds(2), .seconds(3), .seconds(3)])
    }

    @Test("transport failures are retried; the last one is thrown when attempts run out")
    func transportFailures() async throws {
        let failure = SignetError(.transport(underlying: URLError(.networkConnectionLost)))
        let transport = RecordingTransport(fallback: .failure(failure))
        let error = await signetError {
            _ = try await client(transport, retry()).send(.make(.delete, "/p"), operation: "delete")
        }
        #expect(error?.kind.name == "transport")
        #expect(transport.sent.count == 3)
    }

    @Test("a per-attempt timeout is retried")
    func timeoutRetried() async throws {
        let transport = RecordingTransport([.failure(SignetError(.timeout(after: .seconds(1))))])
        let (response, _) = try await client(transport, retry()).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .ok)
        #expect(transport.sent.count == 2)
    }

    @Test("statuses outside the retryable set are returned at once", arguments: [400, 401, 404, 422, 501])
    func nonRetryableStatus(code: Int) async throws {
        let transport = RecordingTransport([.response(.make(HTTPResponse.Status(code: code)), "")])
        let (response, _) = try await client(transport, retry()).send(.make(.get, "/p"), operation: "get")
        #expect(response.status.code == code)
        #expect(transport.sent.count == 1)
    }

    @Test("every retryable status is retried", arguments: [408, 429, 500, 502, 503, 504])
    func retryableStatus(code: Int) async throws {
        let transport = RecordingTransport([.response(.make(HTTPResponse.Status(code: code)), "")])
        let (response, _) = try await client(transport, retry()).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .ok)
        #expect(transport.sent.count == 2)
    }

    @Test("Retry-After parsing: seconds, HTTP-date, past date, garbage")
    func parseRetryAfter() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryMiddleware.parseRetryAfter("120", now: now) == .seconds(120))
        #expect(RetryMiddleware.parseRetryAfter("Tue, 14 Nov 2023 22:14:20 GMT", now: now) == .seconds(60))
        #expect(RetryMiddleware.parseRetryAfter("Tue, 14 Nov 2023 22:00:00 GMT", now: now) == .zero)
        #expect(RetryMiddleware.parseRetryAfter("-5", now: now) == nil)
        #expect(RetryMiddleware.parseRetryAfter("soon", now: now) == nil)
        // Delay-seconds all the same (RFC 9110, 10.2.3): longer than any budget, never "retry at once".
        #expect(RetryMiddleware.parseRetryAfter("99999999999999999999", now: now) == .seconds(9_999_999_999))
    }
}
