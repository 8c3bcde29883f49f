/// Bounds a decoder enforces before and while parsing a message, so hostile input costs little.
public struct TriviaMessageLimits: Sendable, Equatable {
    /// The longest message accepted, in UTF-8 bytes.
    public var maxBytes: Int
    /// The deepest nesting of arrays and objects accepted (the message object itself is depth 1).
    public var maxDepth: Int

    /// The largest `maxDepth` that takes effect: it bounds the parser's recursion, and so its stack.
    public static let depthCeiling = 512

    /// Limits with the given bounds; `maxDepth` is kept within 1…``depthCeiling``.
    public init(maxBytes: Int, maxDepth: Int) {
        self.maxBytes = max(0, maxBytes)
        self.maxDepth = min(max(1, maxDepth), Self.depthCeiling)
    }

    /// For messages a client sends (`answer`, `use-joker`): small and flat.
    public static let clientMessages = TriviaMessageLimits(maxBytes: 4_096, maxDepth: 8)
    /// For messages a server sends: `finish` lists every user, so it may be long.
    public static let serverMessages = TriviaMessageLimits(maxBytes: 1_048_576, maxDepth: 16)
}
