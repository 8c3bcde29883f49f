/// The machine-readable reason in an `error` message or a refused `joker-result`.
///
/// A struct over the raw string rather than an enum, so a client keeps working when a newer
/// server sends a code it does not know.
public struct TriviaErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as it appears on the wire, e.g. `late-answer`.
    public let rawValue: String

    /// The code with the given wire spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The wire spelling.
    public var description: String { rawValue }

    /// The message is not valid JSON, is too large or too deep, or a field is missing or mistyped.
    public static let malformed = TriviaErrorCode(rawValue: "malformed")
    /// The `type` field names no client message.
    public static let unknownType = TriviaErrorCode(rawValue: "unknown-type")
    /// A valid message that does not fit the game's state (an answer before the game starts or after it ends).
    public static let unexpectedMessage = TriviaErrorCode(rawValue: "unexpected-message")
    /// The user has not joined this game.
    public static let notJoined = TriviaErrorCode(rawValue: "not-joined")
    /// The user is already connected to this game.
    public static let alreadyJoined = TriviaErrorCode(rawValue: "already-joined")
    /// The game has as many participants as it takes; the socket is then closed (try the next game).
    public static let gameFull = TriviaErrorCode(rawValue: "game-full")
    /// The `questionId` names no question sent in this game.
    public static let unknownQuestion = TriviaErrorCode(rawValue: "unknown-question")
    /// The answer arrived after the question's deadline, or for a question already closed.
    public static let lateAnswer = TriviaErrorCode(rawValue: "late-answer")
    /// The user already answered this question.
    public static let alreadyAnswered = TriviaErrorCode(rawValue: "already-answered")
    /// The user is a viewer and may not answer.
    public static let viewerCannotAnswer = TriviaErrorCode(rawValue: "viewer-cannot-answer")
    /// The `choice` index is not one of the question's choices.
    public static let invalidChoice = TriviaErrorCode(rawValue: "invalid-choice")
    /// Joker refused: the user owns no joker.
    public static let noJoker = TriviaErrorCode(rawValue: "no-joker")
    /// Joker refused: the user already used a joker in this game.
    public static let jokerAlreadyUsed = TriviaErrorCode(rawValue: "joker-already-used")
    /// Joker refused: no joker is on offer for this user and question (answered right, already a
    /// viewer before the question, or the offer expired when the next question went out).
    public static let jokerNotOffered = TriviaErrorCode(rawValue: "joker-not-offered")
}
