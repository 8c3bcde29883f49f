import SignetJSON

/// One `args` element of an operator on values: a literal string or a reference to
/// one of the caller's arguments.
public enum ConditionOperand: Sendable, Hashable, CustomStringConvertible {
    /// A literal: `{"type":"string","value":"rollout.io"}` (or `"data"` instead of `"value"`).
    case value(String)
    /// The caller's argument `n`, 1-based: `{"type":"argument","argumentNumber":1}`.
    case argument(Int)

    /// The string this operand stands for, given the caller's arguments; an argument
    /// the caller did not supply reads as `""`.
    func resolved(with arguments: [String]) -> String {
        switch self {
        case .value(let string):
            return string
        case .argument(let number):
            // Compared before subtracting: a hand-made `.argument(Int.min)` must read as "", not trap.
            return number >= 1 && number <= arguments.count ? arguments[number - 1] : ""
        }
    }

    /// `arg1`, or the value as a JSON-style quoted string: `"rollout.io"`.
    public var description: String {
        switch self {
        case .value(let string): JSONWriter.quoted(string)
        case .argument(let number): "arg\(number)"
        }
    }
}
