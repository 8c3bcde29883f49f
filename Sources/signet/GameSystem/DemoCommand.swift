import ArgumentParser
import SignetGameSystem

/// `signet demo`: the whole GameSystem flow against the embedded reference server (or --base-url).
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Player → Magic → Rainbow → avatar change, against the embedded reference server by default.")

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await explainingFailures {
            let terminal = Terminal(json: options.json)
            try await GameSystemSession.with(options, needsAdmin: true) { session in
                if session.server != nil && !options.json {
                    terminal.line(terminal.styled("Signet demo against the embedded reference server at \(session.baseURL.absoluteString.terminalSafe)", .dim))
                }
                let client = session.client
                let components = Array(try await client.avatarComponents())
                let before = try await client.player()
                if options.json {
                    return try await jsonDemo(client: client, components: components, before: before)
                }
                terminal.line(terminal.styled("1. The player", .bold))
                PlayerCard(player: before, components: components, terminal: terminal).render().forEach { terminal.line($0) }
                terminal.line(terminal.styled("2. Magic", .bold))
                try await EventPresentation.post("Magic", idempotencyKey: nil, session: session, terminal: terminal, json: false)
                terminal.line(terminal.styled("3. Rainbow", .bold))
                try await EventPresentation.post("Rainbow", idempotencyKey: nil, session: session, terminal: terminal, json: false)
                terminal.line(terminal.styled("4. A new avatar", .bold))
                let changed = try await client.updateAvatar(top: nextOption("Top", of: before, components),
                                                            bottom: nextOption("Bottom", of: before, components))
                AvatarPresentation.show(changed, components: components, terminal: terminal)
                terminal.line()
                PlayerCard(player: changed, components: components, terminal: terminal).render().forEach { terminal.line($0) }
            }
        }
    }

    /// The option after the current one (wrapping), so the demo always changes the avatar.
    private func nextOption(_ name: String, of player: Player, _ components: [AvatarComponent]) -> Int? {
        guard let options = components.first(where: { $0.name == name })?.options, !options.isEmpty else { return nil }
        let current = options.firstIndex { $0.id == player.avatar[name] } ?? -1
        return options[(current + 1) % options.count].id
    }

    private func jsonDemo(client: GameSystemPlayerClient, components: [AvatarComponent], before: Player) async throws {
        struct Output: Encodable {
            let before: Player
            let magic: ExternalEventResult
            let rainbow: ExternalEventResult
            let after: Player
        }
        let magic = try await client.postExternalEvent("Magic")
        let rainbow = try await client.postExternalEvent("Rainbow")
        let after = try await client.updateAvatar(top: nextOption("Top", of: before, components),
                                                  bottom: nextOption("Bottom", of: before, components))
        try Terminal.printJSON(Output(before: before, magic: magic, rainbow: rainbow, after: after))
    }
}
