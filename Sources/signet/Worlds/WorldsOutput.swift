import Foundation
import SignetWorlds

/// What `signet worlds --json` prints: the login, the server's extra keys, the worlds and any world that
/// could not be decoded.
struct WorldsOutput: Encodable {
    struct Status: Encodable {
        let id: String
        let description: String
    }

    struct Entry: Encodable {
        let id: String
        let name: String
        let country: String
        let language: String
        let url: String
        let mapURL: String
        let status: Status
    }

    struct Failure: Encodable {
        let index: Int
        let keyPath: String
        let problem: String
    }

    let login: String
    let serverVersion: String?
    let time: String?
    let info: String?
    let worlds: [Entry]
    let failures: [Failure]
    /// All worlds left out, listed in `failures` or not (it lists the first ones).
    let failureCount: Int

    init(login: String, response: WorldsResponse) {
        self.login = login
        serverVersion = response.serverVersion
        time = response.time
        info = response.info
        worlds = response.worlds.map {
            Entry(id: $0.id, name: $0.name, country: $0.country, language: $0.language, url: $0.url.absoluteString,
                  mapURL: $0.mapURL.absoluteString, status: Status(id: $0.status.id, description: $0.status.description))
        }
        failures = response.failures.map { Failure(index: $0.index, keyPath: $0.keyPath, problem: $0.problem.description) }
        failureCount = response.failureCount
    }
}
