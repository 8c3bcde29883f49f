import Foundation

/// Says where and why `JSONDecoder` refused a document: the JSON path of the field at fault and a reason
/// in words, the one `DecodingError`-to-path mapping every Signet module uses.
///
/// When the decoder refuses the document as a whole ("The given data was not valid JSON.", with no position
/// and, on Linux, no underlying error), the bytes are read again by ``JSONReader``, which names the byte
/// offset, the path and, when a limit refused the input, the limit: a depth bomb reads
/// `arrays and objects nest deeper than 512 levels at $.a[0][0]… (byte 1024)`.
package enum JSONDecodingFailure {
    /// The path and reason of `error`; `bytes` are the document that was decoded.
    package static func describe(_ error: DecodingError, bytes: some Collection<UInt8>) -> (path: JSONPath, reason: String) {
        switch error {
        case .keyNotFound(let key, let context):
            return (JSONPath(codingPath: context.codingPath + [key]), "required field is missing")
        case .typeMismatch(let type, let context):
            return (JSONPath(codingPath: context.codingPath), "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return (JSONPath(codingPath: context.codingPath), "expected \(describe(type)), found null")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let fault = syntaxFault(in: bytes) {
                return (fault.path, "\(fault.message) (byte \(fault.byteOffset))")
            }
            return (JSONPath(codingPath: context.codingPath), context.debugDescription)
        @unknown default:
            return (.root, "\(error)")
        }
    }

    /// What Signet's reader finds wrong with `bytes` read as JSON, or `nil` when it reads them (then the
    /// decoder refused them for a reason of its own, such as a number too large for its type).
    package static func syntaxFault(in bytes: some Collection<UInt8>) -> JSONReadError? {
        // Foundation's own depth limit is 512; past it the reader's error names that limit.
        let limits = JSONLimits(maxBytes: .max, maxDepth: 512, maxStringBytes: .max)
        do {
            _ = try JSONReader.read(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// A type as people name it: "a string", "a number", "an object".
    package static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type, is Double.Type, is Float.Type:
            return "a number"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "an object (\(name))"
        }
    }
}
