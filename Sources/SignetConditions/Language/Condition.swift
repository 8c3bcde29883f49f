/// A checked condition: an operator applied to values and arguments, or to nested
/// conditions. Only ``ConditionParser`` makes one, after checking every rule, so
/// evaluating it cannot fail.
///
/// ```swift
/// let condition = try ConditionParser(argumentCount: 2).parse(bytes)
/// condition.evaluate(arguments: ["rollout.io", ""])   // true or false
/// print(condition)   // and(ne(arg1, "rollout.io"), containsString(arg1, "ro"))
/// ```
public struct Condition: Sendable {
    /// What an operator applies to.
    public enum Args: Sendable {
        /// Values and arguments, for an operator on values.
        case operands([ConditionOperand])
        /// Nested conditions, for an operator on conditions.
        case conditions([Condition])
    }

    /// The `args` paired with the closure that reads them, so that a mismatch
    /// between operator kind and argument kind cannot be represented.
    private enum Body: Sendable {
        case operands([ConditionOperand], @Sendable (OperandValues) -> Bool)
        case conditions([Condition], @Sendable (ConditionResults) -> Bool)
    }

    /// The operator at the top of this condition.
    public let conditionOperator: ConditionOperator
    private let body: Body
    /// The highest `argumentNumber` used anywhere in this condition; 0 when it uses none.
    public let highestArgumentNumber: Int
    /// The condition compiled once into one closure (what ``evaluate(arguments:)`` runs).
    let compiled: CompiledCondition

    /// `conditionOperator` applied to `operands`; `evaluate` is the operator's own closure.
    init(
        _ conditionOperator: ConditionOperator, operands: [ConditionOperand],
        evaluate: @escaping @Sendable (OperandValues) -> Bool
    ) {
        self.conditionOperator = conditionOperator
        body = .operands(operands, evaluate)
        compiled = ConditionCompiler.compile(conditionOperator, operands: operands, evaluate: evaluate)
        highestArgumentNumber = operands.reduce(0) { highest, operand in
            if case .argument(let number) = operand { max(highest, number) } else { highest }
        }
    }

    /// `conditionOperator` applied to nested `conditions`; `evaluate` is the operator's own closure.
    init(
        _ conditionOperator: ConditionOperator, conditions: [Condition],
        evaluate: @escaping @Sendable (ConditionResults) -> Bool
    ) {
        self.conditionOperator = conditionOperator
        body = .conditions(conditions, evaluate)
        compiled = ConditionCompiler.compile(conditionOperator, conditions: conditions, evaluate: evaluate)
        highestArgumentNumber = conditions.map(\.highestArgumentNumber).max() ?? 0
    }

    /// The operator's `args`.
    public var args: Args {
        switch body {
        case .operands(let operands, _): .operands(operands)
        case .conditions(let conditions, _): .conditions(conditions)
        }
    }

    /// Whether the condition holds for `arguments` (`arguments[0]` is `arg1`).
    ///
    /// Never fails. Pass as many arguments as the parser was told to expect; an
    /// argument not supplied reads as `""`. Nested conditions are evaluated only as
    /// far as their operator reads them (`and`/`or` short-circuit), and recursion is
    /// as deep as the condition, which the parser bounded. Nothing is allocated.
    public func evaluate(arguments: [String]) -> Bool {
        compiled(arguments)
    }

    /// Whether the condition holds for the given arguments, `arg1` first.
    public func evaluate(_ arguments: String...) -> Bool {
        evaluate(arguments: arguments)
    }
}

extension Condition: Equatable {
    /// Same operator names and same `args`, all the way down.
    public static func == (lhs: Condition, rhs: Condition) -> Bool {
        guard lhs.conditionOperator.name == rhs.conditionOperator.name else { return false }
        switch (lhs.args, rhs.args) {
        case (.operands(let left), .operands(let right)): return left == right
        case (.conditions(let left), .conditions(let right)): return left == right
        default: return false
        }
    }
}
