import Foundation
import Tracing

/// A tracer shaped like the front half of a production exporter, for the telemetry benchmark: each span gets
/// random trace and span IDs (from the system generator, as swift-otel's default ID generator draws them),
/// keeps its attributes, and on `end` is appended to a batch behind one lock; a full batch is handed off
/// (dropped here, where an exporter would send it). So the measured cost is that of Signet's spans on a
/// tracer that records them, without a network. The in-memory test tracer of swift-distributed-tracing keeps
/// every span for the whole round, in a dictionary and an array behind one lock taken twice per span: it is
/// measured too, as a reference (docs/benchmarks.md).
final class BatchingTracer: Tracer, @unchecked Sendable {
    /// The tracer the benchmark's servers bootstrap `InstrumentationSystem` with, so that Hummingbird's
    /// `TracingMiddleware` starts its request spans here (``bootstrapOnce``).
    static let shared = BatchingTracer()
    /// Bootstraps `InstrumentationSystem` with ``shared``, once per process (a second bootstrap traps).
    static let bootstrapOnce: Void = InstrumentationSystem.bootstrap(shared)

    // `lock` guards `batch` and `recording`.
    private let lock = NSLock()
    private var batch: [BatchingSpan] = []
    /// The spans not yet ended, by span ID: what `activeSpan(identifiedBy:)` looks up, as swift-otel's tracer
    /// keeps its recording spans in a dictionary behind a lock.
    private var recording: [UInt64: BatchingSpan] = [:]
    /// Spans per batch, as an exporter's batch processor holds them before sending.
    private let batchSize = 512

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> BatchingSpan {
        var generator = SystemRandomNumberGenerator()
        var context = context()
        // A child keeps its parent's trace ID, as swift-otel's tracer does; a root draws one.
        let traceID = context[BatchingTraceKey.self]?.traceID ?? (generator.next(), generator.next())
        let spanID = generator.next()
        context[BatchingTraceKey.self] = BatchingTraceKey.Value(traceID: traceID, spanID: spanID)
        let span = BatchingSpan(operationName: operationName, context: context, traceID: traceID, spanID: spanID,
                                startNanoseconds: instant().nanosecondsSinceEpoch, tracer: self)
        lock.withLock { recording[spanID] = span }
        return span
    }

    func activeSpan(identifiedBy context: ServiceContext) -> BatchingSpan? {
        guard let spanID = context[BatchingTraceKey.self]?.spanID else { return nil }
        return lock.withLock { recording[spanID] }
    }

    func forceFlush() {}

    func extract<Carrier, Extract>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract: Extractor, Extract.Carrier == Carrier {}

    func inject<Carrier, Inject>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject: Injector, Inject.Carrier == Carrier {}

    /// Takes an ended span into the batch, handing the batch off when full.
    fileprivate func finished(_ span: BatchingSpan) {
        lock.lock()
        recording[span.spanID] = nil
        batch.append(span)
        if batch.count >= batchSize { batch.removeAll(keepingCapacity: true) }
        lock.unlock()
    }
}

/// The trace and span IDs a ``BatchingTracer`` span puts in its service context.
private enum BatchingTraceKey: ServiceContextKey {
    struct Value: Sendable { let traceID: (UInt64, UInt64), spanID: UInt64 }
}

/// A span of ``BatchingTracer``: its fields behind a lock, as a recording span keeps them.
final class BatchingSpan: Span, @unchecked Sendable {
    let context: ServiceContext
    let traceID: (UInt64, UInt64), spanID: UInt64
    private let tracer: BatchingTracer
    // `lock` guards every mutable field below.
    private let lock = NSLock()
    private var name: String
    private var storedAttributes = SpanAttributes()
    private var events: [SpanEvent] = []
    private var status: SpanStatus?
    private let startNanoseconds: UInt64
    private var endNanoseconds: UInt64?

    init(operationName: String, context: ServiceContext, traceID: (UInt64, UInt64), spanID: UInt64, startNanoseconds: UInt64,
         tracer: BatchingTracer) {
        self.name = operationName
        self.context = context
        self.traceID = traceID
        self.spanID = spanID
        self.startNanoseconds = startNanoseconds
        self.tracer = tracer
    }

    var operationName: String {
        get { lock.withLock { name } }
        set { lock.withLock { name = newValue } }
    }

    var attributes: SpanAttributes {
        get { lock.withLock { storedAttributes } }
        set { lock.withLock { storedAttributes = newValue } }
    }

    var isRecording: Bool { lock.withLock { endNanoseconds == nil } }

    func setStatus(_ status: SpanStatus) { lock.withLock { self.status = status } }

    func addEvent(_ event: SpanEvent) { lock.withLock { events.append(event) } }

    func recordError<Instant: TracerInstant>(_ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant) {
        addEvent(SpanEvent(name: "exception", at: instant(), attributes: attributes))
    }

    func addLink(_ link: SpanLink) {}

    func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        let ended: Bool = lock.withLock {
            guard endNanoseconds == nil else { return false }
            endNanoseconds = instant().nanosecondsSinceEpoch
            return true
        }
        if ended { tracer.finished(self) }
    }
}
