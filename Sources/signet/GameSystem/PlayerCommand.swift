import ArgumentParser
import SignetGameSystem

/// `signet player`: the player card.
struct PlayerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player", abstract: "Show the GameSystem player: name, points, achievements, avatar.")

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await explainingFailures {
            let terminal = Terminal(json: options.json)
            try await GameSystemSession.with(options, needsAdmin: false) { session in
                let player = try await session.client.player()
                if options.json { return try Terminal.printJSON(player) }
                let components = Array(try await session.client.avatarComponents())
                PlayerCard(player: player, components: components, terminal: terminal).render().forEach { terminal.line($0) }
            }
        }
    }
}
