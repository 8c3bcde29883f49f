import SignetConditions
import Testing

/// The built-in operators' string semantics, stated directly (Swift `String` rules).
@Suite struct StandardOperatorTests {
    typealias J = ConditionJSON

    static func holds(_ op: String, _ text: String, _ other: String) throws -> Bool {
        try ConditionParser.standard.parse(text: J.condition(op, J.argument(1), J.argument(2))).evaluate(text, other)
    }

    @Test func canonicallyEquivalentStringsAreEqual() throws {
        #expect(try Self.holds("eq", "\u{E9}", "e\u{301}"))
        #expect(try !Self.holds("ne", "\u{E9}", "e\u{301}"))
        #expect(try !Self.holds("eq", "rollout", "Rollout"))
    }

    @Test func emptyStrings() throws {
        #expect(try Self.holds("containsString", "", ""))
        #expect(try Self.holds("containsString", "abc", ""))
        #expect(try !Self.holds("containsString", "", "a"))
        #expect(try Self.holds("startsWith", "", ""))
        #expect(try Self.holds("startsWith", "abc", ""))
        #expect(try !Self.holds("startsWith", "", "a"))
        #expect(try Self.holds("eq", "", ""))
    }

    @Test func searchRespectsCharacterBoundaries() throws {
        #expect(try Self.holds("containsString", "cafe\u{301} noir", "\u{E9}"))
        #expect(try !Self.holds("containsString", "e\u{301}", "e"))
        #expect(try !Self.holds("startsWith", "e\u{301}cole", "e"))
        #expect(try Self.holds("startsWith", "e\u{301}cole", "\u{E9}c"))
        #expect(try Self.holds("containsString", "abcabd", "abd"))
    }

    @Test func searchFallsBackWithinThePart() throws {
        // Partial matches that overlap the real one: the search must not skip past where it starts.
        #expect(try Self.holds("containsString", "aaab", "aab"))
        #expect(try Self.holds("containsString", "abababca", "ababca"))
        #expect(try !Self.holds("containsString", "abababab", "ababca"))
        #expect(try Self.holds("containsString", "xe\u{301}e\u{301}y", "\u{E9}y"))
    }

    @Test func searchIsLinearOnRepetitiveStrings() throws {
        // Trying the part at each of 200 000 positions compared 10^10 characters (minutes); this is 300 000 steps.
        let text = String(repeating: "a", count: 200_000), part = String(repeating: "a", count: 100_000) + "b"
        #expect(try !Self.holds("containsString", text, part))
        #expect(try Self.holds("containsString", text + "b", part))
    }

    @Test func missingArgumentsReadAsEmpty() throws {
        let condition = try ConditionParser.standard.parse(text: J.condition("eq", J.argument(2), J.value("")))
        #expect(condition.evaluate(arguments: []))
        #expect(condition.evaluate("x"))
        #expect(!condition.evaluate("x", "y"))
    }

    @Test func standardOperatorsDeclareTheirShape() {
        #expect(StandardOperators.all.map(\.name) == ["eq", "ne", "and", "or", "containsString", "startsWith"])
        #expect(StandardOperators.eq.arity == .exactly(2))
        #expect(StandardOperators.or.argumentKind == .conditions)
        #expect(StandardOperators.startsWith.argumentKind == .operands)
        #expect(OperatorArity.atLeast(1).description == "at least 1 argument")
    }
}
