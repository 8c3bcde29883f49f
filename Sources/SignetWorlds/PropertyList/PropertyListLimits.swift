/// Bounds that keep a property-list reader's work proportional to a sane input.
public struct PropertyListLimits: Sendable, Hashable {
    /// The largest input accepted, in bytes.
    public var maximumByteCount: Int
    /// The deepest nesting of arrays and dictionaries accepted (the root container is depth 1).
    public var maximumDepth: Int
    /// The most values a reader may produce; guards against binary plists whose shared objects
    /// would expand into an exponentially large tree.
    public var maximumValueCount: Int
    /// The most keys one dictionary may hold. A dictionary's keys are kept with an index, several times
    /// their bytes: a 16 MiB root of a million short keys would cost 16 times the input, where a million
    /// values spread over small dictionaries cost about twice.
    public var maximumKeysPerDictionary: Int

    /// Limits with the given bounds; the defaults are far above any worlds response.
    public init(
        maximumByteCount: Int = 16 << 20, maximumDepth: Int = 64, maximumValueCount: Int = 1_000_000,
        maximumKeysPerDictionary: Int = 65_536
    ) {
        self.maximumByteCount = maximumByteCount
        self.maximumDepth = maximumDepth
        self.maximumValueCount = maximumValueCount
        self.maximumKeysPerDictionary = maximumKeysPerDictionary
    }

    /// The default limits: 16 MiB, depth 64, one million values, 65,536 keys in one dictionary.
    public static let `default` = PropertyListLimits()
}
