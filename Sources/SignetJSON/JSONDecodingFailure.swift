#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
            if context.codingPath.isEmpty {
                if let fault = syntaxFault(in: bytes) {
                    return (fault.path, "\(fault.message) (byte \(fault.byteOffset))")
                }
                // Valid JSON that Foundation still calls invalid: on Linux, an integer beyond 64 bits.
                if let path = firstIntegerBeyond64Bits(in: bytes) {
                    return (path, "the number is beyond the 64-bit integer range")
                }
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

    /// The path of the first number in `bytes` that is a whole number outside `Int64` and `UInt64` (read
    /// as a `Double` by Signet's reader), or nil.
    static func firstIntegerBeyond64Bits(in bytes: some Collection<UInt8>) -> JSONPath? {
        guard let value = try? JSONReader.read(bytes, limits: JSONLimits(maxBytes: .max, maxDepth: 512, maxStringBytes: .max)).value
        else { return nil }
        var pending: [(JSONValue, JSONPath)] = [(value, .root)]
        while let (value, path) = pending.popLast() {
            switch value {
            case .number(let number) where number == number.rounded() && (number < -0x1p63 || number >= 0x1p64):
                return path
            case .array(let elements):
                pending += elements.indices.reversed().map { (elements[$0], path.appending(index: $0)) }
            case .object(let object):
                pending += object.members.reversed().map { ($0.value, path.appending(key: $0.key)) }
            default:
                break
            }
        }
        return nil
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
