#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Signet

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

extension World: PackableElement {
    /// Writes every field, the URLs as their text.
    public func pack(into packer: inout ElementPacker) {
        packer.write(id)
        packer.write(name)
        packer.write(country)
        packer.write(language)
        packer.write(url.absoluteString)
        packer.write(mapURL.absoluteString)
        packer.write(status.id)
        packer.write(status.description)
    }

    /// Reads what ``pack(into:)`` wrote.
    public init(unpacking unpacker: inout ElementUnpacker) {
        id = unpacker.readString()
        name = unpacker.readString()
        country = unpacker.readString()
        language = unpacker.readString()
        url = Self.url(unpacker.readString())
        mapURL = Self.url(unpacker.readString())
        status = WorldStatus(id: unpacker.readString(), description: unpacker.readString())
    }

    /// The URL a URL's `absoluteString` names: it always parses back; the file URL only keeps the type total.
    private static func url(_ text: String) -> URL {
        URL(string: text) ?? URL(fileURLWithPath: text)
    }
}
