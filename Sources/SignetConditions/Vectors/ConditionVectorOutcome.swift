/// How one vector of a conditions vector file fared (its expectation and the actual result in words).
@_spi(Vectors) public struct ConditionVectorOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The vector's `name`.
    public let name: String
    /// Whether the library did what the vector expects.
    public let passed: Bool
    /// What happened: the result or error on a pass, expected against actual on a failure.
    public let message: String

    /// An outcome for the vector `name`.
    public init(name: String, passed: Bool, message: String) {
        self.name = name
        self.passed = passed
        self.message = message
    }

    /// `PASS name: message` or `FAIL name: message`.
    public var description: String {
        "\(passed ? "PASS" : "FAIL") \(name): \(message)"
    }
}
