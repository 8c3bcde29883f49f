/// Why a game connection could not open, or ended before `finish`.
public enum TriviaConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server address cannot be turned into a `ws://` or `wss://` URL.
    case invalidAddress(String)
    /// The user name breaks ``TriviaUserName``'s rule; the text names the fault.
    case invalidUser(String)
    /// The server could not be reached, or refused the WebSocket upgrade (e.g. `400` for a bad user).
    case connectFailed(url: String, reason: String)
    /// The socket closed or failed before the server sent `finish`: a dropped connection (also a server
    /// that stopped answering pings).
    case connectionLost(reason: String)
    /// This side closed the socket (`TriviaConnection/close()`) before `finish`.
    case closedByClient
    /// The server sent no message for longer than the limit of the phase (`limit`: `TriviaConnectionLimits`'
    /// `openTimeout`, `lobbyTimeout` or `idleTimeout`): `phase` is what the client was waiting for,
    /// `waited` how long the server had been silent.
    case serverSilent(phase: TriviaConnectionPhase, waited: Duration, limit: Duration)
    /// The game went past one of `TriviaConnectionLimits`' bounds without `finish`.
    case gameTooLong(TriviaGameBound)

    /// The fault in one line.
    public var description: String {
        switch self {
        case .invalidAddress(let reason): "invalid trivia server address: \(reason)"
        case .invalidUser(let reason): "invalid trivia user: \(reason)"
        case .connectFailed(let url, let reason): "cannot open the game socket \(url): \(reason)"
        case .connectionLost(let reason): "the game connection was lost before the end of the game: \(reason)"
        case .closedByClient: "the game connection was closed by this side before the end of the game"
        case .serverSilent(let phase, let waited, let limit):
            "the trivia server sent nothing for \(waited.secondsDescription) \(phase.waitingFor) "
                + "(limit \(limit.secondsDescription)\(phase == .question ? " after the question's deadline" : "")); giving up"
        case .gameTooLong(let bound): "the trivia game did not finish: \(bound); giving up"
        }
    }
}

/// What a client was waiting for when its server went silent.
public enum TriviaConnectionPhase: String, Sendable, Equatable, CaseIterable {
    /// The WebSocket upgrade: the server accepted the connection but did not answer the upgrade.
    case opening
    /// The lobby: `welcome`, or the first question.
    case lobby
    /// A question: open, answered, or closed on this side; the server owes its `result`.
    case question
    /// The review after a result (or a joker decision): the server owes the next question or `finish`.
    case review

    /// `while waiting for …`, for messages.
    var waitingFor: String {
        switch self {
        case .opening: "while waiting for the WebSocket upgrade"
        case .lobby: "in the lobby, waiting for the game to start"
        case .question: "while waiting for the result of a question"
        case .review: "after a result, waiting for the next question or the end of the game"
        }
    }
}

/// The bound a game without `finish` went past.
public enum TriviaGameBound: Sendable, Equatable, CustomStringConvertible {
    /// More `question` messages than `TriviaConnectionLimits/maximumQuestions`.
    case questions(limit: Int)
    /// Longer than `TriviaConnectionLimits/maximumGameDuration` since the socket opened.
    case duration(limit: Duration)

    /// The bound in words.
    public var description: String {
        switch self {
        case .questions(let limit): "the server sent more than \(limit) questions without `finish`"
        case .duration(let limit): "still no `finish` \(limit.secondsDescription) after the game's socket opened"
        }
    }
}
