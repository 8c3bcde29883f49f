extension StringProtocol {
    /// The text without the white space and newlines (`Character.isWhitespace`) at either end, nor any of
    /// `also`: what Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` did, without Foundation.
    func trimmedOfWhitespace(also extra: Set<Character>) -> SubSequence {
        let trimmed: (Character) -> Bool = { $0.isWhitespace || extra.contains($0) }
        let start = firstIndex { !trimmed($0) } ?? endIndex
        let end = lastIndex { !trimmed($0) }.map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
