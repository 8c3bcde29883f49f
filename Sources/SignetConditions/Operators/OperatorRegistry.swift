/// The operators a parser knows, by name. A value: copy it, add to the copy, and
/// hand it to a ``ConditionParser``.
///
/// ```swift
/// var registry = OperatorRegistry.standard
/// registry.register(.operands(named: "endsWith", arity: .exactly(2)) { $0[0].hasSuffix($0[1]) })
/// let parser = ConditionParser(registry: registry, argumentCount: 2)
/// ```
public struct OperatorRegistry: Sendable {
    private var operatorsByName: [String: ConditionOperator]

    /// A registry with no operators.
    public init() {
        operatorsByName = [:]
    }

    /// A registry holding `operators`; a later one replaces an earlier one of the same name.
    public init(_ operators: [ConditionOperator]) {
        self.init()
        for conditionOperator in operators { register(conditionOperator) }
    }

    /// `eq`, `ne`, `and`, `or`, `containsString` and `startsWith` (see ``StandardOperators``).
    public static let standard = OperatorRegistry(StandardOperators.all)

    /// Adds `conditionOperator`, replacing any operator of the same name.
    public mutating func register(_ conditionOperator: ConditionOperator) {
        operatorsByName[conditionOperator.name] = conditionOperator
    }

    /// A copy of this registry with `conditionOperator` added (replacing one of the same name).
    public func registering(_ conditionOperator: ConditionOperator) -> OperatorRegistry {
        var copy = self
        copy.register(conditionOperator)
        return copy
    }

    /// The operator named `name` (names are case-sensitive), if registered.
    public subscript(name: String) -> ConditionOperator? {
        operatorsByName[name]
    }

    /// The registered names, sorted.
    public var names: [String] {
        operatorsByName.keys.sorted()
    }
}
