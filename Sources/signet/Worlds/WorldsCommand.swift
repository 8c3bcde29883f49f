import ArgumentParser

/// `signet worlds`: List the Lords & Knights worlds.
struct WorldsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "worlds", abstract: "List the Lords & Knights worlds.")

    func run() async throws {
        throw CleanExit.message("not yet available")
    }
}
