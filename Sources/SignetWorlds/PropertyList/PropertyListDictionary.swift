/// The dictionary of a property list: string keys, each once, kept in the order they were added.
///
/// Equality and hashing ignore the order, because XML and binary readers built on other libraries
/// may not keep it; the order is kept for output that people read (OpenStep text).
public struct PropertyListDictionary: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public typealias Element = (key: String, value: PropertyListValue)

    private var orderedKeys: [String] = []
    private var storage: [String: PropertyListValue] = [:]

    /// An empty dictionary.
    public init() {}

    /// A dictionary from key–value pairs; a later duplicate key replaces the earlier value in place.
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// A dictionary from key–value pairs in the given order; a later duplicate key replaces the earlier value.
    public init<S: Sequence>(_ entries: S) where S.Element == (String, PropertyListValue) {
        for (key, value) in entries { self[key] = value }
    }

    /// The keys in insertion order.
    public var keys: [String] { orderedKeys }

    /// The number of entries.
    public var count: Int { orderedKeys.count }

    /// Whether the dictionary has no entries.
    public var isEmpty: Bool { orderedKeys.isEmpty }

    /// The value for `key`; setting `nil` removes the entry, setting a new key appends it.
    public subscript(key: String) -> PropertyListValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { orderedKeys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                orderedKeys.removeAll { $0 == key }
            }
        }
    }

    /// The entries in insertion order.
    public func makeIterator() -> AnyIterator<Element> {
        var index = orderedKeys.startIndex
        return AnyIterator {
            while index < orderedKeys.endIndex {
                let key = orderedKeys[index]
                index += 1
                if let value = storage[key] { return (key, value) }
            }
            return nil
        }
    }

    /// Order-insensitive equality: the same keys with equal values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage == rhs.storage
    }

    /// Order-insensitive hash, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}
