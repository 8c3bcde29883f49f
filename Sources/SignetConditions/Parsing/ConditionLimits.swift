/// How much a ``ConditionParser`` accepts before refusing the input.
public struct ConditionLimits: Sendable, Hashable {
    /// The largest ``maxDepth`` there is; a limit above it is lowered to it. Parsing,
    /// printing and evaluating recurse once per level (about 2 KB a level in a debug
    /// build, far less optimized), so 128 levels stay well inside a 512 KiB thread stack.
    public static let deepestAllowed = 128

    /// The deepest condition nesting accepted: a lone `eq(…)` has depth 1,
    /// `and(eq(…))` depth 2. Between 1 and ``deepestAllowed``.
    public let maxDepth: Int
    /// The most input bytes accepted when parsing bytes.
    public let maxInputBytes: Int

    /// Limits of `maxDepth` levels (clamped to 1...``deepestAllowed``) and `maxInputBytes` bytes.
    public init(maxDepth: Int = 64, maxInputBytes: Int = 1 << 20) {
        self.maxDepth = min(max(maxDepth, 1), Self.deepestAllowed)
        self.maxInputBytes = max(maxInputBytes, 0)
    }

    /// 64 levels, 1 MiB.
    public static let `default` = ConditionLimits()

    /// How deep the JSON reader keeps values: a condition at depth d is a JSON object at
    /// depth 2d−1 and its operands sit at 2d+1; a little more leaves room for unknown
    /// members (such as a MongoDB `_id` object) on the deepest condition.
    var keptJSONDepth: Int { 2 * maxDepth + 4 }
}
