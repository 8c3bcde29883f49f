#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
/// - no retry when the offset in use is within ``minimumCorrection`` of what the `Date` allows: an HTTP date
///   is truncated to the second and was stamped somewhere between send and receive, so every offset from
///   `Date − received` to `Date + 1 s − sent` fits it. Then skew is not why the request failed. (Comparing
///   with the midpoint alone took a slow exchange, a second boundary crossed, for a skew of over a second
///   and retried a refusal that had another cause.)
/// - no retry when the body cannot be replayed (the offset is still stored for later requests).
///
/// At the start of every request it sets `context.clockOffset` from the ``store`` for the request's host.
public struct ClockSkewMiddleware: SignetMiddleware {
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
              Self.distance(of: context.clockOffset, from: learned.consistent) >= minimumCorrection
        else { return answer }

        store.setOffset(learned.offset, forHost: host)
        guard body.isReplayable else { return answer }
        context.logger.notice("clock skew detected; retrying with the server's time", metadata: [
            "signet.operation": "\(context.operation)",
            "signet.host": "\(host)",
            "signet.clock_offset": "\(learned.offset)",
        ])
        context.events?.clockOffsetCorrected(context, host: host, from: context.clockOffset, to: learned.offset)
        context.clockOffset = learned.offset
        return try await next(request, body, context)
    }

    /// How far `offset` lies outside `range` (zero inside it).
    static func distance(of offset: TimeInterval, from range: ClosedRange<TimeInterval>) -> TimeInterval {
        offset < range.lowerBound ? range.lowerBound - offset : max(0, offset - range.upperBound)
    }

    /// What a 401 response teaches, or `nil` when it teaches nothing (by the rules above): the offset
    /// (server `Date` − the midpoint of send and receive) and the range of offsets the `Date` allows.
    func learnedOffset(
        from response: HTTPResponse, sent: Date, received: Date, context: CallContext
    ) -> (offset: TimeInterval, consistent: ClosedRange<TimeInterval>)? {
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
        // A wall clock stepped back mid-exchange could put `received` before `sent`: never an inverted range.
        let earliest = serverDate.timeIntervalSince(received), latest = serverDate.addingTimeInterval(1).timeIntervalSince(sent)
        return (offset, min(earliest, latest)...max(earliest, latest))
    }
}
