/// The strings an operator on values sees: its `args`, with each argument reference
/// (`arg1`, `arg2`, …) replaced by the caller's string.
///
/// Resolving is done on access, so building this costs nothing per evaluation.
/// Reading past the end gives `""` rather than trapping, so an operator's mistake
/// cannot crash an evaluation; within the operator's arity it never happens.
public struct OperandValues: RandomAccessCollection, Sendable {
    private let operands: [ConditionOperand]
    private let arguments: [String]

    init(operands: [ConditionOperand], arguments: [String]) {
        self.operands = operands
        self.arguments = arguments
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of `args`.
    public var endIndex: Int { operands.count }

    /// The string of `args[position]`.
    public subscript(position: Int) -> String {
        guard operands.indices.contains(position) else { return "" }
        return operands[position].resolved(with: arguments)
    }
}
