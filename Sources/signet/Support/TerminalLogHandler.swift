import Foundation
import Logging

/// The command's log handler: swift-log's `StreamLogHandler` line format, written to stderr through
/// ``printError(_:)``, so a logged server message or path cannot put control characters or a forged line
/// on the terminal (one event is one line, its newlines escaped).
struct TerminalLogHandler: LogHandler {
    /// The logger's label, printed on every line.
    let label: String
    /// The lowest level written.
    var logLevel: Logger.Level = .warning
    /// Metadata set on the logger, merged under each event's own.
    var metadata: Logger.Metadata = [:]
    /// Contextual metadata added to every event (none unless the logging system sets one).
    var metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider

    /// A handler for `label` writing events at `level` and above.
    init(label: String, level: Logger.Level) {
        self.label = label
        self.logLevel = level
    }

    /// One metadata value by key.
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes `timestamp level label: key=value … [source] message` as one escaped line.
    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        let pairs = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        printError("\(Self.timestamp()) \(event.level) \(label):\(pairs.isEmpty ? "" : " " + pairs) [\(event.source)] \(event.message)")
    }

    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [Int8](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
