#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Body {
    /// A body holding `value` encoded as JSON by `encoder` (by default with sorted keys, so the same value
    /// is always the same bytes: its `Content-MD5` and signature do not depend on dictionary order).
    /// - Throws: ``SignetError/Kind/invalidRequest(reason:)`` when `value` cannot be encoded.
    public static func json(_ value: some Encodable, encoder: JSONEncoder = Body.sortedKeysEncoder()) throws -> Body {
        do {
            return Body(try encoder.encode(value))
        } catch {
            throw SignetError(.invalidRequest(reason: "body does not encode as JSON: \(error)"))
        }
    }

    /// A `JSONEncoder` that writes object keys in sorted order.
    public static func sortedKeysEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
