import SignetJSON

/// Server → the answering user: the answer was accepted and recorded (not yet judged).
public struct TriviaAnswerReceipt: Sendable, Equatable, TriviaMessagePayload {
    /// The question answered.
    public var questionId: String
    /// The choice index recorded.
    public var choice: Int

    /// A receipt for `choice` on `questionId`.
    public init(questionId: String, choice: Int) {
        self.questionId = questionId
        self.choice = choice
    }

    init(fields: TriviaJSONFields) throws(TriviaMessageError) {
        self.init(questionId: try fields.identifier("questionId"), choice: try fields.integer("choice"))
    }

    var jsonMembers: [(key: String, value: JSONValue)] {
        [("questionId", .string(questionId)), ("choice", .integer(choice))]
    }
}
