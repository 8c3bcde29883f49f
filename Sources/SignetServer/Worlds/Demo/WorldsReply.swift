import Signet
import SignetWorlds

/// The property lists the reference server answers the `worlds` action with, shaped like the real
/// server's: every value a string (`id = "126"`), keys in alphabetical order, extra top-level keys.
///
/// Write them with `PropertyListWriter.write(_:as: .openStep)` (the real server's format).
public enum WorldsReply {
    /// The message the real server gives when `login`, `password`, `deviceType` or `deviceId` is missing.
    public static let insufficientParametersMessage = "Insufficient parameters."

    /// A successful answer: `allAvailableWorlds`, `info` (when given), `serverVersion` and `time`.
    /// `info` is `nil` for a known user, and `WorldsResponse.unknownUserInfo` (with no worlds) for an
    /// unknown one.
    public static func worlds(_ worlds: [World], serverVersion: String, time: String, info: String? = nil) -> PropertyListValue {
        var reply: PropertyListDictionary = ["allAvailableWorlds": .array(worlds.map(render))]
        if let info { reply["info"] = .string(info) }
        reply["serverVersion"] = .string(serverVersion)
        reply["time"] = .string(time)
        return .dictionary(reply)
    }

    /// An error answer: `{ error = "<message>"; }`.
    public static func error(message: String) -> PropertyListValue {
        ["error": .string(message)]
    }

    /// The answer to a request that lacks a required parameter: `{ error = "Insufficient parameters."; }`.
    public static var insufficientParameters: PropertyListValue {
        error(message: insufficientParametersMessage)
    }

    /// One world as the real server writes it: all values strings, keys in alphabetical order.
    public static func render(_ world: World) -> PropertyListValue {
        [
            "country": .string(world.country),
            "id": .string(world.id),
            "language": .string(world.language),
            "mapURL": .string(world.mapURL.absoluteString),
            "name": .string(world.name),
            "url": .string(world.url.absoluteString),
            "worldStatus": [
                "description": .string(world.status.description),
                "id": .string(world.status.id),
            ],
        ]
    }
}
