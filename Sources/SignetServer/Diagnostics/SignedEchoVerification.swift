import SignetHummingbird

/// How the signed echo route `/{tenant}/client/echo` verifies, and only that route: the hooks the adapter
/// conformance tests and benchmarks use to run the reference server with the same keys and stores as an
/// adapter. Every other signed route keeps the demo keys and no `Idempotency-Key` store.
public struct SignedEchoVerification: Sendable {
    /// Where the route finds API keys' secrets; `nil` (the default): the demo keys of ``DemoCredentials``.
    public var keys: (any GameSystemKeyProvider)?
    /// Where the route keeps `Idempotency-Key` records; `nil` (the default): the header is not handled.
    public var idempotencyStore: (any IdempotencyStore)?
    /// The largest body the route hashes (1 GiB by default; it keeps none).
    public var maxBodyBytes: Int

    /// Creates the route's settings; every parameter has the default described on its property.
    public init(keys: (any GameSystemKeyProvider)? = nil, idempotencyStore: (any IdempotencyStore)? = nil,
                maxBodyBytes: Int = 1 << 30) {
        self.keys = keys
        self.idempotencyStore = idempotencyStore
        self.maxBodyBytes = maxBodyBytes
    }
}
