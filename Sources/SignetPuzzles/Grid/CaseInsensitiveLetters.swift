/// How puzzle letters and words are compared: ignoring case, letter by letter, so `"a"`
/// matches `"A"` and `"Cats"` matches `"CATS"`. Grids and words keep the case they arrived in.
public enum CaseInsensitiveLetters {
    /// Whether two letters are equal ignoring case.
    public static func equal(_ lhs: Character, _ rhs: Character) -> Bool {
        lhs == rhs || lhs.uppercased() == rhs.uppercased()
    }

    /// Whether two words have the same number of letters and each pair is `equal`.
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { equal($0, $1) }
    }
}
