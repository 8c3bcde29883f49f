/// Turns Foundation decoding failures into `PuzzleDecodingError.malformed` with a JSON path
/// such as `$.words[2].x1`.
enum JSONPath {
    /// The path of `codingPath` under the root `$`.
    static func string(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "$") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += ".\(key.stringValue)"
            }
        }
    }

    /// The decoding failure as a typed error naming where it happened.
    static func error(from error: any Error) -> PuzzleDecodingError {
        guard let decodingError = error as? DecodingError else {
            return .malformed(path: "$", reason: "\(error)")
        }
        switch decodingError {
        case let .keyNotFound(key, context):
            return .malformed(path: string(context.codingPath + [key]), reason: "missing")
        case let .typeMismatch(type, context):
            return .malformed(path: string(context.codingPath), reason: "expected \(typeName(type))")
        case let .valueNotFound(type, context):
            return .malformed(path: string(context.codingPath), reason: "expected \(typeName(type)), found null")
        case let .dataCorrupted(context):
            let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            return .malformed(path: string(context.codingPath), reason: context.debugDescription + underlying)
        @unknown default:
            return .malformed(path: "$", reason: "\(decodingError)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Bool.Type: "a boolean"
        default:
            String(describing: type).hasPrefix("Dictionary") ? "an object"
                : String(describing: type).hasPrefix("Array") ? "an array" : "\(type)"
        }
    }
}
