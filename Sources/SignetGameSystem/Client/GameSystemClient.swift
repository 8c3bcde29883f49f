import Foundation
import HTTPTypes
import Logging
import Signet
import SignetJSON

/// The GameSystem API: the player, avatar components, and (with admin credentials) external events.
///
/// Client routes are signed with the client credentials and admin routes with the admin credentials,
/// each through its own middleware chain (retry → clock skew → signing → logging → timeout).
///
/// ```swift
/// let gamesystem = GameSystemClient(baseURL: url, tenant: "acme", player: "ann",
///                                   clientCredentials: client, adminCredentials: admin,
///                                   transport: URLSessionTransport())
/// let before = try await gamesystem.player()
/// _ = try await gamesystem.postExternalEvent("Magic")
/// let progress = PlayerProgress(before: before, after: try await gamesystem.player())
/// ```
public struct GameSystemClient: Sendable {
    /// The tenant in every path.
    public let tenant: String
    /// The player this client reads and updates.
    public let player: String
    /// The chain for `/{tenant}/client/…` routes.
    public let client: Client
    /// The chain for `/{tenant}/admin/…` routes, when admin credentials were given.
    public let admin: Client?

    /// Builds both chains with the default middleware over `transport`.
    public init(
        baseURL: URL,
        tenant: String,
        player: String,
        clientCredentials: GameSystemCredentials,
        adminCredentials: GameSystemCredentials? = nil,
        transport: some Transport,
        separator: GameSystemSeparator = .escaped,
        clockOffsets: ClockOffsetStore = ClockOffsetStore(),
        retry: RetryMiddleware = RetryMiddleware(),
        timeout: Duration? = .seconds(30),
        logger: Logger = Logger(label: "signet.gamesystem"),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        func chain(_ credentials: GameSystemCredentials) -> Client {
            Client(
                baseURL: baseURL, transport: transport,
                middleware: Client.defaultMiddleware(
                    signer: GameSystemSigner(credentials: credentials, separator: separator),
                    clockOffsets: clockOffsets, retry: retry, timeout: timeout),
                logger: logger, clock: clock)
        }
        self.init(tenant: tenant, player: player, client: chain(clientCredentials), admin: adminCredentials.map(chain))
    }

    /// Uses chains built by the caller (for a custom middleware order, or none).
    public init(tenant: String, player: String, client: Client, admin: Client?) {
        self.tenant = tenant
        self.player = player
        self.client = client
        self.admin = admin
    }

    /// The player: name, points, achievements and avatar.
    ///
    /// Answers are read straight from the response bytes into the models (lists packed as they are read),
    /// so an answer at the response limit costs about its own size; see ``PackedList``.
    public func player() async throws -> Player {
        try await client.send(
            request(.get, "client", "players", player), context: client.makeContext(operation: "gamesystem.player"),
            reading: GameSystemJSON.player)
    }

    /// Changes the avatar (either or both components) and returns the updated player. An option id the
    /// component does not have is refused by the server (422).
    public func updateAvatar(top: Int? = nil, bottom: Int? = nil) async throws -> Player {
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

    /// Posts external event `eventID` (e.g. "Magic", "Rainbow") for the player, with the admin credentials.
    /// With an `idempotencyKey` the request may be retried safely: the server never applies it twice.
    public func postExternalEvent(_ eventID: String, idempotencyKey: String? = nil) async throws -> ExternalEventResult {
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

    private func request(_ method: HTTPRequest.Method, _ segments: String...) -> HTTPRequest {
        let path = "/" + ([tenant] + segments).map(PathSegment.encode).joined(separator: "/")
        return HTTPRequest(method: method, scheme: nil, authority: nil, path: path)
    }
}

/// Misuse of ``GameSystemClient`` caught before anything is sent.
public enum GameSystemClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An admin route was called on a client built without admin credentials.
    case adminCredentialsMissing
    /// `updateAvatar` was called with neither component.
    case nothingToUpdate

    /// What to do about it.
    public var description: String {
        switch self {
        case .adminCredentialsMissing:
            return "posting external events needs admin credentials (SIGNET_ADMIN_KEY / SIGNET_ADMIN_SECRET)"
        case .nothingToUpdate:
            return "an avatar update needs --top, --bottom or both"
        }
    }
}
