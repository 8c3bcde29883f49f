import Foundation
import HummingbirdWebSocket
import SignetTrivia
import SignetTriviaSocket

/// One browser's game: the relay fetches the user's jokers, joins the upstream game as the user over its
/// own ``TriviaConnection`` (adding the scripted opponents on the embedded server), sends the browser a
/// ``TriviaView`` after every event, and turns the browser's `answer` and `joker` messages into intents
/// for the connection's state machine. Either side leaving ends both.
struct TriviaRelay: Sendable {
    let upstream: PlaygroundUpstream
    let recorder: ResponseRecorder?
    let user: String

    /// The largest message read from the browser (its messages are a few dozen bytes).
    static let maxBrowserMessageBytes = 4_096

    /// What the browser may send: `{"action": "answer", "choice": 2}` or `{"action": "joker", "use": true}`.
    struct BrowserMessage: Decodable {
        let action: String
        let choice: Int?
        let use: Bool?
    }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let send: @Sendable (TriviaView) async -> Void = { view in
            let text = view.json
            recorder?.record(text)
            try? await outbound.writeTextMessage(text)
        }
        if let problem = TriviaUserName.problem(with: user) {
            await send(TriviaView(screen: "error", message: "This name cannot play: \(problem)."))
            try? await outbound.close(.normalClosure, reason: "invalid user")
            return
        }
        await send(TriviaView(screen: "waiting", message: "Joining the game as \(user)…"))
        let game: TriviaConnection
        let opponents = TriviaOpponents(baseURL: upstream.baseURL)
        do {
            let jokers = try await upstream.trivia.jokers(for: user).jokers
            game = try await TriviaConnection.open(baseURL: upstream.baseURL, user: user, jokers: jokers)
        } catch {
            await send(TriviaView(screen: "error", message: PlaygroundProblem(error, upstream: upstream.baseURL).message))
            try? await outbound.close(.normalClosure, reason: "no game")
            return
        }
        do {
            if upstream.embedded { try await opponents.start(Array(TriviaOpponents.roster.prefix(PlaygroundTrivia.opponents))) }
        } catch {
            await send(TriviaView(screen: "error", message: "The scripted opponents could not join: \(error)."))
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await forward(game, send: send)
                try? await outbound.close(.normalClosure, reason: "game over")
            }
            group.addTask { await read(inbound, into: game) }
            await group.next()
            group.cancelAll()
        }
        await game.close()
        await opponents.finish()
    }

    /// Sends a view after every event of the game, until it ends.
    private func forward(_ game: TriviaConnection, send: @Sendable (TriviaView) async -> Void) async {
        var prompt: TriviaQuestionPrompt?
        for await event in game.events {
            switch event {
            case .handled(let handled, _, let machine):
                if case .received(.question(let question), _) = handled { prompt = question }
                let words = TriviaRelayWords.say(handled, machine: machine)
                await send(TriviaView(machine: machine, prompt: prompt, user: user, message: words, now: Date()))
            case .undecodable:
                continue
            case .ended(.finished(let standings)):
                var view = TriviaView(screen: "finished", message: "Game over.")
                view.standings = standings.map { TriviaView.standing($0, user: user) }
                view.score = standings.first { $0.user == user }?.score ?? 0
                await send(view)
                return
            case .ended(.failed(let error)):
                await send(TriviaView(screen: "error", message: "The game ended early: \(error)."))
                return
            }
        }
    }

    /// Applies each browser message to the game; ends when the browser's socket does.
    private func read(_ inbound: WebSocketInboundStream, into game: TriviaConnection) async {
        do {
            for try await message in inbound.messages(maxSize: Self.maxBrowserMessageBytes) {
                guard case .text(let text) = message,
                      let decoded = try? JSONDecoder().decode(BrowserMessage.self, from: Data(text.utf8)) else { continue }
                switch (decoded.action, decoded.choice, decoded.use) {
                case ("answer", let choice?, _): await game.answer(choice)
                case ("joker", _, true?): await game.useJoker()
                case ("joker", _, false?): await game.declineJoker()
                default: continue
                }
            }
        } catch {
            // The browser went away or sent an oversized frame: the game is left.
        }
    }
}

/// The status line of the trivia page: what just happened, in words.
enum TriviaRelayWords {
    static func say(_ event: TriviaClientEvent, machine: TriviaClientMachine) -> String? {
        switch event {
        case .received(let message, _):
            switch message {
            case .welcome(let welcome):
                return "Joined as \(welcome.user) (\(welcome.role.rawValue)): \(welcome.questionCount) questions."
                    + (welcome.started ? "" : " Waiting for the first question…")
            case .question:
                return machine.role == .viewer ? "You watch this question as a viewer." : "Choose your answer."
            case .answerReceived:
                return "Answer received — the result comes when the question closes."
            case .result(let result):
                if machine.canUseJoker { return "Wrong. Use your joker to stay a player?" }
                if result.correct { return "Right! Your score is \(result.score)." }
                return result.choice == nil ? "No answer this time." : "Wrong answer."
            case .jokerResult(let result):
                return result.accepted ? "Joker accepted: you stay a player." : "Joker refused: you watch as a viewer."
            case .finish:
                return "Game over."
            case .error(let error):
                return "The server refused a message: \(error.message)"
            }
        case .answer:
            return "Answer sent…"
        case .useJoker:
            return "Joker requested…"
        case .declineJoker:
            return "Joker declined: you watch the rest of the game as a viewer."
        case .deadlinePassed:
            return "Time is up."
        case .connectionLost:
            return "The connection to the game was lost."
        }
    }
}
