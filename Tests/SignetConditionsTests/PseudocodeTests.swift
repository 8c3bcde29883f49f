import SignetConditions
import SignetJSON
import Testing

/// Conditions print as pseudocode.
@Suite struct PseudocodeTests {
    typealias J = ConditionJSON

    @Test func seedExampleTwo() throws {
        let condition = try ConditionParser.standard.parse(
            text: J.condition(
                "and", J.condition("ne", J.argument(1), J.value("rollout.io")),
                J.condition("containsString", J.argument(1), J.value("ro"))))
        #expect(condition.description == #"and(ne(arg1, "rollout.io"), containsString(arg1, "ro"))"#)
    }

    @Test func seedExampleThree() throws {
        let condition = try ConditionParser.standard.parse(
            text: J.condition(
                "and", J.condition("eq", J.argument(1), J.value("rollout.io")),
                J.condition("eq", J.argument(2), J.value("control your production"))))
        #expect(
            condition.description == #"and(eq(arg1, "rollout.io"), eq(arg2, "control your production"))"#)
    }

    @Test func quotesBackslashesAndControlCharactersAreEscaped() throws {
        // The JSON value is: a"b\c, newline, tab, U+0001, é.
        let condition = try ConditionParser.standard.parse(
            text: J.condition("eq", J.argument(1), J.value(#"a\"b\\c\n\t\u0001é"#)))
        #expect(condition.description == #"eq(arg1, "a\"b\\c\n\t\u0001é")"#)
    }

    @Test func operandsPrintAlone() {
        #expect(ConditionOperand.argument(2).description == "arg2")
        #expect(ConditionOperand.value("say \"hi\"").description == #""say \"hi\"""#)
        #expect(ConditionOperand.value("").description == #""""#)
    }

    @Test func pathsPrintLikeJavaScript() {
        let path = JSONPath.condition.appending(key: "args").appending(index: 1).appending(key: "args")
            .appending(index: 0)
        #expect(path.description == "$.condition.args[1].args[0]")
        #expect(JSONPath.root.description == "$")
        #expect(JSONPath([.index(2), .key("_id")]).description == "$[2]._id")
        #expect(JSONPath([.key("condition"), .key("a b")]).description == #"$.condition["a b"]"#)
    }
}
