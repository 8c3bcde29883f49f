/// The built-in operators, registered exactly as a user's operator would be.
///
/// Strings compare as Swift `String`s: by Unicode canonical equivalence, at
/// `Character` (extended grapheme cluster) boundaries, case-sensitively. So
/// `"é"` (U+00E9) equals `"e\u{301}"` (e + combining acute), and `"café"` written
/// either way contains `"é"` written either way; but `"e\u{301}"` neither
/// contains nor starts with `"e"`, because its only character is `é`.
/// The empty string is contained in, and a prefix of, every string (itself included).
public enum StandardOperators {
    /// `eq(a, b)`: `a == b`.
    public static let eq = ConditionOperator.operands(named: "eq", arity: .exactly(2)) { values in
        values[0] == values[1]
    }.compiled(.operands { ConditionCompiler.equal($0, negated: false) })

    /// `ne(a, b)`: `a != b`.
    public static let ne = ConditionOperator.operands(named: "ne", arity: .exactly(2)) { values in
        values[0] != values[1]
    }.compiled(.operands { ConditionCompiler.equal($0, negated: true) })

    /// `and(c1, c2, …)`: every condition holds; stops at the first that does not.
    public static let and = ConditionOperator.conditions(named: "and", arity: .atLeast(1)) { results in
        results.allSatisfy { $0 }
    }.compiled(.conditions(ConditionCompiler.all))

    /// `or(c1, c2, …)`: some condition holds; stops at the first that does.
    public static let or = ConditionOperator.conditions(named: "or", arity: .atLeast(1)) { results in
        results.contains(true)
    }.compiled(.conditions(ConditionCompiler.any))

    /// `containsString(text, part)`: `part` occurs in `text` (any string contains `""`).
    public static let containsString = ConditionOperator.operands(named: "containsString", arity: .exactly(2)) {
        values in
        contains(values[0], values[1])
    }.compiled(.operands { ConditionCompiler.binary($0, contains) })

    /// `startsWith(text, prefix)`: `text` begins with `prefix` (every string starts with `""`).
    public static let startsWith = ConditionOperator.operands(named: "startsWith", arity: .exactly(2)) { values in
        values[0].starts(with: values[1])
    }.compiled(.operands { ConditionCompiler.binary($0) { $0.starts(with: $1) } })

    /// All six, in the order above.
    public static let all: [ConditionOperator] = [eq, ne, and, or, containsString, startsWith]

    /// Character-wise search, spelled out so that no overload (Foundation's `NSString`
    /// semantics among them) decides what "contains" means. Knuth–Morris–Pratt over `Character`s, in time
    /// linear in both lengths: trying `part` at every position was quadratic, and a document of two long
    /// strings (within the size limit) held one evaluation for minutes.
    private static func contains(_ text: String, _ part: String) -> Bool {
        if part.isEmpty { return true }
        let pattern = Array(part)
        // fallback[i]: the length of the longest proper prefix of pattern[0...i] that is also its suffix.
        var fallback = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in pattern.indices.dropFirst() {
            while length > 0, pattern[index] != pattern[length] { length = fallback[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            fallback[index] = length
        }
        var matched = 0
        for character in text {
            while matched > 0, character != pattern[matched] { matched = fallback[matched - 1] }
            if character == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
        }
        return false
    }
}
