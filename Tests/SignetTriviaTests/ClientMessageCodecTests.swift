import Testing
@testable import SignetTrivia

@Suite("Client message codec")
struct ClientMessageCodecTests {
    @Test func answerEncodesExactly() {
        let message = TriviaClientMessage.answer(questionId: "q-capital-australia", choice: 2)
        #expect(message.jsonText == #"{"type":"answer","questionId":"q-capital-australia","choice":2}"#)
    }

    @Test func useJokerEncodesExactly() {
        let message = TriviaClientMessage.useJoker(questionId: "q-capital-australia")
        #expect(message.jsonText == #"{"type":"use-joker","questionId":"q-capital-australia"}"#)
    }

    @Test func decodesWithWhitespaceAnyKeyOrderAndExtraFields() throws {
        let text = #" { "choice" : 3, "client": {"v": [1, 2]}, "questionId": "q1", "type": "answer" } "#
        #expect(try TriviaClientMessage.decode(text) == .answer(questionId: "q1", choice: 3))
        #expect(try TriviaClientMessage.decode(#"{"type":"use-joker","questionId":"q9"}"#) == .useJoker(questionId: "q9"))
    }

    @Test func choiceOfWrongTypeNamesTheField() {
        #expect(throws: TriviaMessageError.wrongType(path: "$.choice", expected: "integer", found: "string")) {
            try TriviaClientMessage.decode(#"{"type":"answer","questionId":"q1","choice":"2"}"#)
        }
        #expect(throws: TriviaMessageError.wrongType(path: "$.choice", expected: "integer", found: "number")) {
            try TriviaClientMessage.decode(#"{"type":"answer","questionId":"q1","choice":1.5}"#)
        }
        let error = TriviaMessageError.wrongType(path: "$.choice", expected: "integer", found: "string")
        #expect(error.description == "$.choice: expected integer, found string")
        #expect(error.code == .malformed)
    }

    @Test func missingAndInvalidFields() {
        #expect(throws: TriviaMessageError.missingField(path: "$.questionId")) {
            try TriviaClientMessage.decode(#"{"type":"answer","choice":1}"#)
        }
        #expect(throws: TriviaMessageError.missingField(path: "$.type")) {
            try TriviaClientMessage.decode(#"{"questionId":"q1"}"#)
        }
        #expect(throws: TriviaMessageError.invalidValue(path: "$.choice", expected: "an integer ≥ 0")) {
            try TriviaClientMessage.decode(#"{"type":"answer","questionId":"q1","choice":-1}"#)
        }
        #expect(throws: TriviaMessageError.invalidValue(path: "$.questionId", expected: "a non-empty string")) {
            try TriviaClientMessage.decode(#"{"type":"use-joker","questionId":""}"#)
        }
        #expect(throws: TriviaMessageError.wrongType(path: "$", expected: "object", found: "array")) {
            try TriviaClientMessage.decode(#"[1,2]"#)
        }
    }

    @Test func unknownTypeIsItsOwnError() {
        let expected = TriviaMessageError.unknownType("question", known: ["answer", "use-joker"])
        #expect(throws: expected) { try TriviaClientMessage.decode(#"{"type":"question"}"#) }
        #expect(expected.code == .unknownType)
        #expect(expected.path == "$.type")
        #expect(expected.description == #"$.type: unknown message type "question" (expected one of answer, use-joker)"#)
    }

    @Test func invalidJSONReportsTheByteOffset() {
        #expect(throws: TriviaMessageError.invalidJSON(byteOffset: 21, reason: "expected \":\" after a member name at $.x")) {
            try TriviaClientMessage.decode(#"{"type":"answer","x" 1}"#)
        }
        #expect(throws: TriviaMessageError.invalidJSON(byteOffset: 13, reason: "the input ends inside a string at $.type")) {
            try TriviaClientMessage.decode(#"{"type":"answ"#)
        }
        #expect(throws: TriviaMessageError.invalidJSON(byteOffset: 0, reason: "the input ends where a value should be at $")) {
            try TriviaClientMessage.decode("")
        }
    }

    @Test func sizeAndDepthLimitsHold() {
        let long = #"{"type":"answer","questionId":""# + String(repeating: "x", count: 5_000) + #"","choice":1}"#
        #expect(throws: TriviaMessageError.tooLarge(byteCount: long.utf8.count, limit: 4_096)) {
            try TriviaClientMessage.decode(long)
        }
        // 100 000 nested arrays: refused at the limit, long before the parser's recursion could matter.
        let deep = #"{"type":"answer","x":"# + String(repeating: "[", count: 100_000)
        let limits = TriviaMessageLimits(maxBytes: 1_000_000, maxDepth: 8)
        #expect(throws: TriviaMessageError.tooDeep(byteOffset: 28, limit: 8)) {
            try TriviaClientMessage.decode(deep, limits: limits)
        }
    }
}
