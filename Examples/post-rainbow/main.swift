// post-rainbow: posts the GameSystem external event "Rainbow" for the player and shows what it awarded.
// With SIGNET_BASE_URL unset it runs against an embedded reference server; otherwise it needs
// SIGNET_CLIENT_KEY, SIGNET_CLIENT_SECRET, SIGNET_ADMIN_KEY and SIGNET_ADMIN_SECRET.
import ExampleSupport
import Foundation

ExampleLogging.bootstrap()
do {
    try await ExampleGameSystem.connect().post("Rainbow")
} catch {
    FileHandle.standardError.write(Data("post-rainbow: \(error)\n".utf8))
    exit(1)
}
