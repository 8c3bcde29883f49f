import Synchronization

/// The address the playground printed, as ``PlaygroundRequestGuard`` checks it. With `--port 0` the port
/// is known only once the server listens, so it is set then; until it is, no Host is the playground's.
final class PlaygroundAddress: Sendable {
    private let port = Atomic<Int>(0)

    /// Records the port the server listens on (called once it is bound, before the address is printed).
    func listening(on port: Int) {
        self.port.store(port, ordering: .releasing)
    }

    /// The `Host` values that name this playground: `127.0.0.1:PORT` and `localhost:PORT`, and the two
    /// names alone when the port is 80 (browsers leave a default port out). Empty until listening.
    var hosts: [String] {
        let port = port.load(ordering: .acquiring)
        guard port > 0 else { return [] }
        let names = ["127.0.0.1", "localhost"]
        return names.map { "\($0):\(port)" } + (port == 80 ? names : [])
    }

    /// Whether `authority` (a request's `Host`) names this playground; letter case does not matter.
    func isOwnHost(_ authority: String) -> Bool {
        hosts.contains(authority.lowercased())
    }

    /// Whether `origin` (a request's `Origin`) is that of a page served under `authority`, a Host already
    /// found to be this playground's: same scheme, name and port.
    static func isSameOrigin(_ origin: String, authority: String) -> Bool {
        origin.lowercased() == "http://" + authority.lowercased()
    }
}
