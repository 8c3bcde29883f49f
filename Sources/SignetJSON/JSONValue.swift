/// A JSON value as Signet's reader produces it and its writer writes it.
///
/// Integers that fit `Int` stay exact (`integer`); other numbers are `Double`. Objects keep their members in
/// document order (so written messages are byte-for-byte stable) and never hold a key twice: the reader
/// refuses duplicates.
package enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in document order.
    case object(JSONObject)

    /// What kind of value this is, for error messages: "an object", "a string", …
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The member named `key` when this is an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The number as a `Double`, for either kind of number.
    package var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}

/// The members of a JSON object, in order, with lookup by key.
package struct JSONObject: Sendable, Equatable {
    /// The members, in document order.
    package private(set) var members: [(key: String, value: JSONValue)]
    private var index: [String: Int]

    /// An object with `members` (a later member with the same key replaces the earlier one).
    package init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = []
        self.index = [:]
        for member in members { self[member.key] = member.value }
    }

    /// The member named `key`, or `nil`; setting replaces it in place or appends it.
    package subscript(key: String) -> JSONValue? {
        get { index[key].map { members[$0].value } }
        set {
            if let position = index[key] {
                if let newValue { members[position].value = newValue } else { remove(at: position) }
            } else if let newValue {
                index[key] = members.count
                members.append((key, newValue))
            }
        }
    }

    /// The keys, in order.
    package var keys: [String] { members.map(\.key) }
    /// How many members there are.
    package var count: Int { members.count }

    private mutating func remove(at position: Int) {
        members.remove(at: position)
        index = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.key, $0) })
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object from a literal, members in the literal's order.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}
