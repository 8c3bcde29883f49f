/// Renders a `DecodingError` coding path as a JSON path such as `point_types[1].amount`.
public enum JSONPath {
    /// The path of `codingPath`: keys joined by `.`, array indices as `[n]`; `$` for the document root.
    public static func render(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                result += "[\(index)]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue
            }
        }
        return result.isEmpty ? "$" : result
    }

    /// The JSON path and a one-line reason for a `DecodingError`.
    public static func describe(_ error: DecodingError) -> (path: String, reason: String) {
        switch error {
        case .keyNotFound(let key, let context):
            return (render(context.codingPath + [key]), "required key is missing")
        case .typeMismatch(let type, let context):
            return (render(context.codingPath), "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (render(context.codingPath), "expected \(type) but found null")
        case .dataCorrupted(let context):
            var reason = context.debugDescription
            if let underlying = context.underlyingError {
                reason += " (\(underlying.localizedDescription))"
            }
            return (render(context.codingPath), reason)
        @unknown default:
            return ("$", String(describing: error))
        }
    }
}
