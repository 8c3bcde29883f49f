import Foundation
import SignetConditions
import Testing

/// A condition encodes back to ConditionData that parses to the same condition.
@Suite struct EncodingTests {
    typealias J = ConditionJSON

    static let text = J.condition(
        "or", J.condition("eq", J.argument(1), #"{"type":"string","data":"rollout.io"}"#),
        J.condition("and", J.condition("startsWith", J.argument(2), J.value("a\\\"b"))))

    @Test func encodesWithValueKeyAndParsesBackEqual() throws {
        let condition = try ConditionParser.standard.parse(text: Self.text)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoded = try encoder.encode(condition)
        #expect(
            String(decoding: encoded, as: UTF8.self)
                == #"{"args":[{"args":[{"argumentNumber":1,"type":"argument"},{"type":"string","value":"rollout.io"}],"op":"eq"},"#
                + #"{"args":[{"args":[{"argumentNumber":2,"type":"argument"},{"type":"string","value":"a\"b"}],"op":"startsWith"}],"op":"and"}],"op":"or"}"#)
        #expect(try ConditionParser.standard.parse(encoded) == condition)
    }

    @Test func conditionDataParsesBackEqual() throws {
        let condition = try ConditionParser.standard.parse(text: Self.text)
        #expect(try ConditionParser.standard.parse(condition.conditionData) == condition)
        #expect(
            condition.conditionData
                == .object([
                    "op": .string("or"),
                    "args": .array([
                        .object(["op": .string("eq"), "args": .array([
                            .object(["type": .string("argument"), "argumentNumber": .integer(1)]),
                            .object(["type": .string("string"), "value": .string("rollout.io")]),
                        ])]),
                        .object(["op": .string("and"), "args": .array([
                            .object(["op": .string("startsWith"), "args": .array([
                                .object(["type": .string("argument"), "argumentNumber": .integer(2)]),
                                .object(["type": .string("string"), "value": .string("a\"b")]),
                            ])]),
                        ])]),
                    ]),
                ]))
    }

    @Test func theTypedTreeIsReadable() throws {
        let condition = try ConditionParser.standard.parse(text: Self.text)
        #expect(condition.conditionOperator.name == "or")
        #expect(condition.highestArgumentNumber == 2)
        guard case .conditions(let arms) = condition.args, arms.count == 2 else {
            Issue.record("or should hold two conditions")
            return
        }
        guard case .operands(let operands) = arms[0].args else {
            Issue.record("eq should hold operands")
            return
        }
        #expect(operands == [.argument(1), .value("rollout.io")])
    }

    @Test func equalityComparesStructure() throws {
        let one = try ConditionParser.standard.parse(text: J.condition("eq", J.argument(1), J.value("a")))
        let same = try ConditionParser.standard.parse(text: #"{"args":[{"argumentNumber":1,"type":"argument"},{"data":"a","type":"string"}],"op":"eq"}"#)
        let other = try ConditionParser.standard.parse(text: J.condition("ne", J.argument(1), J.value("a")))
        #expect(one == same)
        #expect(one != other)
    }
}
