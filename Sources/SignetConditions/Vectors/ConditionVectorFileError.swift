import SignetJSON

/// A conditions vector file that cannot be run at all (not JSON, wrong scheme, no
/// `vectors` array, a numeric field such as `max_depth` outside its range). A single
/// vector that is otherwise malformed is a failed ``ConditionVectorOutcome`` instead.
@_spi(Vectors) public struct ConditionVectorFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the file, e.g. `$.scheme`.
    public var path: String { location.description }
    /// The same path, as steps.
    package let location: JSONPath
    /// What is wrong.
    public let message: String

    /// An error at `path`.
    package init(at path: JSONPath, _ message: String) {
        self.location = path
        self.message = message
    }

    /// `path: message`.
    public var description: String {
        "\(path): \(message)"
    }
}
