/// One operator of the condition language: its name, arity, the kind of `args` it
/// takes, and how it evaluates — everything about it in one registration.
///
/// The built-in operators are made the same way as yours. An operator on values:
///
/// ```swift
/// let endsWith = ConditionOperator.operands(named: "endsWith", arity: .exactly(2)) { values in
///     values[0].hasSuffix(values[1])
/// }
/// ```
///
/// An operator on conditions; it reads only the results it needs, so it short-circuits:
///
/// ```swift
/// let none = ConditionOperator.conditions(named: "none", arity: .atLeast(1)) { results in
///     !results.contains(true)
/// }
/// let registry = OperatorRegistry.standard.registering(endsWith).registering(none)
/// ```
///
/// The parser checks arity and argument kinds before an evaluation closure ever runs,
/// so a closure may read `values[i]` / `results[i]` for every `i` its arity guarantees.
public struct ConditionOperator: Sendable {
    /// The evaluation closure, typed by the kind of `args` it reads.
    enum Evaluation: Sendable {
        case operands(@Sendable (OperandValues) -> Bool)
        case conditions(@Sendable (ConditionResults) -> Bool)
    }

    /// A specialised way to compile a checked node into one closure (the built-in operators have one);
    /// `nil` compiles the generic way, around ``Evaluation``.
    enum Compilation: Sendable {
        case operands(@Sendable ([ConditionOperand]) -> CompiledCondition)
        case conditions(@Sendable ([Condition]) -> CompiledCondition)
    }

    /// The name in `"op"`, e.g. `"containsString"`; also used when printing.
    public let name: String
    /// How many `args` the operator takes.
    public let arity: OperatorArity
    let evaluation: Evaluation
    var compilation: Compilation?

    /// Whether `args` are values and arguments, or conditions.
    public var argumentKind: OperatorArgumentKind {
        switch evaluation {
        case .operands: .operands
        case .conditions: .conditions
        }
    }

    /// An operator whose `args` are values and arguments; `evaluate` gets their strings.
    public static func operands(
        named name: String, arity: OperatorArity, evaluate: @escaping @Sendable (OperandValues) -> Bool
    ) -> ConditionOperator {
        ConditionOperator(name: name, arity: arity, evaluation: .operands(evaluate), compilation: nil)
    }

    /// An operator whose `args` are conditions; `evaluate` gets their results, each
    /// computed only when read.
    public static func conditions(
        named name: String, arity: OperatorArity, evaluate: @escaping @Sendable (ConditionResults) -> Bool
    ) -> ConditionOperator {
        ConditionOperator(name: name, arity: arity, evaluation: .conditions(evaluate), compilation: nil)
    }

    /// This operator with a specialised compilation (for the built-in operators).
    func compiled(_ compilation: Compilation) -> ConditionOperator {
        var copy = self
        copy.compilation = compilation
        return copy
    }
}
