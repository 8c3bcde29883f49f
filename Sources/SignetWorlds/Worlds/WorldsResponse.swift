/// A decoded answer of the `worlds` action: the worlds that decoded, the ones that did not, and the
/// server's extra top-level keys.
public struct WorldsResponse: Sendable, Hashable {
    /// The worlds that decoded, in server order.
    public var worlds: [World]
    /// One entry per world that could not be decoded; the other worlds are still in `worlds`.
    public var failures: [WorldDecodingFailure]
    /// The server's `serverVersion`, when sent.
    public var serverVersion: String?
    /// The server's `time`, when sent, as the server wrote it.
    public var time: String?
    /// The server's `info` message, when sent; see `isUnknownUser`.
    public var info: String?
    /// Every other top-level key, untouched.
    public var extras: [String: PropertyListValue]

    /// A response with the given parts.
    public init(
        worlds: [World], failures: [WorldDecodingFailure] = [], serverVersion: String? = nil, time: String? = nil,
        info: String? = nil, extras: [String: PropertyListValue] = [:]
    ) {
        self.worlds = worlds
        self.failures = failures
        self.serverVersion = serverVersion
        self.time = time
        self.info = info
        self.extras = extras
    }

    /// The `info` text the server sends when it does not know the login: it answers with an empty world
    /// list and `info = "Unknown user"` instead of an error, so a client must check this to tell "wrong
    /// credentials" from "no worlds".
    public static let unknownUserInfo = "Unknown user"

    /// Whether the server said it does not know the login (`info` is `Unknown user`, compared ignoring
    /// case and surrounding white space).
    public var isUnknownUser: Bool {
        guard let info else { return false }
        return info.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == Self.unknownUserInfo.lowercased()
    }
}
