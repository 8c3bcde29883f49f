import Foundation
import HTTPTypes
import Logging

/// Corrects a wrong client clock: on a 401 whose `Date` shows the clocks disagree, it learns the offset,
/// stores it per host and retries once with it set in `context.clockOffset`.
///
/// Rules, as the mature SDKs learned them:
/// - offset = server `Date` − the midpoint of send and receive (local clock);
/// - only a 401 teaches (the GameSystem server answers 401 for a date outside its window);
/// - a response carrying `Age` is ignored (a cache's `Date` says nothing about the server's clock now);
/// - a `Date` that does not parse, or is more than ``maxPlausibleOffset`` off, is ignored rather than
///   poisoning every later request;
/// - no retry when the new offset differs from the one used by less than ``minimumCorrection``: then
///   skew is not why the request failed (HTTP dates have one-second resolution anyway);
/// - no retry when the body cannot be replayed (the offset is still stored for later requests).
///
/// At the start of every request it sets `context.clockOffset` from the ``store`` for the request's host.
public struct ClockSkewMiddleware: Middleware {
    /// The per-host offsets, shared across requests.
    public let store: ClockOffsetStore
    /// The smallest correction worth a retry.
    public var minimumCorrection: TimeInterval
    /// The largest offset believed.
    public var maxPlausibleOffset: TimeInterval

    /// Creates a middleware learning into and reading from `store`.
    public init(store: ClockOffsetStore, minimumCorrection: TimeInterval = 1, maxPlausibleOffset: TimeInterval = 86_400) {
        self.store = store
        self.minimumCorrection = minimumCorrection
        self.maxPlausibleOffset = maxPlausibleOffset
    }

    /// Sends with the stored offset; on a skew-caused 401, learns the offset and retries once.
    public func intercept(
        _ request: HTTPRequest,
        body: Body,
        context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        let host = request.authority ?? ""
        var context = context
        if let known = store.offset(forHost: host) { context.clockOffset = known }

        let sent = context.clock()
        let answer = try await next(request, body, context)
        let received = context.clock()

        guard let learned = learnedOffset(from: answer.0, sent: sent, received: received, context: context),
              abs(learned - context.clockOffset) >= minimumCorrection
        else { return answer }

        store.setOffset(learned, forHost: host)
        guard body.isReplayable else { return answer }
        context.logger.notice("clock skew detected; retrying with the server's time", metadata: [
            "signet.operation": "\(context.operation)",
            "signet.host": "\(host)",
            "signet.clock_offset": "\(learned)",
        ])
        context.clockOffset = learned
        return try await next(request, body, context)
    }

    /// The offset a 401 response teaches, or `nil` when it teaches nothing (by the rules above).
    func learnedOffset(from response: HTTPResponse, sent: Date, received: Date, context: CallContext) -> TimeInterval? {
        guard response.status == .unauthorized,
              response.headerFields[.age] == nil,
              let value = response.headerFields[.date]
        else { return nil }
        guard let serverDate = HTTPDate.parse(value) else {
            context.logger.debug("ignoring unparseable Date on 401", metadata: ["signet.operation": "\(context.operation)"])
            return nil
        }
        let midpoint = sent.addingTimeInterval(received.timeIntervalSince(sent) / 2)
        let offset = serverDate.timeIntervalSince(midpoint)
        guard abs(offset) <= maxPlausibleOffset else {
            context.logger.warning("ignoring implausible server Date", metadata: [
                "signet.operation": "\(context.operation)",
                "signet.clock_offset": "\(offset)",
            ])
            return nil
        }
        return offset
    }
}
