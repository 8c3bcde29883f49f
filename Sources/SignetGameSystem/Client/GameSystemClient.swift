import Foundation
import HTTPTypes
import Logging
import Signet
import SignetJSON

/// The GameSystem API for any number of players: players, avatar components, and (with admin credentials)
/// external events.
///
/// ```swift
/// let gamesystem = GameSystemClient(baseURL: URL(string: "https://api.example.com/acme")!,   // tenant acme
///                                   credentials: clientCredentials, transport: NIOTransport())
/// let ann = try await gamesystem.player("ann")
/// let bob = gamesystem.forPlayer("bob")                  // a cheap view bound to one player
/// let updated = try await bob.updateAvatar(top: 102)
/// ```
/// The base URL's path ends with the tenant (the API's paths are `/{tenant}/client/…` and
/// `/{tenant}/admin/…`); ``init(baseURL:tenant:credentials:adminCredentials:transport:options:)`` appends
/// it for you. Client routes are signed with `credentials` and admin routes with `adminCredentials`, each
/// asked on every attempt (see ``GameSystemCredentialsProvider``), each through the default chain (retry →
/// clock skew → signing → logging → timeout). Clock offsets are shared per origin across the process by
/// default (`ClockOffsetStore.shared`).
///
/// An admin secret must never ship inside an app: admin calls belong on a server.
public struct GameSystemClient: Sendable {
    /// What the default chains are built with; every option has a default.
    public struct Options: Sendable {
        /// How the signed parts are joined (backslash-n by default).
        public var separator: GameSystemSeparator
        /// The learned clock offsets per origin (`ClockOffsetStore.shared` by default).
        public var clockOffsets: ClockOffsetStore
        /// The retry rules.
        public var retry: RetryMiddleware
        /// The time allowed for one attempt (`nil`: none).
        public var timeout: Duration?
        /// Where the chain logs.
        public var logger: Logger
        /// The local wall clock.
        public var clock: @Sendable () -> Date

        /// Options with the defaults described on each property.
        public init(
            separator: GameSystemSeparator = .escaped, clockOffsets: ClockOffsetStore = .shared,
            retry: RetryMiddleware = RetryMiddleware(), timeout: Duration? = .seconds(30),
            logger: Logger = Logger(label: "signet.gamesystem"), clock: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.separator = separator
            self.clockOffsets = clockOffsets
            self.retry = retry
            self.timeout = timeout
            self.logger = logger
            self.clock = clock
        }
    }

    /// The chain for `client/…` routes.
    public let client: Client
    /// The chain for `admin/…` routes, when admin credentials were given.
    public let admin: Client?

    /// A client for the tenant whose API is at `baseURL` (its path ends with the tenant: `…/acme`), signing
    /// client routes with `credentials` and admin routes with `adminCredentials`.
    public init(
        baseURL: URL,
        credentials: some GameSystemCredentialsProvider,
        adminCredentials: (any GameSystemCredentialsProvider)? = nil,
        transport: some Transport,
        options: Options = Options()
    ) {
        func chain(_ provider: any GameSystemCredentialsProvider) -> Client {
            Client(baseURL: baseURL, transport: transport,
                   middleware: Client.defaultMiddleware(
                       signer: ProvidedCredentialsSigner.signer(provider, separator: options.separator),
                       clockOffsets: options.clockOffsets, retry: options.retry, timeout: options.timeout),
                   logger: options.logger, clock: options.clock)
        }
        self.init(client: chain(credentials), admin: adminCredentials.map(chain))
    }

    /// A client for `tenant` of the API at `baseURL` (the tenant is appended to its path).
    public init(
        baseURL: URL,
        tenant: String,
        credentials: some GameSystemCredentialsProvider,
        adminCredentials: (any GameSystemCredentialsProvider)? = nil,
        transport: some Transport,
        options: Options = Options()
    ) {
        self.init(baseURL: baseURL.appendingPathComponent(tenant), credentials: credentials,
                  adminCredentials: adminCredentials, transport: transport, options: options)
    }

    /// Uses chains built by the caller (a custom middleware order, or none); their base URL ends with the tenant.
    public init(client: Client, admin: Client?) {
        self.client = client
        self.admin = admin
    }

    /// The player `id`: name, points, achievements and avatar.
    ///
    /// Answers are read straight from the response bytes into the models (lists packed as they are read),
    /// so an answer at the response limit costs about its own size; see ``PackedList``.
    public func player(_ id: String) async throws -> Player {
        try await client.send(
            request(.get, "client", "players", id), context: client.makeContext(operation: "gamesystem.player"),
            reading: GameSystemJSON.player)
    }

    /// Changes `player`'s avatar (either or both components) and returns the updated player. An option id
    /// the component does not have is refused by the server (422).
    /// - Throws: ``GameSystemClientError/nothingToUpdate`` when neither component is given.
    public func updateAvatar(of player: String, top: Int? = nil, bottom: Int? = nil) async throws -> Player {
        var choices: [String: Int] = [:]
        if let top { choices["Top"] = top }
        if let bottom { choices["Bottom"] = bottom }
        guard !choices.isEmpty else { throw GameSystemClientError.nothingToUpdate }
        return try await client.send(
            request(.put, "client", "players", player), body: try .json(["avatar": choices]),
            context: client.makeContext(operation: "gamesystem.updateAvatar"), reading: GameSystemJSON.player)
    }

    /// The avatar components and their options.
    public func avatarComponents() async throws -> PackedList<AvatarComponent> {
        try await client.send(
            request(.get, "client", "avatar_components"),
            context: client.makeContext(operation: "gamesystem.avatarComponents"), reading: GameSystemJSON.avatarComponents)
    }

    /// Posts external event `eventID` (e.g. "Magic", "Rainbow") for `player`, with the admin credentials.
    /// With an `idempotencyKey` the request may be retried safely: the server never applies it twice.
    /// - Throws: ``GameSystemClientError/adminCredentialsMissing`` when the client has no admin credentials.
    public func postExternalEvent(_ eventID: String, for player: String, idempotencyKey: String? = nil) async throws -> ExternalEventResult {
        guard let admin else { throw GameSystemClientError.adminCredentialsMissing }
        var request = request(.post, "admin", "player_external_events")
        if let idempotencyKey, let name = RetryMiddleware.idempotencyKey {
            request.headerFields[name] = idempotencyKey
        }
        let body = try Body.json(["player": player, "external_event_id": eventID])
        return try await admin.send(
            request, body: body, context: admin.makeContext(operation: "gamesystem.postExternalEvent"),
            reading: GameSystemJSON.externalEventResult)
    }

    /// A view of this client bound to `player`: the same calls without the player argument.
    public func forPlayer(_ player: String) -> GameSystemPlayerClient {
        GameSystemPlayerClient(gameSystem: self, playerID: player)
    }

    /// A request for the path made of `segments` (each percent-encoded), under the base URL's tenant.
    private func request(_ method: HTTPRequest.Method, _ segments: String...) -> HTTPRequest {
        HTTPRequest(method: method, scheme: nil, authority: nil, path: "/" + segments.map(PathSegment.encode).joined(separator: "/"))
    }
}

/// A ``GameSystemClient`` bound to one player: as cheap as the client itself.
public struct GameSystemPlayerClient: Sendable {
    /// The client.
    public let gameSystem: GameSystemClient
    /// The player every call is about.
    public let playerID: String

    /// The player: name, points, achievements and avatar.
    public func player() async throws -> Player { try await gameSystem.player(playerID) }

    /// Changes the player's avatar; see ``GameSystemClient/updateAvatar(of:top:bottom:)``.
    public func updateAvatar(top: Int? = nil, bottom: Int? = nil) async throws -> Player {
        try await gameSystem.updateAvatar(of: playerID, top: top, bottom: bottom)
    }

    /// Posts an external event for the player; see ``GameSystemClient/postExternalEvent(_:for:idempotencyKey:)``.
    public func postExternalEvent(_ eventID: String, idempotencyKey: String? = nil) async throws -> ExternalEventResult {
        try await gameSystem.postExternalEvent(eventID, for: playerID, idempotencyKey: idempotencyKey)
    }

    /// The avatar components and their options.
    public func avatarComponents() async throws -> PackedList<AvatarComponent> { try await gameSystem.avatarComponents() }
}

/// Misuse of ``GameSystemClient`` caught before anything is sent.
public enum GameSystemClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An admin route was called on a client built without admin credentials.
    case adminCredentialsMissing
    /// `updateAvatar` was called with neither component.
    case nothingToUpdate

    /// What went wrong.
    public var description: String {
        switch self {
        case .adminCredentialsMissing: "posting external events needs admin credentials, and this client has none"
        case .nothingToUpdate: "an avatar update needs a new top, a new bottom or both"
        }
    }
}
