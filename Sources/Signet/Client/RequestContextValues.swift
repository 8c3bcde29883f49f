/// Names a typed value middleware can carry in a ``RequestContext``.
///
/// ```swift
/// enum TraceID: RequestContextKey { typealias Value = String }
/// context.values[TraceID.self] = "abc"
/// ```
public protocol RequestContextKey {
    /// The type of the value stored under this key.
    associatedtype Value: Sendable
}

/// A small typed store of values keyed by ``RequestContextKey`` types.
public struct RequestContextValues: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    /// An empty store.
    public init() {}

    /// The value stored under `key`, or `nil`.
    public subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value? {
        get { storage[ObjectIdentifier(key)] as? Key.Value }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
