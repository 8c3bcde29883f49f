import NIOCore
import Synchronization

/// `NIOTransport`'s connections, per origin: at most `limit` open at once to one origin, idle ones reused
/// most recently used first, and requests past the limit waiting in order for one to be released or closed.
/// Once shut down it hands out nothing: ``take(_:)`` answers `.shutDown` and waiters fail.
final class ConnectionPool: Sendable {
    /// A caller waiting for a connection of an origin.
    struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<NIOTransport.Connection?, any Error>
    }

    struct Origin {
        var idle: [NIOTransport.Connection] = []
        var open = 0
        var waiters: [Waiter] = []
    }

    struct State {
        var origins: [String: Origin] = [:]
        var nextWaiter: UInt64 = 0
        /// Waiters about to register, and those of them cancelled already.
        var unregistered: Set<UInt64> = []
        var cancelledEarly: Set<UInt64> = []
        var isShutDown = false
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// An idle connection of `key`, `.connect` when the caller is to connect one itself (its slot is counted:
    /// it must call ``connectFailed(_:)`` if connecting fails), or `.wait` when `limit` connections are busy.
    func take(_ key: String) -> Take {
        state.withLock { Self.take(key, &$0, limit: limit) }
    }

    /// Waits, in order, for a connection of `key` (or nil: a slot to connect in). Cancellable; the caller
    /// bounds the wait by its deadline. Throws ``NIOTransport/shutDownError`` once the pool is shut down.
    func wait(_ key: String) async throws -> NIOTransport.Connection? {
        let id = state.withLock { state in
            state.nextWaiter &+= 1
            state.unregistered.insert(state.nextWaiter)
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let now: Result<NIOTransport.Connection?, any Error>? = state.withLock { state in
                    state.unregistered.remove(id)
                    if state.cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
                    switch Self.take(key, &state, limit: limit) {
                    case .connection(let connection): return .success(connection)
                    case .connect: return .success(nil)
                    case .shutDown: return .failure(NIOTransport.shutDownError)
                    case .wait:
                        state.origins[key, default: Origin()].waiters.append(Waiter(id: id, continuation: continuation))
                        return nil
                    }
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                if let index = state.origins[key]?.waiters.firstIndex(where: { $0.id == id }) {
                    return state.origins[key]?.waiters.remove(at: index)
                }
                // Cancelled before it waited: it fails as soon as it would. Already served: nothing to do.
                if state.unregistered.contains(id) { state.cancelledEarly.insert(id) }
                return nil
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// What ``take(_:)`` found.
    enum Take {
        case connection(NIOTransport.Connection)
        case connect
        case wait
        case shutDown
    }

    private static func take(_ key: String, _ state: inout State, limit: Int) -> Take {
        guard !state.isShutDown else { return .shutDown }
        var origin = state.origins[key, default: Origin()]
        defer { state.origins[key] = origin }
        while let connection = origin.idle.popLast() {
            // A closed one is still counted until its close is reported (``closed(_:)``).
            if connection.channel.isActive { return .connection(connection) }
        }
        if origin.open < limit {
            origin.open += 1
            return .connect
        }
        return .wait
    }

    /// What became of a connection handed back with ``release(_:)``.
    enum Released {
        /// It is kept idle: the caller arms its idle timer.
        case idle
        /// It went straight to a waiter.
        case handedOver
        /// The pool is shut down: the caller closes it.
        case refused
    }

    /// Hands `connection`, done with its exchange and reusable, to the first waiter, or keeps it idle.
    func release(_ connection: NIOTransport.Connection) -> Released {
        let outcome: (Released, Waiter?) = state.withLock { state in
            guard !state.isShutDown else { return (.refused, nil) }
            let key = connection.origin.key
            if state.origins[key]?.waiters.isEmpty == false { return (.handedOver, state.origins[key]?.waiters.removeFirst()) }
            state.origins[key, default: Origin()].idle.append(connection)
            return (.idle, nil)
        }
        outcome.1?.continuation.resume(returning: connection)
        return outcome.0
    }

    /// Shuts the pool down: from now on nothing is handed out or kept. Returns the idle connections (for the
    /// caller to close) and the waiters (for it to fail); connections in use are refused when released.
    func shutDown() -> (idle: [NIOTransport.Connection], waiters: [Waiter]) {
        state.withLock { state in
            state.isShutDown = true
            var idle: [NIOTransport.Connection] = [], waiters: [Waiter] = []
            for key in state.origins.keys {
                idle += state.origins[key]?.idle ?? []
                waiters += state.origins[key]?.waiters ?? []
                state.origins[key]?.idle = []
                state.origins[key]?.waiters = []
            }
            return (idle, waiters)
        }
    }

    /// `connection` closed: its slot is free, and the first waiter connects in it.
    func closed(_ connection: NIOTransport.Connection) {
        let key = connection.origin.key
        let waiter: Waiter? = state.withLock { state in
            state.origins[key]?.idle.removeAll { $0.channel === connection.channel }
            return Self.freeSlot(key, &state)
        }
        waiter?.continuation.resume(returning: nil)
    }

    /// Connecting failed: the slot taken for it is free again.
    func connectFailed(_ key: String) {
        let waiter = state.withLock { Self.freeSlot(key, &$0) }
        waiter?.continuation.resume(returning: nil)
    }

    /// Frees a slot of `key`, or passes it straight to the first waiter (who then connects).
    private static func freeSlot(_ key: String, _ state: inout State) -> Waiter? {
        if state.origins[key]?.waiters.isEmpty == false { return state.origins[key]?.waiters.removeFirst() }
        state.origins[key]?.open -= 1
        if state.origins[key].map({ $0.open <= 0 && $0.idle.isEmpty }) == true { state.origins[key] = nil }
        return nil
    }
}
