/// A part of the avatar (Top, Bottom) and the options a player may choose for it.
struct AvatarComponent: Codable, Sendable {
    let id: Int
    let name: String
    let options: [AvatarOption]
}

/// One choice for an avatar component.
struct AvatarOption: Codable, Sendable {
    let id: Int
    let name: String
}

/// The body of `PUT /{tenant}/client/players/{player}`: `{"avatar": {"Top": 102}}` (either or both parts).
struct PlayerUpdate: Decodable, Sendable {
    /// The option id chosen per component name.
    let avatar: [String: Int]
}
