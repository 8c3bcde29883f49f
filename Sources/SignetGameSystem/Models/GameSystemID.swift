import Foundation

/// An identifier the server may send as a JSON string or number; kept as text.
public struct GameSystemID: Codable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier as text (`"7"` for a numeric 7).
    public let text: String

    /// Wraps an identifier's text.
    public init(_ text: String) { self.text = text }
    /// Wraps a string literal.
    public init(stringLiteral value: String) { self.text = value }

    /// Decodes a string or an integer.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            text = String(number)
        } else {
            text = try container.decode(String.self)
        }
    }

    /// Encodes as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The text.
    public var description: String { text }
}
