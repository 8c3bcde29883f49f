import Foundation
import Signet
import SignetWorlds

/// The worlds the reference server lists for the demo login: several countries, languages and statuses,
/// one name with non-ASCII letters, URLs shaped like the real servers'.
public enum DemoWorlds {
    /// The server version the reference server reports.
    public static let serverVersion = "signet-reference-1"

    /// The demo worlds, in the order the server lists them.
    public static let all: [World] = [
        world(id: "126", name: "Australia 6 (recommended)", country: "AU", language: "en", server: "AU-6", status: online),
        world(id: "58", name: "Deutschland 14", country: "DE", language: "de", server: "DE-14", status: online),
        world(id: "212", name: "Österreich 1", country: "AT", language: "de", server: "AT-1", status: online),
        world(id: "301", name: "Ελλάδα 2", country: "GR", language: "el", server: "GR-2", status: maintenance),
        world(id: "77", name: "France 3 (closed)", country: "FR", language: "fr", server: "FR-3", status: offline),
    ]

    /// The status the real server gives a playable world.
    public static let online = WorldStatus(id: "3", description: "online")
    /// A world being maintained.
    public static let maintenance = WorldStatus(id: "2", description: "maintenance")
    /// A world that cannot be played.
    public static let offline = WorldStatus(id: "1", description: "offline")

    /// The reference server's answer for the demo login at `time`.
    public static func response(time: String) -> PropertyListValue {
        WorldsReply.worlds(all, serverVersion: serverVersion, time: time)
    }

    /// The reference server's answer for a login it does not know: no worlds, `info = "Unknown user"`.
    public static func unknownUserResponse(time: String) -> PropertyListValue {
        WorldsReply.worlds([], serverVersion: serverVersion, time: time, info: WorldsResponse.unknownUserInfo)
    }

    private static func world(id: String, name: String, country: String, language: String, server: String, status: WorldStatus) -> World {
        World(
            id: id, name: name, country: country, language: language,
            url: url("http://backend2.lordsandknights.com/XYRALITY/WebObjects/LKWorldServer-\(server).woa"),
            mapURL: url("http://maps2.lordsandknights.com/v2/LKWorldServer-\(server)"),
            status: status)
    }

    /// A URL from a literal above; the fallback is never taken because every literal is a valid URL.
    private static func url(_ text: String) -> URL {
        URL(string: text) ?? URL(fileURLWithPath: "/")
    }
}
