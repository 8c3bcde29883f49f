/// What an operator's `args` are.
public enum OperatorArgumentKind: Sendable, Hashable, CustomStringConvertible {
    /// Values and arguments (`{"type":"string",…}`, `{"type":"argument",…}`), e.g. for `eq`.
    case operands
    /// Nested conditions (`{"op":…}`), e.g. for `and`.
    case conditions

    /// "values or arguments" / "conditions".
    public var description: String {
        switch self {
        case .operands: "values or arguments"
        case .conditions: "conditions"
        }
    }
}
