extension Condition: CustomStringConvertible {
    /// The condition as pseudocode, e.g. `and(ne(arg1, "rollout.io"), containsString(arg1, "ro"))`.
    ///
    /// Operators print by their registered name; values print in double quotes with
    /// JSON escapes for `"`, `\` and control characters; arguments print as `arg1`, `arg2`, ….
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        text += conditionOperator.name
        text += "("
        switch args {
        case .operands(let operands):
            for (index, operand) in operands.enumerated() {
                if index > 0 { text += ", " }
                text += operand.description
            }
        case .conditions(let conditions):
            for (index, condition) in conditions.enumerated() {
                if index > 0 { text += ", " }
                condition.write(to: &text)
            }
        }
        text += ")"
    }
}
