/// Literals make property-list trees easy to write in tests, demo data and server replies.
extension PropertyListValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// A `.string` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A `.number(.integer)` from an integer literal.
    public init(integerLiteral value: Int) { self = .number(.integer(value)) }
    /// A `.number(.real)` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(.real(value)) }
    /// A `.bool` from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An `.array` from an array literal.
    public init(arrayLiteral elements: PropertyListValue...) { self = .array(elements) }
    /// A `.dictionary` from a dictionary literal, keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        self = .dictionary(PropertyListDictionary(elements))
    }
}
