import Foundation

extension Body {
    /// A body holding `value` encoded as JSON by `encoder`.
    /// - Throws: ``SignetError/Kind/invalidRequest(reason:)`` when `value` cannot be encoded.
    public static func json(_ value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws -> Body {
        do {
            return Body(try encoder.encode(value))
        } catch {
            throw SignetError(.invalidRequest(reason: "body does not encode as JSON: \(error)"))
        }
    }
}
