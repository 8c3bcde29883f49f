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
    // `lock` guards `batch`.
    private let lock = NSLock()
    private var batch: [BatchingSpan] = []
    /// Spans per batch, as an exporter's batch processor holds them before sending.
    private let batchSize = 512

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> BatchingSpan {
        var generator = SystemRandomNumberGenerator()
        return BatchingSpan(operationName: operationName, context: context(), traceID: (generator.next(), generator.next()),
                            spanID: generator.next(), startNanoseconds: instant().nanosecondsSinceEpoch, tracer: self)
    }

    func forceFlush() {}

    func extract<Carrier, Extract>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract: Extractor, Extract.Carrier == Carrier {}

    func inject<Carrier, Inject>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject: Injector, Inject.Carrier == Carrier {}

    /// Takes an ended span into the batch, handing the batch off when full.
    fileprivate func finished(_ span: BatchingSpan) {
        lock.lock()
        batch.append(span)
        if batch.count >= batchSize { batch.removeAll(keepingCapacity: true) }
        lock.unlock()
    }
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
