import SignetTrivia
/// What a ``TriviaConnection`` reports, in order, on ``TriviaConnection/events``.
public enum TriviaConnectionEvent: Sendable, Equatable {
    /// The state machine took an event — a server message, the local deadline, or an intent it accepted —
    /// and `machine` is its state afterwards. Refused intents are returned to the caller, not reported here.
    case handled(TriviaClientEvent, outcome: TriviaClientOutcome, machine: TriviaClientMachine)
    /// A server frame that is not a valid message (the fault and where); it was ignored.
    case undecodable(TriviaMessageError)
    /// The connection is over. Always the last event.
    case ended(TriviaConnectionEnd)
}

/// How a game connection ended.
public enum TriviaConnectionEnd: Sendable, Equatable {
    /// The server sent `finish` with these standings, best first.
    case finished(standings: [TriviaStanding])
    /// The socket ended before `finish`: dropped, refused, or closed by this side.
    case failed(TriviaConnectionError)
}
