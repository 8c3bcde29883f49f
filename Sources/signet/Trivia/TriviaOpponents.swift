import Foundation
import SignetTrivia
import SignetTriviaSocket

/// Scripted opponents for `signet trivia play`, so a lone user gets a real game: each is a
/// ``TriviaConnection`` driven by a ``TriviaAutoPlayer``, in this process, over the real socket.
actor TriviaOpponents {
    /// One scripted opponent.
    struct Opponent: Sendable {
        let name: String
        let strategy: TriviaStrategy
    }

    /// Who may join, in order: ada knows every answer, max guesses, eve is always wrong, joe picks the first.
    static let roster = [
        Opponent(name: "ada", strategy: .right), Opponent(name: "max", strategy: .random),
        Opponent(name: "eve", strategy: .wrong), Opponent(name: "joe", strategy: .first),
    ]

    private let baseURL: URL
    private var connections: [TriviaConnection] = []
    private var games: [Task<Void, Never>] = []

    init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// Connects each opponent and starts its play.
    func start(_ opponents: [Opponent]) async throws {
        for (index, opponent) in opponents.enumerated() {
            let connection = try await TriviaConnection.open(baseURL: baseURL, user: opponent.name)
            connections.append(connection)
            var player = TriviaAutoPlayer(strategy: opponent.strategy, seed: UInt64(index + 1))
            games.append(Task {
                for await event in connection.events {
                    guard case .handled(_, _, let machine) = event, let move = player.move(for: machine) else { continue }
                    await connection.perform(move)
                }
            })
        }
    }

    /// Closes the opponents still connected (they are already gone after `finish`) and waits for them.
    func finish() async {
        for connection in connections { await connection.close() }
        for game in games { await game.value }
    }
}
