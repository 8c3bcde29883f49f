import SignetPuzzles
/// What marking a word as found did.
public enum FindOutcome: Sendable, Hashable {
    /// The word is now found; others remain.
    case found
    /// The word had been found before; nothing changed.
    case alreadyFound
    /// The puzzle has no such word (compared ignoring case); nothing changed.
    case notInPuzzle
    /// The word was the last one: the game is now finished.
    case won
}
