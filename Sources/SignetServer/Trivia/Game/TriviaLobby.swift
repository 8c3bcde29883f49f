import Signet
import SignetTrivia

/// When a waiting game sends its first question: as soon as enough players are connected, or a
/// while after the first one joined, whichever comes first.
///
/// ``TriviaGame`` itself starts only when told (``TriviaGame/start(now:)``); the reference server's
/// game host applies this rule.
public struct TriviaLobby: Sendable, Equatable {
    /// Start as soon as this many players are connected (at least 1).
    public var playersToStart: Int
    /// Start this long after the first player joined, with whoever is connected then.
    public var maximumWait: Duration

    /// A lobby rule with the given bounds (``TriviaGameConfiguration`` checks them).
    public init(playersToStart: Int = 3, maximumWait: Duration = .seconds(10)) {
        self.playersToStart = playersToStart
        self.maximumWait = maximumWait
    }

    /// The reference server's rule: three players, or ten seconds after the first joined.
    public static let standard = TriviaLobby()
}
