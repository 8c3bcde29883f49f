#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SignetJSON

/// A message the server sends over the `/trivia/play` WebSocket, as one JSON text frame.
public enum TriviaServerMessage: Sendable, Equatable {
    /// `welcome`: sent once to a user when they connect.
    case welcome(TriviaWelcome)
    /// `question`: a question opens; sent to every connected user.
    case question(TriviaQuestionPrompt)
    /// `answer-received`: the user's answer was recorded.
    case answerReceived(TriviaAnswerReceipt)
    /// `result`: a question closed; each user gets their own.
    case result(TriviaResult)
    /// `joker-result`: the answer to `use-joker`.
    case jokerResult(TriviaJokerResult)
    /// `finish`: the game is over; the final standings, best first.
    case finish(standings: [TriviaStanding])
    /// `error`: the user's last message was refused.
    case error(TriviaServerError)

    /// The wire names of the server message types.
    public static let typeNames = ["welcome", "question", "answer-received", "result", "joker-result", "finish", "error"]

    /// The `type` field of this message.
    public var typeName: String {
        switch self {
        case .welcome: "welcome"
        case .question: "question"
        case .answerReceived: "answer-received"
        case .result: "result"
        case .jokerResult: "joker-result"
        case .finish: "finish"
        case .error: "error"
        }
    }

    /// The message as compact JSON text, `type` first.
    public var jsonText: String {
        let members: [(key: String, value: JSONValue)] = switch self {
        case .welcome(let payload): payload.jsonMembers
        case .question(let payload): payload.jsonMembers
        case .answerReceived(let payload): payload.jsonMembers
        case .result(let payload): payload.jsonMembers
        case .jokerResult(let payload): payload.jsonMembers
        case .finish(let standings): [("standings", .array(standings.map { .object(JSONObject($0.jsonMembers)) }))]
        case .error(let payload): payload.jsonMembers
        }
        return TriviaMessageDecoding.text(type: typeName, members)
    }

    /// Decodes a server message from JSON text. Unknown extra fields are ignored.
    public static func decode(
        _ text: String, limits: TriviaMessageLimits = .serverMessages
    ) throws(TriviaMessageError) -> TriviaServerMessage {
        try decode(bytes: Array(text.utf8), limits: limits)
    }

    /// Decodes a server message from UTF-8 bytes. Unknown extra fields are ignored.
    public static func decode(
        bytes: [UInt8], limits: TriviaMessageLimits = .serverMessages
    ) throws(TriviaMessageError) -> TriviaServerMessage {
        let (fields, type) = try TriviaMessageDecoding.fieldsAndType(bytes, limits: limits)
        switch type {
        case "welcome": return .welcome(try TriviaWelcome(fields: fields))
        case "question": return .question(try TriviaQuestionPrompt(fields: fields))
        case "answer-received": return .answerReceived(try TriviaAnswerReceipt(fields: fields))
        case "result": return .result(try TriviaResult(fields: fields))
        case "joker-result": return .jokerResult(try TriviaJokerResult(fields: fields))
        case "error": return .error(try TriviaServerError(fields: fields))
        case "finish":
            var standings: [TriviaStanding] = []
            for element in try fields.array("standings") {
                standings.append(try TriviaStanding(fields: try TriviaJSONFields(element.value, path: element.path)))
            }
            return .finish(standings: standings)
        default:
            throw .unknownType(type, known: typeNames)
        }
    }
}
