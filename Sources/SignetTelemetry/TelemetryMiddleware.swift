import Foundation
import HTTPTypes
import Signet
import Tracing

/// The call-level half of ``ClientTelemetry``: one span per call, named after the operation, and the call's
/// metrics; it gives the call a ``CallRecorder`` for the middleware inside to report to.
struct CallTelemetryMiddleware: SignetMiddleware {
    let telemetry: ClientTelemetry

    func intercept(
        _ request: HTTPRequest, body: Body, context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        let metrics = telemetry.instruments.operation(context.operation)
        let recorder = CallRecorder(metrics: metrics)
        var context = context
        context.values[CallEvents.self] = recorder
        let started = ContinuousClock.now
        let called = context
        return try await telemetry.withSpan(context.operation, ofKind: .client) { span in
            span.describe(request)
            defer {
                metrics.duration.recordNanoseconds(Self.nanoseconds(ContinuousClock.now - started))
                span.attributes["signet.attempts"] = recorder.attempts
            }
            do {
                let answer = try await next(request, body, called)
                span.attributes["http.response.status_code"] = answer.0.status.code
                metrics.call(outcome: "\(answer.0.status.code / 100)xx")
                return answer
            } catch {
                let kind = Self.kind(of: error)
                span.attributes["error.type"] = kind
                metrics.call(outcome: kind)
                throw error
            }
        }
    }

    /// A stable name for a failure: the `SignetError` kind's name, or `error`.
    static func kind(of error: any Error) -> String {
        guard let signet = error as? SignetError else { return error is CancellationError ? "cancelled" : "error" }
        let text = "\(signet.kind)"
        return String(text.prefix { $0.isLetter })
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ attoseconds / 1_000_000_000
    }
}

/// The attempt-level half of ``ClientTelemetry``: one span per attempt, with its number and, for a retry,
/// the reason the attempt before it was retried.
struct AttemptTelemetryMiddleware: SignetMiddleware {
    let telemetry: ClientTelemetry

    func intercept(
        _ request: HTTPRequest, body: Body, context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        let recorder = context.values[CallEvents.self] as? CallRecorder
        let reason = recorder?.attemptStarting()
        return try await telemetry.withSpan("\(context.operation) attempt", ofKind: .client) { span in
            span.describe(request)
            span.attributes["signet.attempt"] = context.attempt
            if let reason { span.attributes["signet.retry_reason"] = reason.rawValue }
            do {
                let answer = try await next(request, body, context)
                span.attributes["http.response.status_code"] = answer.0.status.code
                return answer
            } catch {
                span.attributes["error.type"] = CallTelemetryMiddleware.kind(of: error)
                throw error
            }
        }
    }
}

extension Span {
    /// The method, the path without its query, and the host.
    func describe(_ request: HTTPRequest) {
        attributes["http.request.method"] = request.method.rawValue
        let path = request.path ?? "/"
        attributes["url.path"] = String(path.prefix { $0 != "?" && $0 != "#" })
        if let authority = request.authority { attributes["server.address"] = authority }
    }
}
