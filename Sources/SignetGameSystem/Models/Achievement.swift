import Signet

/// An achievement (badge) a player holds.
public struct Achievement: Codable, Hashable, Sendable, PackableElement {
    /// The achievement's id.
    public var id: GameSystemID
    /// Its name (e.g. "Rainbow").
    public var name: String
    /// What it is for.
    public var description: String?
    /// A picture of it.
    public var imageURL: String?
    /// When it was awarded (as the server wrote it).
    public var awardedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, name, description, imageURL = "image_url", awardedAt = "awarded_at"
    }

    /// Creates an achievement value.
    public init(id: GameSystemID, name: String, description: String? = nil, imageURL: String? = nil, awardedAt: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.imageURL = imageURL
        self.awardedAt = awardedAt
    }

    /// Writes the five fields.
    public func pack(into packer: inout ElementPacker) {
        packer.write(id.text)
        packer.write(name)
        packer.write(description)
        packer.write(imageURL)
        packer.write(awardedAt)
    }

    /// Reads what ``pack(into:)`` wrote.
    public init(unpacking unpacker: inout ElementUnpacker) {
        id = GameSystemID(unpacker.readString())
        name = unpacker.readString()
        description = unpacker.readOptionalString()
        imageURL = unpacker.readOptionalString()
        awardedAt = unpacker.readOptionalString()
    }
}
