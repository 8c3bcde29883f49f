import Foundation
import HTTPTypes
import InMemoryTracing
import Logging
import MetricsTestKit
import SignetGameSystem
import SignetTestSupport
import SignetVerification
import Testing
import Tracing

/// What verification reports: exact counters (swift-metrics' test backend), spans (the in-memory tracer) and
/// the refusal log line, for an accepted, a refused and a replayed request. Nothing reported holds a secret,
/// a signature or a body.
@Suite("Verification telemetry")
struct TelemetryTests {
    @Test("accepted, refused (bad signature) and replayed: counters, timer, spans and one log line per refusal")
    func acceptedRefusedReplayed() async throws {
        let metrics = TestMetrics()
        let tracer = InMemoryTracer()
        let log = RecordingLogHandler()
        let verification = GameSystemVerification(
            keys: try GameSystemKeyring(secrets: TestKeys.secrets),
            options: .init(clock: { TestKeys.now }, logger: .recording(log), refusalLogLevel: .notice,
                           metricsFactory: metrics, tracer: tracer))
        let body = Array(#"{"secret-body":1}"#.utf8)
        let post = try signedRequest(.post, "/orders?debug=1", body: body)
        let forged = try signedRequest(.get, "/orders", secret: "forged-secret-123")

        #expect(await verification.verify(post, body: body).verified != nil)
        #expect(await verification.verify(forged, body: []).refusal?.cause == .badSignature)
        #expect(await verification.verify(post, body: body).refusal?.cause == .replayedRequest)

        func count(_ label: String, _ dimensions: [(String, String)]) throws -> Int64 {
            try metrics.expectCounter(label, dimensions).totalValue
        }
        #expect(try count("signet_verifications_total", [("outcome", "accepted"), ("cause", "none")]) == 1)
        #expect(try count("signet_verifications_total", [("outcome", "refused"), ("cause", "bad-signature")]) == 1)
        #expect(try count("signet_verifications_total", [("outcome", "refused"), ("cause", "replayed-request")]) == 1)
        #expect(try count("signet_verifications_total", [("outcome", "refused"), ("cause", "missing-header")]) == 0)
        #expect(try count("signet_replay_claims_total", [("result", "accepted")]) == 1)
        #expect(try count("signet_replay_claims_total", [("result", "replayed")]) == 1)
        #expect(try metrics.expectTimer("signet_verification_duration_seconds").values.count == 3)

        let spans = tracer.finishedSpans
        #expect(spans.count == 3)
        #expect(spans.allSatisfy { $0.operationName == "GameSystem verification" })
        #expect(spans.map { $0.attributes["signet.verification.outcome"]?.toSpanAttribute() }
                == [.string("accepted"), .string("refused"), .string("refused")])
        #expect(spans[1].attributes["signet.verification.cause"]?.toSpanAttribute() == .string("bad-signature"))
        #expect(spans[2].attributes["signet.verification.cause"]?.toSpanAttribute() == .string("replayed-request"))
        #expect(spans[0].attributes["url.path"]?.toSpanAttribute() == .string("/orders"), "the path without its query")

        let refusals = log.lines.filter { $0.message.hasPrefix("GameSystem request refused") }
        #expect(refusals.count == 2)
        #expect(refusals.allSatisfy { $0.level == .notice })
        #expect(refusals.map { $0.metadata["signet.cause"]?.description } == ["bad-signature", "replayed-request"])
        let everything = log.lines.map(\.text).joined(separator: "\n")
            + spans.map { "\($0.attributes)" }.joined()
            + metrics.counters.map { "\($0.label) \($0.dimensions)" }.joined()
        for secret in ["client-secret", "forged-secret-123", "secret-body", "debug=1"] + [post, forged].compactMap({ $0.headerFields[.authorization] }) {
            #expect(!everything.contains(secret), "\(secret) was reported")
        }
    }

    @Test("an idempotent request and its repeat, and a store that fails: idempotency and store-error counters")
    func idempotencyAndStoreErrors() async throws {
        struct Unreachable: ReplayStore {
            struct Down: Error {}
            func claim(_ request: GameSystemVerifiedRequest, until expiry: Date, now: Date) async throws -> ReplayClaim { throw Down() }
        }
        let metrics = TestMetrics()
        let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "k-1"]
        let verification = GameSystemVerification(
            keys: try GameSystemKeyring(secrets: TestKeys.secrets),
            options: .init(replayStore: nil, idempotencyStore: InMemoryIdempotencyStore(), clock: { TestKeys.now },
                           logger: .recording(RecordingLogHandler()), metricsFactory: metrics, tracer: InMemoryTracer()))
        let request = try signedRequest(.post, "/orders", extra: key)
        let claim = try #require(await verification.verify(request, body: []).verified?.idempotency)
        await claim.complete(status: 200, contentType: nil, body: [])
        _ = await verification.verify(request, body: [])
        #expect(try metrics.expectCounter("signet_idempotency_total", [("result", "proceed")]).totalValue == 1)
        #expect(try metrics.expectCounter("signet_idempotency_total", [("result", "completed")]).totalValue == 1)
        #expect(try metrics.expectCounter("signet_idempotency_total", [("result", "replay")]).totalValue == 1)
        #expect(try metrics.expectCounter("signet_verifications_total", [("outcome", "answered"), ("cause", "none")]).totalValue == 1)

        let failing = GameSystemVerification(
            keys: try GameSystemKeyring(secrets: TestKeys.secrets),
            options: .init(replayStore: Unreachable(), clock: { TestKeys.now }, logger: .recording(RecordingLogHandler()),
                           metricsFactory: metrics, tracer: InMemoryTracer()))
        #expect(await failing.verify(try signedRequest(.post, "/orders"), body: []).refusal?.cause == .storeUnavailable)
        #expect(try metrics.expectCounter("signet_store_errors_total", [("store", "replay")]).totalValue == 1)
        #expect(try metrics.expectCounter("signet_replay_claims_total", [("result", "store_error")]).totalValue == 1)
    }

    @Test("inside a request's span: the outcome and cause go on that span, a refusal as an event, and no span of its own")
    func requestSpan() async throws {
        let tracer = InMemoryTracer()
        let verification = GameSystemVerification(
            keys: try GameSystemKeyring(secrets: TestKeys.secrets),
            options: .init(clock: { TestKeys.now }, logger: .recording(RecordingLogHandler()), tracer: tracer))
        let good = try signedRequest(.get, "/orders?debug=1")
        let forged = try signedRequest(.get, "/orders", secret: "forged-secret-123")
        // As a framework's tracing middleware does: a server span, and the request handled in its context.
        func underRequestSpan(_ verify: () async -> VerificationOutcome) async -> VerificationOutcome {
            let span = tracer.startSpan("GET /orders", context: .topLevel, ofKind: .server)
            defer { span.end() }
            return await ServiceContext.$current.withValue(span.context) { await verify() }
        }
        #expect(await underRequestSpan { await verification.verify(good, body: []) }.verified != nil)
        #expect(await underRequestSpan { await verification.verify(forged, body: []) }.refusal?.cause == .badSignature)
        // The path that does not suspend (a bodiless GET, keys in memory), as the adapters take it.
        #expect(await underRequestSpan { verification.verifyAtOnce(bodiless: forged) ?? .answered(.init(status: .ok), body: []) }
            .refusal?.cause == .badSignature)

        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["GET /orders", "GET /orders", "GET /orders"], "no span of its own")
        #expect(spans.map { $0.attributes["signet.verification.outcome"]?.toSpanAttribute() }
                == [nil, .string("refused"), .string("refused")], "an accepted request adds nothing")
        #expect(spans[0].attributes["signet.verification.cause"] == nil)
        #expect(spans[0].events.isEmpty)
        for refused in spans.dropFirst() {
            #expect(refused.attributes["signet.verification.cause"]?.toSpanAttribute() == .string("bad-signature"))
            #expect(refused.events.map(\.name) == ["GameSystem request refused"])
            #expect(refused.events.first?.attributes["signet.verification.cause"]?.toSpanAttribute() == .string("bad-signature"))
            #expect(refused.events.first?.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(401))
        }
        let reported = spans.map { "\($0.attributes) \($0.events)" }.joined()
        for secret in ["client-secret", "forged-secret-123"] + [good, forged].compactMap({ $0.headerFields[.authorization] }) {
            #expect(!reported.contains(secret), "\(secret) was reported")
        }
    }

    @Test("in a service context without a span the tracer knows: a refusal gets a span of its own, an accepted request none")
    func contextWithoutSpan() async throws {
        let tracer = InMemoryTracer()
        let verification = GameSystemVerification(
            keys: try GameSystemKeyring(secrets: TestKeys.secrets),
            options: .init(clock: { TestKeys.now }, logger: .recording(RecordingLogHandler()), tracer: tracer))
        let good = try signedRequest(.get, "/orders")
        let forged = try signedRequest(.get, "/orders", secret: "forged-secret-123")
        await ServiceContext.$current.withValue(.topLevel) {
            #expect(await verification.verify(good, body: []).verified != nil)
            #expect(await verification.verify(forged, body: []).refusal?.cause == .badSignature)
        }
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["GameSystem verification"])
        #expect(spans.first?.attributes["signet.verification.cause"]?.toSpanAttribute() == .string("bad-signature"))
        #expect(spans.first?.attributes["url.path"]?.toSpanAttribute() == .string("/orders"))
    }

    @Test("spanPlacement .ownSpan: a span of its own under the request's, which gets nothing")
    func ownSpan() async throws {
        let tracer = InMemoryTracer()
        let verification = GameSystemVerification(
            keys: try GameSystemKeyring(secrets: TestKeys.secrets),
            options: .init(clock: { TestKeys.now }, logger: .recording(RecordingLogHandler()), tracer: tracer, spanPlacement: .ownSpan))
        let request = try signedRequest(.get, "/orders")
        let parent = tracer.startSpan("GET /orders", context: .topLevel, ofKind: .server)
        let outcome = await ServiceContext.$current.withValue(parent.context) { await verification.verify(request, body: []) }
        parent.end()
        #expect(outcome.verified != nil)
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["GameSystem verification", "GET /orders"])
        #expect(spans.first?.spanContext.parentSpanID == spans.last?.spanContext.spanID)
        #expect(spans.first?.attributes["signet.verification.outcome"]?.toSpanAttribute() == .string("accepted"))
        #expect(spans.first?.attributes["url.path"]?.toSpanAttribute() == .string("/orders"))
        #expect(spans.last?.attributes["signet.verification.outcome"] == nil)
    }
}
