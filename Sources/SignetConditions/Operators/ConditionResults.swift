/// The results an operator on conditions sees: one `Bool` per nested condition,
/// each evaluated only when read.
///
/// Reading lazily is what short-circuits: `results.allSatisfy { $0 }` stops at the
/// first `false` and never evaluates the rest. Reading past the end gives `false`
/// rather than trapping; within the operator's arity it never happens.
public struct ConditionResults: RandomAccessCollection, Sendable {
    private let conditions: [Condition]
    private let arguments: [String]

    init(conditions: [Condition], arguments: [String]) {
        self.conditions = conditions
        self.arguments = arguments
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of nested conditions.
    public var endIndex: Int { conditions.count }

    /// Evaluates nested condition `position` now (every read evaluates again).
    public subscript(position: Int) -> Bool {
        guard conditions.indices.contains(position) else { return false }
        return conditions[position].evaluate(arguments: arguments)
    }
}
