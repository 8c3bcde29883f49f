import ArgumentParser
import SignetPuzzles
import SignetServer

extension PuzzleCommand {
    /// `signet puzzle new [--width --height --words --min --max --allow …]`
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask the server for a new puzzle and start a game on it.",
            discussion: """
                The directions offered are those the server's /capabilities lists; --allow naming \
                another fails with the list. Settings are checked before anything is sent.
                """)

        @Option(help: "Columns (1–64).") var width = 20
        @Option(help: "Rows (1–64).") var height = 20
        @Option(help: "How many words to hide (1–100).") var words = 10
        @Option(name: .customLong("min"), help: "Fewest letters in a word (2 or more).") var minLength = 4
        @Option(name: .customLong("max"), help: "Most letters in a word.") var maxLength = 8
        @Option(help: "Directions, comma-separated, among those the server offers (horizontal,vertical,angle); default: all it offers.")
        var allow: String?
        @Option(help: "Seed for the embedded server's generator (default: random). Not with --base-url.")
        var seed: UInt64?
        @OptionGroup var options: ServiceOptions

        func run() async throws {
            try await explainingFailures {
                try await PuzzleStoreAccess.with { store in
                    try await ServiceConnection.with(
                        options, server: ReferenceServerConfiguration(seed: seed ?? .random(in: .min ... .max))
                    ) { connection in
                        if seed != nil, connection.server == nil {
                            throw CommandFailure("--seed sets the embedded server's seed; it cannot be used with a base URL")
                        }
                        let client = PuzzlesClient(baseURL: connection.baseURL, transport: connection.transport)
                        let offered = try await client.capabilities()
                        for warning in offered.warnings {
                            printError("warning: \(warning)")
                        }
                        let settings = PuzzleSettings(
                            width: width, height: height, words: words, minLength: minLength, maxLength: maxLength,
                            capabilities: try keywords(offered: offered.offered))
                        let received = try await client.puzzle(settings, offered: offered)
                        try await store.save(received.puzzle, settings: settings)
                        let game = try await store.game(puzzleID: received.puzzle.id)
                        if options.json {
                            return try Terminal.printJSON(PuzzleGameJSON(game, warnings: offered.warnings))
                        }
                        let terminal = Terminal(json: false)
                        PuzzleDrawing.lines(for: game, terminal: terminal).forEach { terminal.line($0) }
                        terminal.line()
                        terminal.line("play it with: signet puzzle play \(game.puzzle.id.terminalSafe)")
                        terminal.line("or point at a word: signet puzzle find \(game.puzzle.id.terminalSafe) WORD --from X,Y --to X,Y")
                    }
                }
            }
        }

        /// The keywords to request: `--allow`'s, lowercased, or every direction the server offers.
        private func keywords(offered: CapabilitySet) throws -> [String] {
            guard let allow else { return offered.directions.map(\.rawValue) }
            let keywords = allow.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty }
            guard !keywords.isEmpty else {
                throw CommandFailure("--allow names no direction; the server offers \(offered.keywords.joined(separator: ", "))")
            }
            return keywords
        }
    }
}
