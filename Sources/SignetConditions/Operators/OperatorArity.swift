/// How many `args` an operator takes.
public enum OperatorArity: Sendable, Hashable, CustomStringConvertible {
    /// Exactly this many, e.g. `eq` takes exactly 2.
    case exactly(Int)
    /// This many or more, e.g. `and` takes at least 1.
    case atLeast(Int)

    /// Whether an operator of this arity takes `count` arguments.
    public func accepts(_ count: Int) -> Bool {
        switch self {
        case .exactly(let expected): count == expected
        case .atLeast(let minimum): count >= minimum
        }
    }

    /// "exactly 2 arguments", "at least 1 argument".
    public var description: String {
        switch self {
        case .exactly(let count): "exactly \(count) argument\(count == 1 ? "" : "s")"
        case .atLeast(let count): "at least \(count) argument\(count == 1 ? "" : "s")"
        }
    }
}
