/// One `name=value` pair of an `application/x-www-form-urlencoded` body.
///
/// Its `description` hides the value of fields whose name suggests a secret (`password`, `secret`,
/// `token`), so a logged field list never shows a password.
public struct FormField: Sendable, Hashable, CustomStringConvertible {
    /// The field name, e.g. `login`.
    public var name: String
    /// The field value, unescaped.
    public var value: String

    /// A field with the given name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether the name marks the value as secret (contains `password`, `secret` or `token`, any case).
    public var isSecret: Bool {
        let lowered = name.lowercased()
        return ["password", "secret", "token"].contains { lowered.contains($0) }
    }

    /// `name=value`, or `name=<redacted>` for a secret field.
    public var description: String { isSecret ? "\(name)=<redacted>" : "\(name)=\(value)" }
}

extension Array where Element == FormField {
    /// The value of the first field called `name`, or `nil`.
    public func firstValue(named name: String) -> String? {
        first { $0.name == name }?.value
    }
}
