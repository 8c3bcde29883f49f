import ArgumentParser
import Foundation
import Logging
import SignetServer
import SignetTrivia

/// `signet playground [--port N] [--base-url URL]`: the services in a browser. A backend-for-frontend:
/// the pages talk only to this process, which signs with the CLI's credentials on the server side.
struct PlaygroundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playground",
        abstract: "Play with every service in a browser: a local web app on 127.0.0.1.",
        discussion: """
            The pages talk to this process only; it calls the upstream through the Signet SDK with the same \
            settings and credentials as every signet command (the embedded reference server by default). \
            No key or secret ever reaches the browser. Prints the address, then serves until Ctrl-C.
            """)

    @Option(help: "The port to listen on, on 127.0.0.1 (0: any free port; the address is printed).")
    var port = 8080

    @Option(help: ArgumentHelp("Append every body sent to the browser to this file (for tests).", visibility: .hidden))
    var record: String?

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
    }

    func run() async throws {
        try await explainingFailures {
            let recorder = try record.map(ResponseRecorder.init(path:))
            defer { recorder?.close() }
            let embedded = ReferenceServerConfiguration(seed: .random(in: .min ... .max), trivia: PlaygroundTrivia.gameConfiguration)
            try await ServiceConnection.with(options, server: embedded) { connection in
                let upstream = PlaygroundUpstream(connection: connection)
                defer { upstream.close() }
                let app = PlaygroundApp(routes: PlaygroundRoutes(upstream: upstream, recorder: recorder, token: FormToken()), port: port)
                let server = connection.server == nil
                    ? "upstream \(connection.baseURL.absoluteString)" : "embedded reference server"
                try await app.run(logger: Logger(label: "signet.playground")) { url in
                    // Written at once (unbuffered), so a script reading the address sees it straight away.
                    Terminal(json: true).line("Signet playground at \(url.absoluteString) (\(server)); Ctrl-C stops it")
                }
            }
        }
    }
}

/// How trivia runs on the playground's embedded server: five questions, 20 s each, and 3 s of results
/// (the time to take a joker); it starts as soon as the player and the two scripted opponents are in.
enum PlaygroundTrivia {
    /// Scripted opponents added on the embedded server (none against a base URL, where people play).
    static let opponents = 2

    static let gameConfiguration = TriviaGameConfiguration(
        seed: 20_261_121, questionCount: 5,
        timing: TriviaTiming(questionDuration: .seconds(20), reviewDuration: .seconds(3)),
        lobby: TriviaLobby(playersToStart: 1 + opponents, maximumWait: .seconds(2)))
}
