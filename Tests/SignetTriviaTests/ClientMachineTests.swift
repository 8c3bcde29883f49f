import Foundation
import Testing
@testable import SignetTrivia

@Suite("Client state machine")
struct ClientMachineTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    static func prompt(_ id: String = "q1", role: TriviaRole = .player) -> TriviaQuestionPrompt {
        TriviaQuestionPrompt(questionId: id, index: 0, count: 3, text: "First?", choices: ["a", "b", "c"],
                             deadline: at(100), remainingMilliseconds: 10_000, role: role)
    }

    static func result(_ id: String = "q1", correct: Bool, choice: Int? = 1, role: TriviaRole,
                       score: Int = 0, jokerOffered: Bool = false) -> TriviaResult {
        TriviaResult(questionId: id, correct: correct, correctChoice: 0, choice: choice, role: role,
                     score: score, jokerOffered: jokerOffered)
    }

    /// A machine that owns `jokers`, welcomed and shown question 1 at t0.
    static func atQuestion(jokers: Int = 0, role: TriviaRole = .player) -> TriviaClientMachine {
        var machine = TriviaClientMachine(jokers: jokers)
        _ = machine.handle(.received(.welcome(TriviaWelcome(user: "bob", role: .player, jokers: jokers,
                                                            questionCount: 3, started: false)), at: t0))
        _ = machine.handle(.received(.question(prompt(role: role)), at: t0))
        return machine
    }

    /// A machine whose answer to question 1 was wrong, with a joker offered by the server.
    static func offered() -> TriviaClientMachine {
        var machine = atQuestion(jokers: 1)
        _ = machine.handle(.answer(choice: 1, at: at(1)))
        _ = machine.handle(.received(.answerReceived(TriviaAnswerReceipt(questionId: "q1", choice: 1)), at: at(1)))
        _ = machine.handle(.received(.result(result(correct: false, role: .viewer, jokerOffered: true)), at: at(2)))
        return machine
    }

    @Test func welcomeThenQuestion() {
        var machine = TriviaClientMachine(jokers: 0)
        #expect(machine.state == .connecting)
        #expect(machine.handle(.answer(choice: 0, at: Self.t0)) == .refused(.noOpenQuestion))
        #expect(machine.handle(.received(.welcome(TriviaWelcome(user: "bob", role: .player, jokers: 2, questionCount: 3,
                                                                started: false)), at: Self.t0)) == .nothing)
        #expect(machine.state == .waiting)
        #expect(machine.user == "bob" && machine.jokers == 2)
        #expect(machine.handle(.answer(choice: 0, at: Self.t0)) == .refused(.noOpenQuestion))
        #expect(machine.handle(.received(.welcome(TriviaWelcome(user: "bob", role: .player, jokers: 2, questionCount: 3,
                                                                started: false)), at: Self.t0)) == .refused(.unexpectedMessage(type: "welcome")))
        _ = machine.handle(.received(.question(Self.prompt()), at: Self.at(1)))
        // The local deadline counts from receipt (t0 + 1 s) with remainingMs, not the server's absolute deadline.
        #expect(machine.state == .question(TriviaOpenQuestion(prompt: Self.prompt(), receivedAt: Self.at(1))))
        if case .question(let open) = machine.state { #expect(open.localDeadline == Self.at(11)) }
        #expect(machine.canAnswer)
    }

    @Test func answerIsSentOnceThenLocked() {
        var machine = Self.atQuestion()
        #expect(machine.handle(.answer(choice: 3, at: Self.at(1))) == .refused(.invalidChoice(3, choiceCount: 3)))
        #expect(machine.handle(.answer(choice: 2, at: Self.at(1))) == TriviaClientOutcome(send: [.answer(questionId: "q1", choice: 2)]))
        #expect(machine.state == .answerSent(TriviaOpenQuestion(prompt: Self.prompt(), receivedAt: Self.t0), choice: 2))
        #expect(!machine.canAnswer)
        #expect(machine.handle(.answer(choice: 1, at: Self.at(2))) == .refused(.alreadyAnswered))
        #expect(machine.handle(.received(.answerReceived(TriviaAnswerReceipt(questionId: "q9", choice: 2)), at: Self.at(2))) ==
                .refused(.unexpectedMessage(type: "answer-received")))
        #expect(machine.handle(.received(.answerReceived(TriviaAnswerReceipt(questionId: "q1", choice: 2)), at: Self.at(2))) == .nothing)
        #expect(machine.state == .answerReceived(TriviaOpenQuestion(prompt: Self.prompt(), receivedAt: Self.t0), choice: 2))
        #expect(machine.handle(.answer(choice: 1, at: Self.at(3))) == .refused(.alreadyAnswered))
        #expect(machine.handle(.useJoker) == .refused(.noJokerOffered))
        // The same receipt twice does not fit any more.
        #expect(machine.handle(.received(.answerReceived(TriviaAnswerReceipt(questionId: "q1", choice: 2)), at: Self.at(3))) ==
                .refused(.unexpectedMessage(type: "answer-received")))
    }

    @Test func deadlineClosesTheQuestionLocally() {
        var machine = Self.atQuestion()
        #expect(machine.handle(.deadlinePassed(at: Self.at(10))) == .nothing)
        #expect(machine.canAnswer)
        #expect(machine.handle(.answer(choice: 0, at: Self.at(10.5))) == .refused(.deadlinePassed))
        #expect(machine.state == .questionClosed(TriviaOpenQuestion(prompt: Self.prompt(), receivedAt: Self.t0)))
        #expect(machine.handle(.answer(choice: 0, at: Self.at(10.6))) == .refused(.deadlinePassed))
        var timer = Self.atQuestion()
        _ = timer.handle(.deadlinePassed(at: Self.at(10.001)))
        #expect(timer.state == .questionClosed(TriviaOpenQuestion(prompt: Self.prompt(), receivedAt: Self.t0)))
        // The result still arrives for the closed question.
        _ = timer.handle(.received(.result(Self.result(correct: false, choice: nil, role: .viewer)), at: Self.at(11)))
        #expect(timer.state == .result(Self.result(correct: false, choice: nil, role: .viewer)))
        #expect(timer.role == .viewer)
    }

    @Test func rightAnswerShowsTheResult() {
        var machine = Self.atQuestion(jokers: 1)
        _ = machine.handle(.answer(choice: 0, at: Self.at(1)))
        #expect(machine.handle(.received(.result(Self.result("q2", correct: true, role: .player)), at: Self.at(2))) ==
                .refused(.unexpectedMessage(type: "result")))
        _ = machine.handle(.received(.result(Self.result(correct: true, choice: 0, role: .player, score: 1)), at: Self.at(2)))
        #expect(machine.state == .result(Self.result(correct: true, choice: 0, role: .player, score: 1)))
        #expect(machine.score == 1 && machine.role == .player)
        #expect(machine.handle(.answer(choice: 0, at: Self.at(3))) == .refused(.noOpenQuestion))
        #expect(machine.handle(.useJoker) == .refused(.noJokerOffered))
        #expect(machine.handle(.declineJoker) == .refused(.noJokerOffered))
    }

    @Test func wrongAnswerWithAJokerOffersItAndAnAcceptedJokerKeepsThePlayer() {
        var machine = Self.offered()
        #expect(machine.state == .jokerOffer(Self.result(correct: false, role: .viewer, jokerOffered: true)))
        #expect(machine.canUseJoker)
        #expect(machine.handle(.useJoker) == TriviaClientOutcome(send: [.useJoker(questionId: "q1")]))
        #expect(machine.handle(.useJoker) == .refused(.jokerAlreadyRequested))
        #expect(machine.handle(.received(.jokerResult(TriviaJokerResult(questionId: "q2", accepted: true, reason: nil, role: .player,
                                                                         jokers: 0)), at: Self.at(3))) == .refused(.unexpectedMessage(type: "joker-result")))
        _ = machine.handle(.received(.jokerResult(TriviaJokerResult(questionId: "q1", accepted: true, reason: nil, role: .player,
                                                                     jokers: 0)), at: Self.at(3)))
        #expect(machine.state == .result(Self.result(correct: false, role: .player)))
        #expect(machine.role == .player && machine.jokers == 0 && machine.jokerUsedThisGame)
        _ = machine.handle(.received(.question(Self.prompt("q2")), at: Self.at(5)))
        #expect(machine.canAnswer)
    }

    @Test func refusedJokerMakesAViewer() {
        var machine = Self.offered()
        _ = machine.handle(.useJoker)
        _ = machine.handle(.received(.jokerResult(TriviaJokerResult(questionId: "q1", accepted: false, reason: .noJoker,
                                                                     role: .viewer, jokers: 0)), at: Self.at(3)))
        #expect(machine.state == .result(Self.result(correct: false, role: .viewer)))
        #expect(machine.role == .viewer && !machine.jokerUsedThisGame)
    }

    @Test func declinedJokerMakesAViewerWhoCannotAnswer() {
        var machine = Self.offered()
        #expect(machine.handle(.declineJoker) == .nothing)
        #expect(machine.state == .result(Self.result(correct: false, role: .viewer)))
        _ = machine.handle(.received(.question(Self.prompt("q2", role: .viewer)), at: Self.at(5)))
        #expect(!machine.canAnswer)
        #expect(machine.handle(.answer(choice: 0, at: Self.at(6))) == .refused(.viewerCannotAnswer))
        #expect(machine.handle(.useJoker) == .refused(.noJokerOffered))
    }

    @Test func noOfferWithoutAJokerOrAfterOneWasUsed() {
        // The server offers, but this client knows it owns none: no offer.
        var none = Self.atQuestion(jokers: 0)
        _ = none.handle(.received(.result(Self.result(correct: false, choice: nil, role: .viewer, jokerOffered: true)), at: Self.at(11)))
        #expect(none.state == .result(Self.result(correct: false, choice: nil, role: .viewer)))
        // One joker used in this game already: no second offer even with jokers left.
        var used = Self.offered()
        _ = used.handle(.useJoker)
        _ = used.handle(.received(.jokerResult(TriviaJokerResult(questionId: "q1", accepted: true, reason: nil, role: .player,
                                                                  jokers: 1)), at: Self.at(3)))
        _ = used.handle(.received(.question(Self.prompt("q2")), at: Self.at(5)))
        _ = used.handle(.received(.result(Self.result("q2", correct: false, choice: nil, role: .viewer, jokerOffered: true)), at: Self.at(16)))
        #expect(used.state == .result(Self.result("q2", correct: false, choice: nil, role: .viewer)))
        #expect(!used.canUseJoker)
        // The server does not offer: no offer either.
        var notOffered = Self.atQuestion(jokers: 1)
        _ = notOffered.handle(.received(.result(Self.result(correct: false, choice: nil, role: .viewer)), at: Self.at(11)))
        #expect(!notOffered.canUseJoker)
    }

    @Test func theNextQuestionEndsAnUnansweredOffer() {
        var machine = Self.offered()
        _ = machine.handle(.received(.question(Self.prompt("q2", role: .viewer)), at: Self.at(5)))
        #expect(machine.role == .viewer)
        #expect(machine.handle(.useJoker) == .refused(.noJokerOffered))
    }

    @Test func serverRefusalsOfAnAnswerLockTheQuestion() {
        var late = Self.atQuestion()
        _ = late.handle(.answer(choice: 0, at: Self.at(9.9)))
        let lateError = TriviaServerError(code: .lateAnswer, message: "answer: \"q1\" closed at its deadline")
        #expect(late.handle(.received(.error(lateError), at: Self.at(10.2))) == .nothing)
        #expect(late.state == .answerRefused(TriviaOpenQuestion(prompt: Self.prompt(), receivedAt: Self.t0), lateError))
        #expect(late.lastError == lateError)
        #expect(late.handle(.answer(choice: 1, at: Self.at(10.3))) == .refused(.alreadyAnswered))

        var viewer = Self.atQuestion()
        _ = viewer.handle(.answer(choice: 0, at: Self.at(1)))
        _ = viewer.handle(.received(.error(TriviaServerError(code: .viewerCannotAnswer, message: "answer: bob is a viewer")), at: Self.at(1)))
        #expect(viewer.role == .viewer)

        // An error outside an answer is recorded and changes nothing else.
        var idle = Self.atQuestion()
        _ = idle.handle(.received(.error(TriviaServerError(code: .malformed, message: "x")), at: Self.at(1)))
        #expect(idle.canAnswer && idle.lastError?.code == .malformed)
    }

    @Test func viewersAreRefusedEverywhere() {
        var machine = Self.atQuestion(role: .viewer)
        #expect(machine.role == .viewer)
        #expect(!machine.canAnswer)
        #expect(machine.handle(.answer(choice: 0, at: Self.at(1))) == .refused(.viewerCannotAnswer))
        #expect(machine.state == .question(TriviaOpenQuestion(prompt: Self.prompt(role: .viewer), receivedAt: Self.t0)))
    }

    @Test func finishIsFinal() {
        let standings = [TriviaStanding(user: "bob", score: 1, role: .player, rank: 1, left: false)]
        var machine = Self.atQuestion()
        _ = machine.handle(.received(.finish(standings: standings), at: Self.at(30)))
        #expect(machine.state == .finished(standings: standings))
        #expect(machine.handle(.answer(choice: 0, at: Self.at(31))) == .refused(.gameFinished))
        #expect(machine.handle(.useJoker) == .refused(.gameFinished))
        #expect(machine.handle(.declineJoker) == .refused(.gameFinished))
        #expect(machine.handle(.received(.question(Self.prompt("q2")), at: Self.at(31))) == .refused(.unexpectedMessage(type: "question")))
        #expect(machine.handle(.connectionLost) == .nothing)
        #expect(machine.state == .finished(standings: standings))
    }

    @Test func aLostConnectionEndsEverything() {
        var machine = Self.offered()
        _ = machine.handle(.connectionLost)
        #expect(machine.state == .disconnected)
        #expect(machine.handle(.useJoker) == .refused(.disconnected))
        #expect(machine.handle(.declineJoker) == .refused(.disconnected))
        #expect(machine.handle(.answer(choice: 0, at: Self.at(5))) == .refused(.disconnected))
        #expect(machine.handle(.received(.question(Self.prompt("q2")), at: Self.at(5))) == .refused(.disconnected))
        #expect(machine.state == .disconnected)
    }

    @Test func refusalsReadWell() {
        #expect(TriviaClientRefusal.invalidChoice(5, choiceCount: 4).description == "choice 5 is not in 0…3")
        #expect(TriviaClientRefusal.viewerCannotAnswer.description == "viewers cannot answer")
    }
}
