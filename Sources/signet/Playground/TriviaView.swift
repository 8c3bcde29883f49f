import Foundation
import SignetTrivia

/// What the trivia page shows, as the relay sends it to the browser (JSON, drawn with `textContent`):
/// the screen (waiting, question, result, joker, finished, error), the player's role, score and jokers,
/// the question with its choices and the time left, and the final standings.
struct TriviaView: Encodable, Sendable {
    struct Question: Encodable, Sendable {
        let number: Int
        let count: Int
        let text: String
        let choices: [String]
        let remainingMs: Int
    }

    struct Standing: Encodable, Sendable {
        let rank: Int
        let user: String
        let score: Int
        let role: String
        let left: Bool
        let you: Bool
    }

    var screen: String
    var role: String = TriviaRole.player.rawValue
    var score = 0
    var jokers = 0
    var message: String?
    var question: Question?
    var canAnswer = false
    var chosen: Int?
    var correctChoice: Int?
    var correct: Bool?
    var standings: [Standing]?

    /// A view with only a screen and a message (waiting, or an error).
    init(screen: String, message: String?) {
        self.screen = screen
        self.message = message
    }

    /// The view of `machine` now; `prompt` is the last question received (the result screens show it again).
    init(machine: TriviaClientMachine, prompt: TriviaQuestionPrompt?, user: String, message: String?, now: Date) {
        screen = "waiting"
        role = machine.role.rawValue
        score = machine.score
        jokers = machine.jokers
        self.message = message
        canAnswer = machine.canAnswer
        func makeQuestion(_ prompt: TriviaQuestionPrompt?, deadline: Date?) -> Question? {
            guard let prompt else { return nil }
            let left = deadline.map { $0.timeIntervalSince(now) * 1_000 } ?? 0
            return Question(number: prompt.index < Int.max ? prompt.index + 1 : prompt.index, count: prompt.count,
                            text: prompt.text, choices: prompt.choices,
                            remainingMs: left.isFinite ? Int(max(0, min(left, 3_600_000))) : 0)
        }
        switch machine.state {
        case .connecting, .waiting:
            screen = "waiting"
        case .question(let open), .answerRefused(let open, _), .questionClosed(let open):
            screen = "question"
            question = makeQuestion(open.prompt, deadline: open.localDeadline)
        case .answerSent(let open, let choice), .answerReceived(let open, let choice):
            screen = "question"
            question = makeQuestion(open.prompt, deadline: open.localDeadline)
            chosen = choice
        case .result(let result), .jokerRequested(let result):
            screen = "result"
            show(result, question: makeQuestion(prompt, deadline: nil))
        case .jokerOffer(let result):
            screen = "joker"
            show(result, question: makeQuestion(prompt, deadline: nil))
        case .finished(let final):
            screen = "finished"
            standings = final.map { Self.standing($0, user: user) }
        case .disconnected:
            screen = "error"
        }
    }

    private mutating func show(_ result: TriviaResult, question: Question?) {
        self.question = question
        chosen = result.choice
        correctChoice = result.correctChoice
        correct = result.correct
    }

    static func standing(_ standing: TriviaStanding, user: String) -> Standing {
        Standing(rank: standing.rank, user: standing.user, score: standing.score, role: standing.role.rawValue,
                 left: standing.left, you: standing.user == user)
    }

    /// The view as one JSON text frame.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return #"{"screen":"error","message":"the view did not encode"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
