import Foundation
import Testing
@testable import SignetTrivia

@Suite("Server message codec")
struct ServerMessageCodecTests {
    static let deadline = Date(timeIntervalSince1970: 1_800_000_010)

    /// Every server message type with its exact wire text (the examples in docs/trivia-protocol.md).
    static let examples: [(TriviaServerMessage, String)] = [
        (.welcome(TriviaWelcome(user: "bob", role: .player, jokers: 1, questionCount: 5, started: false)),
         #"{"type":"welcome","user":"bob","role":"player","jokers":1,"questionCount":5,"started":false}"#),
        (.question(TriviaQuestionPrompt(questionId: "q-capital-australia", index: 0, count: 5,
                                        text: "What is the capital of Australia?",
                                        choices: ["Sydney", "Perth", "Canberra", "Melbourne"],
                                        deadline: deadline, remainingMilliseconds: 10_000, role: .player)),
         #"{"type":"question","questionId":"q-capital-australia","index":0,"count":5,"text":"What is the capital of Australia?","choices":["Sydney","Perth","Canberra","Melbourne"],"deadline":"2027-01-15T08:00:10.000Z","remainingMs":10000,"role":"player"}"#),
        (.answerReceived(TriviaAnswerReceipt(questionId: "q-capital-australia", choice: 0)),
         #"{"type":"answer-received","questionId":"q-capital-australia","choice":0}"#),
        (.result(TriviaResult(questionId: "q-capital-australia", correct: false, correctChoice: 2, choice: 0,
                              role: .viewer, score: 0, jokerOffered: true)),
         #"{"type":"result","questionId":"q-capital-australia","correct":false,"correctChoice":2,"choice":0,"role":"viewer","score":0,"jokerOffered":true}"#),
        (.result(TriviaResult(questionId: "q-capital-australia", correct: false, correctChoice: 2, choice: nil,
                              role: .viewer, score: 0, jokerOffered: false)),
         #"{"type":"result","questionId":"q-capital-australia","correct":false,"correctChoice":2,"choice":null,"role":"viewer","score":0,"jokerOffered":false}"#),
        (.jokerResult(TriviaJokerResult(questionId: "q-capital-australia", accepted: true, reason: nil,
                                        role: .player, jokers: 0)),
         #"{"type":"joker-result","questionId":"q-capital-australia","accepted":true,"reason":null,"role":"player","jokers":0}"#),
        (.jokerResult(TriviaJokerResult(questionId: "q-hexagon-sides", accepted: false, reason: .jokerAlreadyUsed,
                                        role: .viewer, jokers: 1)),
         #"{"type":"joker-result","questionId":"q-hexagon-sides","accepted":false,"reason":"joker-already-used","role":"viewer","jokers":1}"#),
        (.finish(standings: [
            TriviaStanding(user: "ann", score: 5, role: .player, rank: 1, left: false),
            TriviaStanding(user: "bob", score: 4, role: .player, rank: 2, left: false),
            TriviaStanding(user: "cat", score: 0, role: .viewer, rank: 3, left: true),
        ]),
         #"{"type":"finish","standings":[{"user":"ann","score":5,"role":"player","rank":1,"left":false},{"user":"bob","score":4,"role":"player","rank":2,"left":false},{"user":"cat","score":0,"role":"viewer","rank":3,"left":true}]}"#),
        (.error(TriviaServerError(code: .malformed, message: "$.choice: expected integer, found string", path: "$.choice")),
         #"{"type":"error","code":"malformed","message":"$.choice: expected integer, found string","path":"$.choice","byteOffset":null}"#),
        (.error(TriviaServerError(code: .lateAnswer, message: "answer: \"q1\" closed at its deadline")),
         #"{"type":"error","code":"late-answer","message":"answer: \"q1\" closed at its deadline","path":null,"byteOffset":null}"#),
    ]

    @Test(arguments: examples.indices)
    func encodesExactlyAndDecodesBack(index: Int) throws {
        let (message, text) = Self.examples[index]
        #expect(message.jsonText == text)
        #expect(try TriviaServerMessage.decode(text) == message)
    }

    /// Every prefix of every example either fails with a typed error or decodes; nothing crashes.
    @Test func truncatedMessagesFailCleanly() {
        for (_, text) in Self.examples {
            let bytes = Array(text.utf8)
            for length in 0..<bytes.count {
                #expect(throws: TriviaMessageError.self) { try TriviaServerMessage.decode(bytes: Array(bytes[0..<length])) }
            }
        }
    }

    @Test func depthLimitIsCapped() {
        #expect(TriviaMessageLimits(maxBytes: 10, maxDepth: 1_000_000).maxDepth == TriviaMessageLimits.depthCeiling)
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: TriviaMessageError.tooDeep(byteOffset: 512, limit: 512)) {
            try TriviaServerMessage.decode(deep, limits: TriviaMessageLimits(maxBytes: 10_000, maxDepth: 10_000))
        }
    }

    @Test func everyTypeHasAnExample() {
        #expect(Set(Self.examples.map(\.0.typeName)) == Set(TriviaServerMessage.typeNames))
    }

    @Test func nestedFaultsNameTheirPath() {
        let text = #"{"type":"finish","standings":[{"user":"ann","score":1,"role":"player","rank":1,"left":false},{"user":"bob","score":0,"role":"player","rank":"2","left":false}]}"#
        #expect(throws: TriviaMessageError.wrongType(path: "$.standings[1].rank", expected: "integer", found: "string")) {
            try TriviaServerMessage.decode(text)
        }
        #expect(throws: TriviaMessageError.invalidValue(path: "$.role", expected: #"one of "player", "viewer""#)) {
            try TriviaServerMessage.decode(#"{"type":"welcome","user":"a","role":"king","jokers":0,"questionCount":1,"started":false}"#)
        }
        #expect(throws: TriviaMessageError.missingField(path: "$.reason")) {
            try TriviaServerMessage.decode(#"{"type":"joker-result","questionId":"q","accepted":false,"role":"viewer","jokers":0}"#)
        }
    }

    @Test func questionChecksDeadlineChoicesAndIndex() {
        let base = #"{"type":"question","questionId":"q","index":0,"count":1,"text":"t","choices":["a","b"],"remainingMs":5,"role":"player","deadline":"#
        #expect(throws: TriviaMessageError.invalidValue(path: "$.deadline", expected: "an ISO-8601 UTC time such as 2027-01-15T08:00:10.000Z")) {
            try TriviaServerMessage.decode(base + #""2027-02-30T08:00:10.000Z"}"#)
        }
        #expect(throws: TriviaMessageError.invalidValue(path: "$.choices", expected: "at least 2 choices")) {
            try TriviaServerMessage.decode(base.replacingOccurrences(of: #"["a","b"]"#, with: #"["a"]"#) + #""2027-01-15T08:00:10.000Z"}"#)
        }
        #expect(throws: TriviaMessageError.wrongType(path: "$.choices[1]", expected: "string", found: "integer")) {
            try TriviaServerMessage.decode(base.replacingOccurrences(of: #"["a","b"]"#, with: #"["a",2]"#) + #""2027-01-15T08:00:10.000Z"}"#)
        }
        #expect(throws: TriviaMessageError.invalidValue(path: "$.index", expected: "an index below count (1)")) {
            try TriviaServerMessage.decode(base.replacingOccurrences(of: #""index":0"#, with: #""index":1"#) + #""2027-01-15T08:00:10.000Z"}"#)
        }
    }

    @Test func unknownServerErrorCodesSurvive() throws {
        let message = try TriviaServerMessage.decode(#"{"type":"error","code":"rate-limited","message":"slow down"}"#)
        #expect(message == .error(TriviaServerError(code: TriviaErrorCode(rawValue: "rate-limited"), message: "slow down")))
    }

    @Test func jokersResponse() throws {
        #expect(TriviaJokersResponse(user: "bob", jokers: 1).jsonText == #"{"user":"bob","jokers":1}"#)
        #expect(try TriviaJokersResponse.decode(bytes: Array(#"{"jokers":2,"user":"ann"}"#.utf8)) == TriviaJokersResponse(user: "ann", jokers: 2))
        #expect(throws: TriviaMessageError.wrongType(path: "$.jokers", expected: "integer", found: "null")) {
            try TriviaJokersResponse.decode(bytes: Array(#"{"user":"ann","jokers":null}"#.utf8))
        }
    }
}
