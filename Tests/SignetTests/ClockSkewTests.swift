import Foundation
import HTTPTypes
import Signet
import Testing

@Suite("Clock skew")
struct ClockSkewTests {
    // The client's clock reads 1_700_000_000 (Tue, 14 Nov 2023 22:13:20 GMT) and does not move.
    static let localNow = Date(timeIntervalSince1970: 1_700_000_000)
    // The server is 300 s ahead.
    static let serverDate = "Tue, 14 Nov 2023 22:18:20 GMT"

    let store = ClockOffsetStore()

    func client(_ transport: RecordingTransport, baseURL: URL = testBaseURL) -> SignetClient {
        SignetClient(baseURL: baseURL, transport: transport,
               middleware: [ClockSkewMiddleware(store: store), SigningMiddleware(signer: StampingSigner())],
               clock: { Self.localNow })
    }

    static func unauthorized(_ fields: [(String, String)]) -> RecordingTransport.Answer {
        .response(.make(.unauthorized, fields), #"{"error_message":"date-outside-window"}"#)
    }

    func signedDates(_ transport: RecordingTransport) -> [String?] {
        transport.sent.map { $0.request.header(StampingSigner.dateHeader) }
    }

    @Test("a 401 with a skewed Date teaches the offset and the request is retried once, re-signed")
    func learnsAndRetries() async throws {
        let transport = RecordingTransport([Self.unauthorized([("Date", Self.serverDate)])])
        let (response, _) = try await client(transport).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .ok)
        #expect(signedDates(transport) == ["1700000000.0", "1700000300.0"])
        #expect(store.offset(forHost: "api.example.test") == 300)
    }

    @Test("the learned offset is used from the first attempt of a later request to the same host")
    func storeReused() async throws {
        let transport = RecordingTransport([Self.unauthorized([("Date", Self.serverDate)])])
        _ = try await client(transport).send(.make(.get, "/p"), operation: "first")
        let second = RecordingTransport()
        _ = try await client(second).send(.make(.get, "/p"), operation: "second")
        #expect(signedDates(second) == ["1700000300.0"])
    }

    @Test("the offset is kept per host: another host starts uncorrected")
    func perHost() async throws {
        store.setOffset(300, forHost: "api.example.test")
        let other = RecordingTransport()
        let otherURL = try #require(URL(string: "https://other.example.test"))
        _ = try await client(other, baseURL: otherURL).send(.make(.get, "/p"), operation: "other")
        #expect(signedDates(other) == ["1700000000.0"])
    }

    @Test("a response carrying Age is ignored")
    func ageIgnored() async throws {
        let transport = RecordingTransport([Self.unauthorized([("Date", Self.serverDate), ("Age", "5")])])
        let (response, _) = try await client(transport).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .unauthorized)
        #expect(transport.sent.count == 1)
        #expect(store.offset(forHost: "api.example.test") == nil)
    }

    @Test("a Date more than a day off is ignored")
    func absurdDateIgnored() async throws {
        let transport = RecordingTransport([Self.unauthorized([("Date", "Thu, 16 Nov 2023 22:13:21 GMT")])])
        let (response, _) = try await client(transport).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .unauthorized)
        #expect(transport.sent.count == 1)
        #expect(store.offset(forHost: "api.example.test") == nil)
    }

    @Test("an unparseable Date is ignored", arguments: ["yesterday", "Tue, 14 Nov 2023 25:18:20 GMT", "Tue, 31 Feb 2023 22:18:20 GMT", ""])
    func unparseableDateIgnored(date: String) async throws {
        let transport = RecordingTransport([Self.unauthorized([("Date", date)])])
        let (response, _) = try await client(transport).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .unauthorized)
        #expect(transport.sent.count == 1)
        #expect(store.offset(forHost: "api.example.test") == nil)
    }

    @Test("an offset below a second is no reason to retry: the 401 has another cause")
    func smallOffsetNoRetry() async throws {
        let transport = RecordingTransport([Self.unauthorized([("Date", "Tue, 14 Nov 2023 22:13:20 GMT")])])
        let (response, _) = try await client(transport).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .unauthorized)
        #expect(transport.sent.count == 1)
    }

    @Test("only a 401 teaches: a 403 with a skewed Date is returned as is")
    func onlyUnauthorized() async throws {
        let transport = RecordingTransport([.response(.make(.forbidden, [("Date", Self.serverDate)]), "")])
        let (response, _) = try await client(transport).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .forbidden)
        #expect(transport.sent.count == 1)
        #expect(store.offset(forHost: "api.example.test") == nil)
    }

    @Test("retries once only: a second skewed 401 is returned")
    func retriesOnce() async throws {
        let transport = RecordingTransport(fallback: Self.unauthorized([("Date", "Tue, 14 Nov 2023 22:28:20 GMT")]))
        let (response, _) = try await client(transport).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .unauthorized)
        #expect(transport.sent.count == 2)
    }

    @Test("a non-replayable body is not resent, but the offset is stored for later requests")
    func streamBodyStoresOffsetOnly() async throws {
        let transport = RecordingTransport([Self.unauthorized([("Date", Self.serverDate)])])
        let stream = AsyncThrowingStream<[UInt8], any Error> { $0.yield([1]); $0.finish() }
        let (response, _) = try await client(transport).send(.make(.put, "/p"), body: .stream(stream, length: 1), operation: "put")
        #expect(response.status == .unauthorized)
        #expect(transport.sent.count == 1)
        #expect(store.offset(forHost: "api.example.test") == 300)
    }

    @Test("a slow exchange learns from the midpoint of send and receive")
    func midpoint() async throws {
        let clock = ManualClock(wallStart: Self.localNow)
        // The exchange takes 4 s on the local clock; the server stamps its Date at the midpoint.
        struct SlowTransport: Transport {
            let clock: ManualClock
            func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
                clock.advance(by: .seconds(4))
                return (.make(.unauthorized, [("Date", "Tue, 14 Nov 2023 22:18:22 GMT")]), .empty)
            }
        }
        let middleware = ClockSkewMiddleware(store: store)
        let client = SignetClient(baseURL: testBaseURL, transport: SlowTransport(clock: clock), middleware: [middleware],
                            clock: clock.wall)
        _ = try await client.send(.make(.get, "/p"), operation: "slow")
        // Sent at 22:13:20, received at 22:13:24: midpoint 22:13:22, server 22:18:22 → 300 s.
        // The retried exchange's 401 teaches nothing more: the middleware retries once and stops.
        #expect(store.offset(forHost: "api.example.test") == 300)
    }

    @Test("a slow exchange across a second boundary with clocks that agree is no skew: the 401 is returned")
    func slowExchangeWithoutSkew() async throws {
        // Sent at 22:13:20.9, received at 22:13:24.9; the server (same clock) stamped 22:13:21.95 as
        // "22:13:21". The midpoint is 22:13:22.9, 1.9 s after that Date, but every offset from −3.9 s to
        // +0.1 s fits it, 0 among them: skew is not why the request was refused.
        let clock = ManualClock(wallStart: Self.localNow.addingTimeInterval(0.9))
        struct SlowTransport: Transport {
            let clock: ManualClock
            func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
                clock.advance(by: .seconds(4))
                return (.make(.unauthorized, [("Date", "Tue, 14 Nov 2023 22:13:21 GMT")]), .empty)
            }
        }
        let client = SignetClient(baseURL: testBaseURL, transport: SlowTransport(clock: clock),
                            middleware: [ClockSkewMiddleware(store: store)], clock: clock.wall)
        let (response, _) = try await client.send(.make(.get, "/p"), operation: "slow")
        #expect(response.status == .unauthorized)
        #expect(store.offset(forHost: "api.example.test") == nil)
    }

    @Test("a skew just past the Date's second is learned even from a quick exchange")
    func skewJustPastTheSecond() async throws {
        // Local 22:13:20.0, instant exchange; the server says 22:13:22, so its clock is 2.0–3.0 s ahead:
        // the offset in use (0) is 2 s outside, and the request is retried with +2 s.
        let transport = RecordingTransport([Self.unauthorized([("Date", "Tue, 14 Nov 2023 22:13:22 GMT")])])
        let (response, _) = try await client(transport).send(.make(.get, "/p"), operation: "get")
        #expect(response.status == .ok)
        #expect(signedDates(transport) == ["1700000000.0", "1700000002.0"])
    }

    @Test("the offset store matches hosts case-insensitively and forgets what is removed, the last one included")
    func offsetStoreKeys() {
        let offsets = ClockOffsetStore()
        #expect(offsets.offset(forHost: "api.example.test") == nil)
        offsets.setOffset(300, forHost: "API.Example.test:8443")
        offsets.setOffset(-7, forHost: "other.example.test")
        #expect(offsets.offset(forHost: "api.example.TEST:8443") == 300)
        #expect(offsets.offset(forHost: "api.example.test:8443") == 300)
        #expect(offsets.offset(forHost: "api.example.test") == nil)
        offsets.removeOffset(forHost: "api.EXAMPLE.test:8443")
        #expect(offsets.offset(forHost: "api.example.test:8443") == nil)
        #expect(offsets.offset(forHost: "Other.example.test") == -7)
        offsets.removeOffset(forHost: "other.example.test")
        #expect(offsets.offset(forHost: "other.example.test") == nil)
        offsets.setOffset(12, forHost: "other.example.test")
        #expect(offsets.offset(forHost: "OTHER.example.test") == 12)
    }
}
