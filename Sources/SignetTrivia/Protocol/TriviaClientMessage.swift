#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A message a client sends over the `/trivia/play` WebSocket, as one JSON text frame.
public enum TriviaClientMessage: Sendable, Equatable {
    /// `{"type":"answer","questionId":"q-capital-australia","choice":2}`: the user's one answer to a question.
    case answer(questionId: String, choice: Int)
    /// `{"type":"use-joker","questionId":"q-capital-australia"}`: spend a joker after a wrong answer.
    case useJoker(questionId: String)

    /// The wire names of the client message types.
    public static let typeNames = ["answer", "use-joker"]

    /// The `type` field of this message.
    public var typeName: String {
        switch self {
        case .answer: "answer"
        case .useJoker: "use-joker"
        }
    }

    /// The question this message is about.
    public var questionId: String {
        switch self {
        case .answer(let questionId, _), .useJoker(let questionId): questionId
        }
    }

    /// The message as compact JSON text, `type` first.
    public var jsonText: String {
        switch self {
        case .answer(let questionId, let choice):
            TriviaMessageDecoding.text(type: typeName, [("questionId", .string(questionId)), ("choice", .integer(choice))])
        case .useJoker(let questionId):
            TriviaMessageDecoding.text(type: typeName, [("questionId", .string(questionId))])
        }
    }

    /// Decodes a client message from JSON text. Unknown extra fields are ignored.
    public static func decode(
        _ text: String, limits: TriviaMessageLimits = .clientMessages
    ) throws(TriviaMessageError) -> TriviaClientMessage {
        try decode(bytes: Array(text.utf8), limits: limits)
    }

    /// Decodes a client message from UTF-8 bytes. Unknown extra fields are ignored.
    public static func decode(
        bytes: [UInt8], limits: TriviaMessageLimits = .clientMessages
    ) throws(TriviaMessageError) -> TriviaClientMessage {
        let (fields, type) = try TriviaMessageDecoding.fieldsAndType(bytes, limits: limits)
        switch type {
        case "answer":
            return .answer(questionId: try fields.identifier("questionId"), choice: try fields.integer("choice"))
        case "use-joker":
            return .useJoker(questionId: try fields.identifier("questionId"))
        default:
            throw .unknownType(type, known: typeNames)
        }
    }
}
