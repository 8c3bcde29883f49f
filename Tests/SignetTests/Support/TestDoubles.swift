import Foundation
import HTTPTypes
import Logging
import Signet
import Synchronization

/// A thread-safe list of strings tests append to and read.
final class EventLog: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// Records entering and leaving, to check the chain's order.
struct RecordingMiddleware: SignetMiddleware {
    let name: String
    let log: EventLog

    func intercept(
        _ request: HTTPRequest, body: Body, context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        log.append("→\(name)")
        let answer = try await next(request, body, context)
        log.append("←\(name)")
        return answer
    }
}

/// A signer that stamps the date it was given (epoch seconds, fractional) and a fixed authorization.
struct StampingSigner: RequestSigner {
    static let dateHeader = "X-Signed-Date"
    static let authorization = "KEY:s3cr3t-signature-value"

    func sign(_ request: inout HTTPRequest, body: Body, date: Date) async throws {
        if let name = HTTPField.Name(StampingSigner.dateHeader) {
            request.headerFields[name] = String(date.timeIntervalSince1970)
        }
        request.headerFields[.authorization] = StampingSigner.authorization
    }
}

/// A clock whose time moves only when told: drives both the wall clock and the monotonic clock.
final class ManualClock: Sendable {
    private let elapsed = Mutex<Duration>(.zero)
    private let sleeps = Mutex<[Duration]>([])
    let wallStart: Date
    let monotonicStart = ContinuousClock.now

    init(wallStart: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        self.wallStart = wallStart
    }

    func advance(by duration: Duration) { elapsed.withLock { $0 += duration } }
    var recordedSleeps: [Duration] { sleeps.withLock { $0 } }

    var wall: @Sendable () -> Date {
        { [self] in wallStart.addingTimeInterval(seconds(elapsed.withLock { $0 })) }
    }
    var monotonic: @Sendable () -> ContinuousClock.Instant {
        { [self] in monotonicStart + elapsed.withLock { $0 } }
    }
    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in
            sleeps.withLock { $0.append(duration) }
            advance(by: duration)
        }
    }
}

func seconds(_ duration: Duration) -> TimeInterval {
    let (whole, atto) = duration.components
    return TimeInterval(whole) + TimeInterval(atto) / 1e18
}

/// A log handler that keeps every rendered line (message, metadata, source) for inspection.
struct CapturingLogHandler: LogHandler {
    let lines: EventLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let error = event.error.map { " error=\($0)" } ?? ""
        lines.append("\(event.level) \(event.message) \(rendered)\(error)")
    }
}

extension Logger {
    /// A logger writing into `lines` at `level`.
    static func capturing(_ lines: EventLog, level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = level
        return logger
    }
}

/// A client over `transport` with `middleware`, logging nowhere unless a logger is given.
func makeClient(
    _ transport: some Transport,
    _ middleware: [any SignetMiddleware],
    logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
    clock: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_700_000_000) }
) -> SignetClient {
    SignetClient(baseURL: testBaseURL, transport: transport, middleware: middleware, logger: logger, clock: clock)
}

extension SignetError.Kind {
    /// A short name of the case, for `#expect` comparisons.
    var name: String {
        switch self {
        case .transport: return "transport"
        case .timeout: return "timeout"
        case .cancelled: return "cancelled"
        case .httpStatus: return "httpStatus"
        case .decoding: return "decoding"
        case .bodyTooLarge: return "bodyTooLarge"
        case .fileUnreadable: return "fileUnreadable"
        case .bodyNotReplayable: return "bodyNotReplayable"
        case .invalidRequest: return "invalidRequest"
        case .invalidResponse: return "invalidResponse"
        case .redirected: return "redirected"
        }
    }
}

/// Runs `body` and returns the `SignetError` it throws, or `nil` when it throws none.
func signetError(_ body: () async throws -> Void) async -> SignetError? {
    do {
        try await body()
        return nil
    } catch let error as SignetError {
        return error
    } catch {
        return nil
    }
}
