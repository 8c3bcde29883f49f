import Foundation

/// A Lords & Knights game world, as listed by the login server's `worlds` action.
public struct World: Sendable, Hashable {
    /// The world's unique identifier; the server sends it as a string (`"126"`) or a number (`126`).
    public var id: String
    /// The display name, e.g. `Australia 6 (recommended)`.
    public var name: String
    /// ISO country code, e.g. `AU`.
    public var country: String
    /// ISO language code, e.g. `en`.
    public var language: String
    /// The world server.
    public var url: URL
    /// The map server.
    public var mapURL: URL
    /// Whether the world is online, and how the server describes that.
    public var status: WorldStatus

    /// A world with every field given.
    public init(id: String, name: String, country: String, language: String, url: URL, mapURL: URL, status: WorldStatus) {
        self.id = id
        self.name = name
        self.country = country
        self.language = language
        self.url = url
        self.mapURL = mapURL
        self.status = status
    }
}

/// The status of a world: an identifier (3 is "online" on the real server) and its description.
public struct WorldStatus: Sendable, Hashable {
    /// The status identifier; the server sends it as a string or a number.
    public var id: String
    /// The human-readable status, e.g. `online`.
    public var description: String

    /// A status with the given identifier and description.
    public init(id: String, description: String) {
        self.id = id
        self.description = description
    }
}
