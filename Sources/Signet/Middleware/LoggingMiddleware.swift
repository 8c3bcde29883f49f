#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Logging

/// Logs each exchange through the context's swift-log `Logger`: method, path, status, duration, attempt.
///
/// It sits after signing so it sees what goes on the wire, and redacts it: secret header values (see
/// ``HeaderRedaction``) and secret-named query values print as `<redacted>`. Bodies are never logged,
/// only their length: request bodies carry passwords (the worlds login form) and signed content.
/// Header fields are logged only at ``headerLogLevel`` (debug by default).
public struct LoggingMiddleware: SignetMiddleware {
    /// The level of the one line logged per completed exchange.
    public var level: Logger.Level
    /// The level at which request and response header fields are added to that line.
    public var headerLogLevel: Logger.Level
    /// Which header and query values are secret.
    public var redaction: HeaderRedaction
    /// A monotonic clock for durations. Injectable for tests.
    public var now: @Sendable () -> ContinuousClock.Instant

    /// Creates a logging middleware.
    public init(
        level: Logger.Level = .info,
        headerLogLevel: Logger.Level = .debug,
        redaction: HeaderRedaction = HeaderRedaction(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.level = level
        self.headerLogLevel = headerLogLevel
        self.redaction = redaction
        self.now = now
    }

    /// Passes the request on and logs the outcome.
    public func intercept(
        _ request: HTTPRequest,
        body: Body,
        context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        // Failures log at warning or above, successes at `level`. Only the start time is taken up front:
        // the line's metadata is built once the outcome is known and only when it will be logged (hot path).
        let logger = context.logger
        let logsSuccess = logger.logLevel <= level
        let failureLevel = max(level, .warning)
        guard logger.logLevel <= failureLevel else { return try await next(request, body, context) }
        let start = now()
        do {
            let (response, responseBody) = try await next(request, body, context)
            if logsSuccess {
                var metadata = requestMetadata(request, body: body, context: context)
                metadata["signet.status"] = "\(response.status.code)"
                metadata["signet.duration_ms"] = "\(milliseconds(since: start))"
                if let length = responseBody.length { metadata["signet.response_bytes"] = "\(length)" }
                if logger.logLevel <= headerLogLevel {
                    metadata["signet.response_headers"] = "\(redaction.render(response.headerFields))"
                }
                logger.log(level: level, "request finished", metadata: metadata)
            }
            return (response, responseBody)
        } catch {
            var metadata = requestMetadata(request, body: body, context: context)
            metadata["signet.duration_ms"] = "\(milliseconds(since: start))"
            metadata["signet.error"] = "\(LoggingMiddleware.describe(error))"
            logger.log(level: failureLevel, "request failed", metadata: metadata)
            throw error
        }
    }

    /// What the line says about the request: operation, method, redacted path, attempt, body length, and
    /// the redacted header fields when the logger is at ``headerLogLevel``.
    private func requestMetadata(_ request: HTTPRequest, body: Body, context: CallContext) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "signet.operation": "\(context.operation)",
            "signet.method": "\(request.method.rawValue)",
            "signet.path": "\(redaction.redactPath(request.path ?? "/"))",
            "signet.attempt": "\(context.attempt)",
        ]
        if let length = body.length { metadata["signet.request_bytes"] = "\(length)" }
        if context.logger.logLevel <= headerLogLevel {
            metadata["signet.request_headers"] = "\(redaction.render(request.headerFields))"
        }
        return metadata
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let (seconds, attoseconds) = (now() - start).components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? SignetError { return error.description }
        if error is CancellationError { return "cancelled" }
        return String(describing: type(of: error))
    }
}
