#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SignetJSON

/// Server → every connected user: the next question, open until its deadline.
public struct TriviaQuestionPrompt: Sendable, Equatable, TriviaMessagePayload {
    /// The question's identifier; answers and jokers name it.
    public var questionId: String
    /// Zero-based position in this game (`index + 1` of `count` for display).
    public var index: Int
    /// How many questions the game asks.
    public var count: Int
    /// The question text.
    public var text: String
    /// The choices, in the order answers index them.
    public var choices: [String]
    /// The server's deadline (answers judged by the server's clock); ISO-8601 UTC with milliseconds.
    public var deadline: Date
    /// Milliseconds from sending to the deadline; clients count down from receipt with this, so their
    /// clock need not agree with the server's.
    public var remainingMilliseconds: Int
    /// The recipient's role for this question.
    public var role: TriviaRole

    /// A question prompt with the given fields.
    public init(questionId: String, index: Int, count: Int, text: String, choices: [String],
                deadline: Date, remainingMilliseconds: Int, role: TriviaRole) {
        self.questionId = questionId
        self.index = index
        self.count = count
        self.text = text
        self.choices = choices
        self.deadline = deadline
        self.remainingMilliseconds = remainingMilliseconds
        self.role = role
    }

    init(fields: TriviaJSONFields) throws(TriviaMessageError) {
        let choices = try fields.stringArray("choices")
        guard choices.count >= 2 else {
            throw .invalidValue(path: fields.path(of: "choices"), expected: "at least 2 choices")
        }
        self.init(questionId: try fields.identifier("questionId"), index: try fields.integer("index"),
                  count: try fields.integer("count", minimum: 1), text: try fields.string("text"),
                  choices: choices, deadline: try fields.timestamp("deadline"),
                  remainingMilliseconds: try fields.integer("remainingMs"), role: try fields.role("role"))
        guard index < count else {
            throw .invalidValue(path: fields.path(of: "index"), expected: "an index below count (\(count))")
        }
    }

    var jsonMembers: [(key: String, value: JSONValue)] {
        [("questionId", .string(questionId)), ("index", .integer(index)), ("count", .integer(count)),
         ("text", .string(text)), ("choices", .array(choices.map { .string($0) })),
         ("deadline", .string(TriviaTimestamp.string(from: deadline))),
         ("remainingMs", .integer(remainingMilliseconds)), ("role", .string(role.rawValue))]
    }
}
