import Foundation
import SignetConditions
import Testing

/// The REST models: the list of summaries and a condition document.
@Suite struct ModelTests {
    static let listJSON = #"[{"name":"first example - simple eq operator","_id":"1"},{"name":"second example - and operator","_id":"2"}]"#

    static let documentJSON = """
        { "name": "second example - and operator", "_id": "2",
          "condition": { "op": "and", "args": [
            { "op": "ne", "args": [{ "type": "argument", "argumentNumber": 1 }, { "type": "string", "value": "rollout.io" }] },
            { "op": "containsString", "args": [{ "type": "argument", "argumentNumber": 1 }, { "type": "string", "value": "ro" }] }
          ] } }
        """

    @Test func summariesDecodeWithJSONDecoder() throws {
        let summaries = try JSONDecoder().decode([ConditionSummary].self, from: Data(Self.listJSON.utf8))
        #expect(summaries == [
            ConditionSummary(name: "first example - simple eq operator", id: "1"),
            ConditionSummary(name: "second example - and operator", id: "2"),
        ])
    }

    @Test func summariesReadWithTheBoundedReader() throws {
        let summaries = try ConditionSummary.list(from: Array(Self.listJSON.utf8))
        #expect(summaries.map(\.id) == ["1", "2"])
        #expect(summaries.first?.name == "first example - simple eq operator")
    }

    @Test func aSummaryWithoutIdSaysWhere() {
        #expect {
            try ConditionSummary.list(from: Array(#"[{"name":"a","_id":"1"},{"name":"b"}]"#.utf8))
        } throws: { error in
            (error as? ConditionError)?.kind == .missingField && (error as? ConditionError)?.path.description == "$[1]._id"
        }
    }

    @Test func documentDecodesWithJSONDecoder() throws {
        let document = try JSONDecoder().decode(ConditionDocument.self, from: Data(Self.documentJSON.utf8))
        #expect(document.name == "second example - and operator")
        #expect(document.id == "2")
        #expect(document.condition.description == #"and(ne(arg1, "rollout.io"), containsString(arg1, "ro"))"#)
        #expect(document.condition.evaluate("prometheus", ""))
    }

    @Test func documentReadsWithTheBoundedReader() throws {
        let document = try ConditionDocument.parse(Array(Self.documentJSON.utf8))
        #expect(document.id == "2")
        #expect(!document.condition.evaluate("rollout.io", ""))
    }

    @Test func documentRoundTripsThroughCodable() throws {
        let document = try ConditionDocument.parse(Array(Self.documentJSON.utf8))
        let decoded = try JSONDecoder().decode(ConditionDocument.self, from: JSONEncoder().encode(document))
        #expect(decoded.name == document.name)
        #expect(decoded.id == document.id)
        #expect(decoded.condition == document.condition)
    }

    @Test func documentDecodingUsesTheDecodersParser() throws {
        let oneArgument = ConditionParser(argumentCount: 1)
        let text = #"{"name":"n","_id":"9","condition":{"op":"eq","args":[{"type":"argument","argumentNumber":2},{"type":"string","value":"x"}]}}"#
        #expect(throws: Never.self) { try JSONDecoder().decode(ConditionDocument.self, from: Data(text.utf8)) }
        let decoder = JSONDecoder()
        decoder.conditionParser = oneArgument
        #expect(decoder.conditionParser?.argumentCount == 1)
        #expect {
            try decoder.decode(ConditionDocument.self, from: Data(text.utf8))
        } throws: { error in
            (error as? ConditionError)?.kind == .argumentOutOfRange
                && (error as? ConditionError)?.path.description == "$.condition.args[0].argumentNumber"
        }
        #expect {
            try ConditionDocument.parse(Array(text.utf8), parser: oneArgument)
        } throws: { error in
            (error as? ConditionError)?.path.description == "$.condition.args[0].argumentNumber"
        }
    }

    @Test func documentFieldFaultsSayWhere() {
        #expect {
            try ConditionDocument.parse(Array(#"{"name":"n","_id":9,"condition":{}}"#.utf8))
        } throws: { error in
            (error as? ConditionError)?.kind == .wrongType && (error as? ConditionError)?.path.description == "$._id"
        }
        #expect {
            try ConditionDocument.parse(Array(#"{"name":"n","_id":"9"}"#.utf8))
        } throws: { error in
            (error as? ConditionError)?.kind == .missingField && (error as? ConditionError)?.path.description == "$.condition"
        }
        #expect {
            try ConditionDocument.parse(Array("[]".utf8))
        } throws: { error in
            (error as? ConditionError)?.kind == .wrongType && (error as? ConditionError)?.path.description == "$"
        }
    }
}
