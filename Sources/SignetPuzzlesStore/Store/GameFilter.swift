import SignetPuzzles
/// Which games `PuzzleStore.games(_:)` lists.
public enum GameFilter: Sendable, Hashable {
    /// Every game.
    case all
    /// Games with words still to find.
    case inProgress
    /// Games whose words have all been found.
    case finished
}
