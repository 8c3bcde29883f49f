import ArgumentParser
import SignetGameSystem

/// `signet avatar` (draw it) and `signet avatar set --top N --bottom N`.
struct AvatarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "avatar", abstract: "Draw the player's avatar, or change it.",
        subcommands: [Show.self, Set.self], defaultSubcommand: Show.self)

    /// `signet avatar [show] [--all]`
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw the avatar (with --all, every Top/Bottom combination, up to \(AvatarGallery.maxDrawn)).")

        @Flag(help: "Draw the combinations of the Top and Bottom options: the first \(AvatarGallery.maxDrawn), then a count of the rest.")
        var all = false

        @OptionGroup var options: ServiceOptions

        func run() async throws {
            try await explainingFailures {
                let terminal = Terminal(json: options.json)
                try await GameSystemSession.with(options, needsAdmin: false) { session in
                    let components = Array(try await session.client.avatarComponents())
                    let player = try await session.client.player()
                    if options.json {
                        struct Output: Encodable { let avatar: [String: Int]; let components: [AvatarComponent] }
                        return try Terminal.printJSON(Output(avatar: player.avatar, components: components))
                    }
                    if all {
                        return AvatarGallery.lines(components: components, terminal: terminal).forEach { terminal.line($0) }
                    }
                    AvatarPresentation.show(player, components: components, terminal: terminal)
                }
            }
        }
    }

    /// `signet avatar set --top N --bottom N`
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Choose avatar options by id (see `signet avatar --json` for the ids).")

        @Option(help: "Option id for the Top component.")
        var top: Int?

        @Option(help: "Option id for the Bottom component.")
        var bottom: Int?

        @OptionGroup var options: ServiceOptions

        func validate() throws {
            if top == nil && bottom == nil { throw ValidationError("give --top, --bottom or both") }
        }

        func run() async throws {
            try await explainingFailures {
                let terminal = Terminal(json: options.json)
                try await GameSystemSession.with(options, needsAdmin: false) { session in
                    let player = try await session.client.updateAvatar(top: top, bottom: bottom)
                    if options.json { return try Terminal.printJSON(player) }
                    AvatarPresentation.show(player, components: Array(try await session.client.avatarComponents()), terminal: terminal)
                }
            }
        }
    }
}

/// Draws a player's avatar with its description.
enum AvatarPresentation {
    /// Prints `NICKNAME's avatar — Top: …, Bottom: …` and the picture; the nickname escaped.
    static func show(_ player: Player, components: [AvatarComponent], terminal: Terminal) {
        terminal.line(terminal.styled("\(player.nickname.terminalSafe)'s avatar", .bold) + " — " + AvatarArt.describe(player.avatar, components: components))
        AvatarArt.draw(player.avatar, components: components).forEach { terminal.line(terminal.styled($0, .cyan)) }
    }
}
