extension PackedList: ExpressibleByArrayLiteral {
    /// A list of the literal's elements.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension PackedList: Equatable where Element: Equatable {
    /// The same elements in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension PackedList: Hashable where Element: Hashable {
    /// Hashes the elements in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension PackedList: Decodable where Element: Decodable {
    /// Decodes an array, element by element (no array of the elements is built).
    public init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd { append(try container.decode(Element.self)) }
    }
}

extension PackedList: Encodable where Element: Encodable {
    /// Encodes an array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(element) }
    }
}

extension PackedList: CustomStringConvertible {
    /// The elements as an array prints them.
    public var description: String { Array(self).description }
}
