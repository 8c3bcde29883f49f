import ArgumentParser
import Foundation
import SignetServer
import SignetTrivia
import SignetTriviaSocket

/// `signet trivia play [--user U] [--auto STRATEGY] [--opponents N]`: fetches the user's jokers, joins
/// the game, and plays it on the terminal (or by script with `--auto`).
struct TriviaPlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: "Join the trivia game and play it (type the choice's number; y/n for a joker).")

    @Option(help: "The user to play as (the demo users ann and bob own a joker).")
    var user = "ann"

    @Option(help: "Play by script: right, wrong, random or first (an offered joker is always used).")
    var auto: TriviaStrategy?

    @Option(help: "Scripted opponents to add, 0–\(TriviaOpponents.roster.count) (default 2 on the embedded server, 0 with a base URL).")
    var opponents: Int?

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        if let problem = TriviaUserName.problem(with: user) { throw ValidationError(problem) }
        if let opponents, !(0...TriviaOpponents.roster.count).contains(opponents) {
            throw ValidationError("--opponents must be from 0 to \(TriviaOpponents.roster.count)")
        }
    }

    func run() async throws {
        try await explainingFailures {
            let remote = try Settings.load(options).baseURL != nil
            let opponentCount = opponents ?? (remote ? 0 : 2)
            let embedded = ReferenceServerConfiguration(
                trivia: TriviaEmbeddedGame.configuration(scripted: auto != nil, players: 1 + opponentCount))
            try await ServiceConnection.with(options, server: embedded) { connection in
                let jokers = try await TriviaClient(baseURL: connection.baseURL, transport: connection.transport)
                    .jokers(for: user).jokers
                let screen = TriviaScreen(terminal: Terminal(json: options.json), json: options.json, user: user, interactive: auto == nil)
                let opponents = Array(TriviaOpponents.roster.prefix(opponentCount))
                screen.intro(jokers: jokers, opponents: opponents.map(\.name), server: connection.server == nil
                             ? connection.baseURL.absoluteString : nil)
                let game = try await TriviaConnection.open(baseURL: connection.baseURL, user: user, jokers: jokers)
                let bots = TriviaOpponents(baseURL: connection.baseURL)
                do {
                    try await bots.start(opponents)
                } catch {
                    await game.close()
                    throw error
                }
                let player = auto.map { TriviaAutoPlayer(strategy: $0, seed: 20_261_121) }
                let end = await TriviaSession(connection: game, screen: screen, autoPlayer: player).run()
                await bots.finish()
                switch end {
                case .finished(let standings):
                    if options.json { try screen.printJSON(standings) } else { screen.standings(standings) }
                case .failed(let error):
                    throw CommandFailure(error.description)
                }
            }
        }
    }
}

extension TriviaStrategy: ExpressibleByArgument {}

/// The embedded server's game for `signet trivia play`: a quick five-question game that starts as
/// soon as the user and the opponents are in (or two seconds after the user joined).
enum TriviaEmbeddedGame {
    /// Interactive: 20 s to answer, 4 s of results (the time to decide on a joker). Scripted: the
    /// players answer at once, so 5 s per question and 0.8 s of results keep a game to a few seconds.
    static func configuration(scripted: Bool, players: Int) -> TriviaGameConfiguration {
        let timing = scripted
            ? TriviaTiming(questionDuration: .seconds(5), reviewDuration: .milliseconds(800))
            : TriviaTiming(questionDuration: .seconds(20), reviewDuration: .seconds(4))
        return TriviaGameConfiguration(seed: 20_261_121, questionCount: 5, timing: timing,
                                       lobby: TriviaLobby(playersToStart: players, maximumWait: .seconds(2)))
    }
}
