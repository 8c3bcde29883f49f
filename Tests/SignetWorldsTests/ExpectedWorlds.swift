import Foundation
import SignetWorlds

/// Worlds written out by hand from the vector files, so expectations never come from the code under test.
enum ExpectedWorlds {
    static func world(
        _ id: String, _ name: String, _ country: String, _ language: String, server: String, status: (String, String)
    ) -> World {
        World(
            id: id, name: name, country: country, language: language,
            url: URL(string: "http://backend2.lordsandknights.com/XYRALITY/WebObjects/LKWorldServer-\(server).woa")!,
            mapURL: URL(string: "http://maps2.lordsandknights.com/v2/LKWorldServer-\(server)")!,
            status: WorldStatus(id: status.0, description: status.1))
    }

    static let australia6 = world("126", "Australia 6 (recommended)", "AU", "en", server: "AU-6", status: ("3", "online"))
    static let deutschland14 = world("58", "Deutschland 14", "DE", "de", server: "DE-14", status: ("3", "online"))
    static let english2 = world("17", "English 2", "GB", "en", server: "GB-2", status: ("1", "offline"))
    static let oesterreich1 = world("212", "Österreich 1", "AT", "de", server: "AT-1", status: ("3", "online"))

    /// What every real-server-shaped vector (OpenStep, XML, both binaries) decodes to.
    static let realServerResponse = WorldsResponse(
        worlds: [australia6, deutschland14, english2], failures: [], serverVersion: "3.2.1",
        time: "2016-03-01 12:00:00 +0000", info: nil,
        extras: ["newsURL": .string("http://www.lordsandknights.com/news")])
}
