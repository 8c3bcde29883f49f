/// A checked condition compiled into one closure over the caller's arguments: what
/// ``Condition/evaluate(arguments:)`` runs.
///
/// Compiling happens once, when the parser builds the ``Condition``. The built-in operators compile to
/// closures that read their operands directly (`eq(arg1, "x")` is `args[0] == "x"`), and `and`/`or` to
/// short-circuiting closures over their children, so evaluating costs about what the same logic written
/// in Swift costs. Operators registered from outside compile around their own evaluation closure.
typealias CompiledCondition = @Sendable ([String]) -> Bool

enum ConditionCompiler {
    /// The closure for `conditionOperator` applied to `operands`.
    static func compile(_ conditionOperator: ConditionOperator, operands: [ConditionOperand],
                        evaluate: @escaping @Sendable (OperandValues) -> Bool) -> CompiledCondition {
        if case .operands(let compile)? = conditionOperator.compilation { return compile(operands) }
        return { arguments in evaluate(OperandValues(operands: operands, arguments: arguments)) }
    }

    /// The closure for `conditionOperator` applied to nested `conditions`.
    static func compile(_ conditionOperator: ConditionOperator, conditions: [Condition],
                        evaluate: @escaping @Sendable (ConditionResults) -> Bool) -> CompiledCondition {
        if case .conditions(let compile)? = conditionOperator.compilation { return compile(conditions) }
        return { arguments in evaluate(ConditionResults(conditions: conditions, arguments: arguments)) }
    }

    /// A closure that reads one operand: a constant, or argument `n` (`""` when not supplied).
    static func reader(_ operand: ConditionOperand) -> @Sendable ([String]) -> String {
        switch operand {
        case .value(let string):
            return { _ in string }
        case .argument(let number):
            let index = number &- 1
            return { arguments in index >= 0 && index < arguments.count ? arguments[index] : "" }
        }
    }

    /// `test(first, second)` over the first two operands, with the common shapes (an argument against a
    /// constant) read directly rather than through two reader closures.
    static func binary(
        _ operands: [ConditionOperand], _ test: @escaping @Sendable (String, String) -> Bool
    ) -> CompiledCondition {
        let first = operands.first ?? .value(""), second = operands.dropFirst().first ?? .value("")
        switch (first, second) {
        case (.argument(let number), .value(let constant)):
            let index = number &- 1
            return { arguments in test(index >= 0 && index < arguments.count ? arguments[index] : "", constant) }
        case (.value(let constant), .argument(let number)):
            let index = number &- 1
            return { arguments in test(constant, index >= 0 && index < arguments.count ? arguments[index] : "") }
        default:
            let left = reader(first), right = reader(second)
            return { arguments in test(left(arguments), right(arguments)) }
        }
    }

    /// `eq` with the comparison inline (no closure per comparison).
    static func equal(_ operands: [ConditionOperand], negated: Bool) -> CompiledCondition {
        let first = operands.first ?? .value(""), second = operands.dropFirst().first ?? .value("")
        if case .argument(let number) = first, case .value(let constant) = second {
            let index = number &- 1
            if negated {
                return { arguments in (index >= 0 && index < arguments.count ? arguments[index] : "") != constant }
            }
            return { arguments in (index >= 0 && index < arguments.count ? arguments[index] : "") == constant }
        }
        if negated { return binary(operands) { $0 != $1 } }
        return binary(operands) { $0 == $1 }
    }

    /// Every child holds (stops at the first that does not). Children that are all `eq`/`ne` of an argument
    /// and a constant are fused into one loop over the comparisons.
    static func all(_ conditions: [Condition]) -> CompiledCondition {
        if let tests = comparisons(conditions) {
            return { arguments in
                for test in tests {
                    let value = test.index >= 0 && test.index < arguments.count ? arguments[test.index] : ""
                    if (value == test.constant) == test.negated { return false }
                }
                return true
            }
        }
        let children = conditions.map(\.compiled)
        if children.count == 2 {
            let first = children[0], second = children[1]
            return { arguments in first(arguments) && second(arguments) }
        }
        return { arguments in
            for child in children where !child(arguments) { return false }
            return true
        }
    }

    /// Some child holds (stops at the first that does).
    static func any(_ conditions: [Condition]) -> CompiledCondition {
        let children = conditions.map(\.compiled)
        if children.count == 2 {
            let first = children[0], second = children[1]
            return { arguments in first(arguments) || second(arguments) }
        }
        return { arguments in
            for child in children where child(arguments) { return true }
            return false
        }
    }

    /// One argument compared with a constant.
    struct Comparison: Sendable {
        let index: Int
        let constant: String
        let negated: Bool
    }

    /// The comparisons, when every condition is the built-in `eq` or `ne` of an argument and a constant.
    private static func comparisons(_ conditions: [Condition]) -> [Comparison]? {
        var tests: [Comparison] = []
        for condition in conditions {
            let name = condition.conditionOperator.name
            guard name == StandardOperators.eq.name || name == StandardOperators.ne.name,
                  condition.conditionOperator.compilation != nil,
                  case .operands(let operands) = condition.args, operands.count == 2,
                  case .argument(let number) = operands[0], case .value(let constant) = operands[1]
            else { return nil }
            tests.append(Comparison(index: number &- 1, constant: constant, negated: name == StandardOperators.ne.name))
        }
        return tests
    }
}
