/// The dictionary of a property list: string keys, each once, kept in the order they were added.
///
/// Equality and hashing ignore the order, because XML and binary readers built on other libraries
/// may not keep it; the order is kept for output that people read (OpenStep text).
///
/// Stored as one array of entries: a worlds answer holds hundreds of thousands of small dictionaries,
/// and a hash table per dictionary (plus a separate key list) cost several times the input's size.
/// Small dictionaries are searched linearly; one with more than `indexThreshold` (16) keys also keeps a
/// key → position index, so building and reading a large one stays linear.
public struct PropertyListDictionary: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public typealias Element = (key: String, value: PropertyListValue)

    /// Above this many keys a dictionary keeps an index; at or below it, a lookup compares keys.
    static let indexThreshold = 16

    private var entries: [Element] = []
    private var index: [String: Int]?

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
    public var keys: [String] { entries.map(\.key) }

    /// The number of entries.
    public var count: Int { entries.count }

    /// Whether the dictionary has no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The value for `key`; setting `nil` removes the entry, setting a new key appends it.
    public subscript(key: String) -> PropertyListValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let position?, let newValue?):
                entries[position].value = newValue
            case (nil, let newValue?):
                entries.append((key, newValue))
                if index != nil {
                    index?[key] = entries.count - 1
                } else if entries.count > Self.indexThreshold {
                    buildIndex()
                }
            case (let position?, nil):
                entries.remove(at: position)
                index = nil
                if entries.count > Self.indexThreshold { buildIndex() }
            case (nil, nil):
                break
            }
        }
    }

    /// The entries in insertion order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        entries.makeIterator()
    }

    /// Order-insensitive equality: the same keys with equal values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Order-insensitive hash, consistent with `==`: the entries' hashes are combined commutatively.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in entries {
            var entryHasher = Hasher()
            entryHasher.combine(key)
            entryHasher.combine(value)
            combined ^= entryHasher.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    private mutating func buildIndex() {
        var built: [String: Int] = [:]
        built.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() { built[entry.key] = position }
        index = built
    }
}
