/// Why a ``ReferenceServer`` could not start.
public struct ReferenceServerError: Error, CustomStringConvertible, Sendable {
    /// The address that was to be bound, `host:port`.
    public let address: String
    /// What went wrong, e.g. the bind error.
    public let reason: String

    /// Creates an error for `address`.
    public init(address: String, reason: String) {
        self.address = address
        self.reason = reason
    }

    /// `cannot start the reference server on HOST:PORT: reason`.
    public var description: String { "cannot start the reference server on \(address): \(reason)" }
}
