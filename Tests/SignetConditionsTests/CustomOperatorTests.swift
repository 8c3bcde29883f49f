import SignetConditions
import Testing

/// Operators registered from outside the library, the way an app adds its own.
@Suite struct CustomOperatorTests {
    static let endsWith = ConditionOperator.operands(named: "endsWith", arity: .exactly(2)) { values in
        values[0].hasSuffix(values[1])
    }

    /// `matches(text, pattern)`: the whole text matches the regular expression; an
    /// invalid pattern matches nothing.
    static let matches = ConditionOperator.operands(named: "matches", arity: .exactly(2)) { values in
        guard let regex = try? Regex(values[1]) else { return false }
        return (try? regex.wholeMatch(in: values[0])) != nil
    }

    static let not = ConditionOperator.conditions(named: "not", arity: .exactly(1)) { results in
        !results[0]
    }

    static let registry = OperatorRegistry.standard.registering(endsWith).registering(matches).registering(not)
    static let parser = ConditionParser(registry: registry, argumentCount: 2)

    @Test func endsWith() throws {
        let condition = try Self.parser.parse(
            text: ConditionJSON.condition("endsWith", ConditionJSON.argument(1), ConditionJSON.value(".io")))
        #expect(condition.evaluate("rollout.io", ""))
        #expect(!condition.evaluate("rollout.com", ""))
        #expect(condition.description == #"endsWith(arg1, ".io")"#)
    }

    @Test func matchesWithARegex() throws {
        let condition = try Self.parser.parse(
            text: ConditionJSON.condition("matches", ConditionJSON.argument(2), ConditionJSON.value("[a-z]+-[0-9]{2}")))
        #expect(condition.evaluate("", "build-42"))
        #expect(!condition.evaluate("", "build-4"))
        #expect(!condition.evaluate("", "Build-42"))
    }

    @Test func invalidPatternMatchesNothing() throws {
        let condition = try Self.parser.parse(
            text: ConditionJSON.condition("matches", ConditionJSON.argument(1), ConditionJSON.value("(")))
        #expect(!condition.evaluate("(", ""))
    }

    @Test func customOperatorsMixWithStandardOnes() throws {
        let text = ConditionJSON.condition(
            "and",
            ConditionJSON.condition("endsWith", ConditionJSON.argument(1), ConditionJSON.value(".io")),
            ConditionJSON.condition(
                "not", ConditionJSON.condition("startsWith", ConditionJSON.argument(1), ConditionJSON.value("www."))))
        let condition = try Self.parser.parse(text: text)
        #expect(condition.evaluate("rollout.io", ""))
        #expect(!condition.evaluate("www.rollout.io", ""))
        #expect(condition.description == #"and(endsWith(arg1, ".io"), not(startsWith(arg1, "www.")))"#)
    }

    @Test func customOperatorsAreCheckedLikeStandardOnes() {
        let wrongArity = parseError { () throws(ConditionError) in
            try Self.parser.parse(text: ConditionJSON.condition("endsWith", ConditionJSON.argument(1)))
        }
        #expect(wrongArity?.kind == .wrongArity)
        #expect(wrongArity?.path.description == "$.condition.args")

        let valueForNot = parseError { () throws(ConditionError) in
            try Self.parser.parse(text: ConditionJSON.condition("not", ConditionJSON.value("x")))
        }
        #expect(valueForNot?.kind == .conditionExpected)
        #expect(valueForNot?.path.description == "$.condition.args[0]")
    }

    @Test func theStandardRegistryIsUnchanged() {
        let error = parseError { () throws(ConditionError) in
            try ConditionParser.standard.parse(
                text: ConditionJSON.condition("endsWith", ConditionJSON.argument(1), ConditionJSON.value(".io")))
        }
        #expect(error?.kind == .unknownOperator)
        #expect(OperatorRegistry.standard.names == ["and", "containsString", "eq", "ne", "or", "startsWith"])
        #expect(Self.registry.names.count == 9)
    }

    @Test func registeringReplacesAnOperatorOfTheSameName() throws {
        var registry = OperatorRegistry.standard
        registry.register(.operands(named: "eq", arity: .exactly(2)) { values in
            values[0].lowercased() == values[1].lowercased()
        })
        let condition = try ConditionParser(registry: registry, argumentCount: 1)
            .parse(text: ConditionJSON.condition("eq", ConditionJSON.argument(1), ConditionJSON.value("ROLLOUT")))
        #expect(condition.evaluate("rollout"))
        #expect(registry["eq"]?.argumentKind == .operands)
        #expect(registry["and"]?.arity == .atLeast(1))
    }
}

@Suite("Compiled conditions")
struct CompiledConditionTests {
    @Test("an operator registered under a built-in name replaces it in compiled conditions too")
    func replacedBuiltInIsNotFused() throws {
        let caseless = ConditionOperator.operands(named: "eq", arity: .exactly(2)) { values in
            values[0].lowercased() == values[1].lowercased()
        }
        let parser = ConditionParser(registry: OperatorRegistry.standard.registering(caseless), argumentCount: 2)
        let text = #"{"op":"and","args":[{"op":"eq","args":[{"type":"argument","argumentNumber":1},{"type":"string","value":"A"}]},"#
            + #"{"op":"eq","args":[{"type":"argument","argumentNumber":2},{"type":"string","value":"B"}]}]}"#
        let condition = try parser.parse(Array(text.utf8))
        #expect(condition.evaluate(arguments: ["a", "b"]))
        #expect(!condition.evaluate(arguments: ["a", "c"]))
        let standard = try ConditionParser(argumentCount: 2).parse(Array(text.utf8))
        #expect(!standard.evaluate(arguments: ["a", "b"]))
        #expect(standard.evaluate(arguments: ["A", "B"]))
    }

    @Test("fused comparisons read missing arguments as empty and keep eq/ne apart")
    func fusedComparisons() throws {
        let text = #"{"op":"and","args":[{"op":"ne","args":[{"type":"argument","argumentNumber":1},{"type":"string","value":""}]},"#
            + #"{"op":"eq","args":[{"type":"argument","argumentNumber":2},{"type":"string","value":""}]}]}"#
        let condition = try ConditionParser(argumentCount: 2).parse(Array(text.utf8))
        #expect(condition.evaluate(arguments: ["x"]))          // arg2 not supplied: reads as ""
        #expect(!condition.evaluate(arguments: ["", ""]))
        #expect(!condition.evaluate(arguments: ["x", "y"]))
        #expect(!condition.evaluate(arguments: []))
    }
}
