// What an app does with Signet: one GameSystemClient for every player, credentials asked on every attempt,
// and errors an app can show as they are. Runs against tenant `acme` of the server at SIGNET_BASE_URL, with the client key and secret in APP_API_KEY and APP_SECRET: an app would keep them in the
// Keychain (a provider of its own) instead. An admin secret never belongs in an app.
import Foundation
import SignetGameSystem
import SignetURLSession

let environment = ProcessInfo.processInfo.environment
guard let base = environment["SIGNET_BASE_URL"].flatMap(URL.init(string:)) else {
    print("AppClient: set SIGNET_BASE_URL to the GameSystem server, e.g. http://127.0.0.1:8080")
    exit(2)
}
let gamesystem = GameSystemClient(
    baseURL: base, tenant: "acme",
    credentials: EnvironmentCredentials(apiKeyVariable: "APP_API_KEY", secretVariable: "APP_SECRET"),
    transport: SignetURLSessionTransport())

do {
    let ann = try await gamesystem.player("ann")
    print("\(ann.nickname): \(ann.totalPoints) points, \(ann.achievements.count) achievements")
    let components = try await gamesystem.avatarComponents()
    print("avatar components: \(components.map(\.name).joined(separator: ", "))")
    // A player that does not exist: the error an app would put in an alert.
    _ = try await gamesystem.forPlayer("nobody-\(UUID().uuidString.prefix(8))").player()
} catch {
    print("shown to the user: \(error.localizedDescription)")
}
