/// Names a typed value middleware can carry in a ``CallContext``.
///
/// ```swift
/// enum TraceID: CallContextKey { typealias Value = String }
/// context.values[TraceID.self] = "abc"
/// ```
public protocol CallContextKey {
    /// The type of the value stored under this key.
    associatedtype Value: Sendable
}

/// A small typed store of values keyed by ``CallContextKey`` types.
public struct CallContextValues: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    /// An empty store.
    public init() {}

    /// The value stored under `key`, or `nil`.
    public subscript<Key: CallContextKey>(key: Key.Type) -> Key.Value? {
        get { storage[ObjectIdentifier(key)] as? Key.Value }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
