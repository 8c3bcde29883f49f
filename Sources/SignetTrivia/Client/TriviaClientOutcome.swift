/// What handling one event produced: messages to send, and a refusal to show when the event was not allowed.
public struct TriviaClientOutcome: Sendable, Equatable {
    /// Messages to send to the server, in order.
    public var send: [TriviaClientMessage]
    /// Why the event was refused (the state is then unchanged unless the refusal says otherwise).
    public var refusal: TriviaClientRefusal?

    /// An outcome with the given messages and refusal.
    public init(send: [TriviaClientMessage] = [], refusal: TriviaClientRefusal? = nil) {
        self.send = send
        self.refusal = refusal
    }

    /// Nothing to send, nothing refused.
    public static let nothing = TriviaClientOutcome()

    /// A refusal and nothing to send.
    public static func refused(_ refusal: TriviaClientRefusal) -> TriviaClientOutcome {
        TriviaClientOutcome(refusal: refusal)
    }
}

/// Why the client machine refused an event.
public enum TriviaClientRefusal: Sendable, Equatable, CustomStringConvertible {
    /// A viewer tried to answer.
    case viewerCannotAnswer
    /// The user already answered this question.
    case alreadyAnswered
    /// No question is open (before the first, or while a result is shown).
    case noOpenQuestion
    /// The question's deadline has passed; the state moves to ``TriviaClientState/questionClosed(_:)``.
    case deadlinePassed
    /// The choice index is not one of the question's choices.
    case invalidChoice(Int, choiceCount: Int)
    /// `useJoker` or `declineJoker` without a joker on offer.
    case noJokerOffered
    /// `useJoker` again while the first request is unanswered.
    case jokerAlreadyRequested
    /// The game is over.
    case gameFinished
    /// The connection is gone.
    case disconnected
    /// A server message that does not fit the current state; it was ignored.
    case unexpectedMessage(type: String)

    /// The refusal in words a screen can show.
    public var description: String {
        switch self {
        case .viewerCannotAnswer: "viewers cannot answer"
        case .alreadyAnswered: "this question is already answered"
        case .noOpenQuestion: "no question is open"
        case .deadlinePassed: "the time for this question is up"
        case .invalidChoice(let choice, let count):
            count > 0 ? "choice \(choice) is not in 0…\(count - 1)" : "choice \(choice): the question has no choices"
        case .noJokerOffered: "no joker is on offer"
        case .jokerAlreadyRequested: "the joker is already requested"
        case .gameFinished: "the game is over"
        case .disconnected: "the connection is lost"
        case .unexpectedMessage(let type): "unexpected \"\(type)\" message ignored"
        }
    }
}
