import Signet

/// A decoded answer of the `worlds` action: the worlds that decoded, the ones that did not, and the
/// server's extra top-level keys.
public struct WorldsResponse: Sendable, Hashable {
    /// The worlds that decoded, in server order; packed (`PackedList`), so an answer of many worlds costs
    /// about its own size.
    public var worlds: PackedList<World>
    /// The first worlds that could not be decoded, at most ``WorldsDecoder/maximumReportedFailures`` of them;
    /// the other worlds are still in `worlds`.
    public var failures: [WorldDecodingFailure]
    /// How many worlds could not be decoded, reported in `failures` or not.
    public var failureCount: Int
    /// The server's `serverVersion`, when sent.
    public var serverVersion: String?
    /// The server's `time`, when sent, as the server wrote it.
    public var time: String?
    /// The server's `info` message, when sent; see `isUnknownUser`.
    public var info: String?
    /// Every other top-level key, untouched.
    public var extras: [String: PropertyListValue]

    /// A response with the given parts; `failureCount` is the number of `failures` unless given.
    public init(
        worlds: some Sequence<World>, failures: [WorldDecodingFailure] = [], failureCount: Int? = nil,
        serverVersion: String? = nil, time: String? = nil, info: String? = nil, extras: [String: PropertyListValue] = [:]
    ) {
        self.worlds = PackedList(worlds)
        self.failures = failures
        self.failureCount = failureCount ?? failures.count
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
        return info.trimmedOfWhitespace(also: []).lowercased() == Self.unknownUserInfo.lowercased()
    }
}
