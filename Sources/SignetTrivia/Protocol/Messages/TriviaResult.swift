import SignetJSON

/// Server → every connected user when a question closes: the right answer and what it means for you.
public struct TriviaResult: Sendable, Equatable, TriviaMessagePayload {
    /// The question that closed.
    public var questionId: String
    /// Whether the recipient's answer was right (false when they gave none or were a viewer).
    public var correct: Bool
    /// The index of the right choice.
    public var correctChoice: Int
    /// The recipient's answer, nil (`null`) when they gave none.
    public var choice: Int?
    /// The recipient's role from now on. After a wrong answer with a joker on offer it is `viewer`
    /// unless a `use-joker` is accepted before the next question.
    public var role: TriviaRole
    /// The recipient's score after this question.
    public var score: Int
    /// Whether the recipient may send `use-joker` for this question.
    public var jokerOffered: Bool

    /// A result with the given fields.
    public init(questionId: String, correct: Bool, correctChoice: Int, choice: Int?, role: TriviaRole,
                score: Int, jokerOffered: Bool) {
        self.questionId = questionId
        self.correct = correct
        self.correctChoice = correctChoice
        self.choice = choice
        self.role = role
        self.score = score
        self.jokerOffered = jokerOffered
    }

    init(fields: TriviaJSONFields) throws(TriviaMessageError) {
        self.init(questionId: try fields.identifier("questionId"), correct: try fields.bool("correct"),
                  correctChoice: try fields.integer("correctChoice"), choice: try fields.optionalInteger("choice"),
                  role: try fields.role("role"), score: try fields.integer("score"),
                  jokerOffered: try fields.bool("jokerOffered"))
    }

    var jsonMembers: [(key: String, value: JSONValue)] {
        [("questionId", .string(questionId)), ("correct", .bool(correct)), ("correctChoice", .integer(correctChoice)),
         ("choice", choice.json), ("role", .string(role.rawValue)), ("score", .integer(score)),
         ("jokerOffered", .bool(jokerOffered))]
    }
}
