import Signet

/// An avatar component ("Top", "Bottom") and its options: `GET /{tenant}/client/avatar_components`.
public struct AvatarComponent: Codable, Hashable, Sendable, PackableElement {
    /// The component's id.
    public var id: GameSystemID
    /// Its name, the key in ``Player/avatar``.
    public var name: String
    /// The options a player may choose.
    public var options: [AvatarOption]

    /// Creates a component value.
    public init(id: GameSystemID, name: String, options: [AvatarOption]) {
        self.id = id
        self.name = name
        self.options = options
    }

    /// Writes the id, the name and the options.
    public func pack(into packer: inout ElementPacker) {
        Self.pack(id: id.text, name: name, options: options, into: &packer)
    }

    /// Writes a component from its parts: the options may be a ``PackedList``, copied as bytes (how the
    /// client keeps a component of very many options without an array of them).
    static func pack(id: String, name: String, options: some Collection<AvatarOption>, into packer: inout ElementPacker) {
        packer.write(id)
        packer.write(name)
        packer.write(options)
    }

    /// Reads what ``pack(into:)`` wrote.
    public init(unpacking unpacker: inout ElementUnpacker) {
        id = GameSystemID(unpacker.readString())
        name = unpacker.readString()
        options = unpacker.readArray()
    }
}

/// One choice for an avatar component.
public struct AvatarOption: Codable, Hashable, Sendable, PackableElement {
    /// The option's id, the value in ``Player/avatar``.
    public var id: Int
    /// Its name.
    public var name: String

    /// Creates an option value.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    /// Writes the id and name.
    public func pack(into packer: inout ElementPacker) {
        packer.write(id)
        packer.write(name)
    }

    /// Reads what ``pack(into:)`` wrote.
    public init(unpacking unpacker: inout ElementUnpacker) {
        id = unpacker.readInt()
        name = unpacker.readString()
    }
}
