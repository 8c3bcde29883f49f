import Synchronization
import SignetConditions
import Testing

/// `and` and `or` read only the results they need; proved with an operator that records its calls.
@Suite struct ShortCircuitTests {
    /// Records the labels of the `probe` operators evaluated.
    final class CallLog: Sendable {
        private let labels = Mutex<[String]>([])
        func record(_ label: String) { labels.withLock { $0.append(label) } }
        var recorded: [String] { labels.withLock { $0 } }
    }

    /// `probe(outcome, label)`: records `label`, holds when `outcome` is `"yes"`.
    static func parser(recordingInto log: CallLog) -> ConditionParser {
        let probe = ConditionOperator.operands(named: "probe", arity: .exactly(2)) { values in
            log.record(values[1])
            return values[0] == "yes"
        }
        return ConditionParser(registry: OperatorRegistry.standard.registering(probe), argumentCount: 2)
    }

    static func probe(_ outcome: String, _ label: String) -> String {
        ConditionJSON.condition("probe", ConditionJSON.value(outcome), ConditionJSON.value(label))
    }

    @Test func andStopsAtTheFirstFalse() throws {
        let log = CallLog()
        let condition = try Self.parser(recordingInto: log).parse(
            text: ConditionJSON.condition(
                "and", Self.probe("yes", "first"), Self.probe("no", "second"), Self.probe("yes", "third")))
        #expect(!condition.evaluate("", ""))
        #expect(log.recorded == ["first", "second"])
    }

    @Test func andEvaluatesAllWhenAllHold() throws {
        let log = CallLog()
        let condition = try Self.parser(recordingInto: log).parse(
            text: ConditionJSON.condition("and", Self.probe("yes", "first"), Self.probe("yes", "second")))
        #expect(condition.evaluate("", ""))
        #expect(log.recorded == ["first", "second"])
    }

    @Test func orStopsAtTheFirstTrue() throws {
        let log = CallLog()
        let condition = try Self.parser(recordingInto: log).parse(
            text: ConditionJSON.condition(
                "or", Self.probe("no", "first"), Self.probe("yes", "second"), Self.probe("yes", "third")))
        #expect(condition.evaluate("", ""))
        #expect(log.recorded == ["first", "second"])
    }

    @Test func orEvaluatesAllWhenNoneHolds() throws {
        let log = CallLog()
        let condition = try Self.parser(recordingInto: log).parse(
            text: ConditionJSON.condition("or", Self.probe("no", "first"), Self.probe("no", "second")))
        #expect(!condition.evaluate("", ""))
        #expect(log.recorded == ["first", "second"])
    }

    @Test func shortCircuitSkipsWholeSubtrees() throws {
        let log = CallLog()
        let condition = try Self.parser(recordingInto: log).parse(
            text: ConditionJSON.condition(
                "or", Self.probe("yes", "first"),
                ConditionJSON.condition("and", Self.probe("yes", "nested1"), Self.probe("yes", "nested2"))))
        #expect(condition.evaluate("", ""))
        #expect(log.recorded == ["first"])
    }

    @Test func parsingEvaluatesNothing() throws {
        let log = CallLog()
        _ = try Self.parser(recordingInto: log).parse(text: Self.probe("yes", "first"))
        #expect(log.recorded.isEmpty)
    }
}
