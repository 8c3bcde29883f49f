import Foundation
import SignetWorlds

/// Text for failure messages that never calls `Date.description`: Foundation on Linux crashes formatting a
/// date far outside the calendar (a binary plist can hold any `Double`), which would hide the real finding.
enum Describe {
    static func foundation(_ value: Any, limit: Int = 300) -> String {
        String(text(value).prefix(limit))
    }

    static func signet(_ value: PropertyListValue, limit: Int = 300) -> String {
        String(text(value).prefix(limit))
    }

    private static func text(_ value: Any) -> String {
        switch value {
        case let date as Date: "date(\(date.timeIntervalSinceReferenceDate))"
        case let array as [Any]: "[" + array.prefix(20).map(text).joined(separator: ", ") + "]"
        case let dictionary as [AnyHashable: Any]:
            "{" + dictionary.prefix(20).map { "\(text($0.key.base)): \(text($0.value))" }.joined(separator: ", ") + "}"
        case let string as String: string.debugDescription
        default: "\(type(of: value))(\(value))"
        }
    }

    private static func text(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let string): string.debugDescription
        case .number(.integer(let integer)): "integer(\(integer))"
        case .number(.real(let real)): "real(\(real))"
        case .bool(let bool): "bool(\(bool))"
        case .date(let date): "date(\(date.timeIntervalSinceReferenceDate))"
        case .data(let data): "data(\(data.count) bytes)"
        case .array(let elements): "[" + elements.prefix(20).map(text).joined(separator: ", ") + "]"
        case .dictionary(let dictionary):
            "{" + dictionary.prefix(20).map { "\($0.key.debugDescription): \(text($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
