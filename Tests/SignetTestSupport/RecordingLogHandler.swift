import Logging
import Synchronization

/// A swift-log handler that keeps every line, for asserting what was logged (a refusal's cause, that no
/// secret was) and where (on an event loop, outside any task, or in one).
public final class RecordingLogHandler: LogHandler, @unchecked Sendable {
    /// One line as logged.
    public struct Line: Sendable {
        public let level: Logger.Level
        public let message: String
        public let metadata: Logger.Metadata
        /// Whether it was logged outside any task (on an event loop or another plain thread).
        public let outsideTask: Bool
        /// The message and metadata as one text.
        public var text: String { message + " " + metadata.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ") }
    }

    private let storage = Mutex<[Line]>([])
    public var logLevel: Logger.Level = .trace
    public var metadata: Logger.Metadata = [:]

    public init() {}

    /// Every line so far, in order.
    public var lines: [Line] { storage.withLock { $0 } }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let line = Line(level: event.level, message: event.message.description, metadata: event.metadata ?? [:],
                        outsideTask: withUnsafeCurrentTask { $0 == nil })
        storage.withLock { $0.append(line) }
    }
}

extension Logger {
    /// A logger writing to `handler`.
    public static func recording(_ handler: RecordingLogHandler) -> Logger {
        Logger(label: "signet.tests") { _ in handler }
    }
}
