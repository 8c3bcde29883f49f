import Foundation
@testable import SignetTrivia
@testable import SignetTriviaSocket
import Testing

/// Numbers from a server at the edges of `Int` and `Double`: decoding, the machine and the waits built
/// from them must refuse or clamp, never trap. Expected values are worked out by hand.
@Suite("Server numbers at the edges")
struct ServerNumberTests {
    static func question(index: String = "0", count: String = "3", remainingMs: String = "1000") -> String {
        #"{"type":"question","questionId":"q","index":\#(index),"count":\#(count),"text":"t","choices":["a","b"],"#
            + #""deadline":"9999-12-31T23:59:59.999999999Z","remainingMs":\#(remainingMs),"role":"player"}"#
    }

    @Test("Int.max index, count and remaining time decode, and the machine opens the question without trapping")
    func extremeQuestion() throws {
        let text = Self.question(index: "9223372036854775806", count: "9223372036854775807", remainingMs: "9223372036854775807")
        let message = try TriviaServerMessage.decode(text)
        guard case .question(let prompt) = message else {
            Issue.record("not a question: \(message)")
            return
        }
        #expect(prompt.remainingMilliseconds == Int.max && prompt.count == Int.max)
        var machine = TriviaClientMachine()
        _ = machine.handle(.received(message, at: Date(timeIntervalSince1970: 0)))
        guard case .question(let open) = machine.state else {
            Issue.record("the question did not open: \(machine.state)")
            return
        }
        // Int.max ms is about 9.2e15 s: the deadline is that far ahead, and nothing overflowed.
        #expect(open.localDeadline.timeIntervalSince1970 > 9e15)
        #expect(machine.handle(.answer(choice: Int.max, at: Date(timeIntervalSince1970: 1))) == .refused(.invalidChoice(Int.max, choiceCount: 2)))
    }

    @Test("numbers beyond Int or negative where not allowed are typed errors naming the field")
    func numbersOutOfRange() {
        #expect(throws: TriviaMessageError.wrongType(path: "$.remainingMs", expected: "integer", found: "number")) {
            try TriviaServerMessage.decode(Self.question(remainingMs: "9223372036854775808"))
        }
        // A number JSON cannot hold as a finite double is refused by the reader, naming the field and byte.
        #expect(throws: TriviaMessageError.invalidJSON(byteOffset: 145, reason: "1e999 is not a finite number at $.remainingMs")) {
            try TriviaServerMessage.decode(Self.question(remainingMs: "1e999"))
        }
        #expect(throws: TriviaMessageError.invalidValue(path: "$.remainingMs", expected: "an integer ≥ 0")) {
            try TriviaServerMessage.decode(Self.question(remainingMs: "-9223372036854775808"))
        }
        #expect(throws: TriviaMessageError.invalidValue(path: "$.index", expected: "an index below count (3)")) {
            try TriviaServerMessage.decode(Self.question(index: "9223372036854775807"))
        }
    }

    @Test("a server-given wait becomes a duration from zero to its cap")
    func clampedWaits() {
        let hour = Duration.seconds(3_600)
        #expect(Duration.clamped(seconds: .nan, atMost: hour) == .zero)
        #expect(Duration.clamped(seconds: -1, atMost: hour) == .zero)
        #expect(Duration.clamped(seconds: -.infinity, atMost: hour) == .zero)
        #expect(Duration.clamped(seconds: .infinity, atMost: hour) == hour)
        #expect(Duration.clamped(seconds: 9.223372036854776e15, atMost: hour) == hour)
        #expect(Duration.clamped(seconds: 1e300, atMost: hour) == hour)
        #expect(Duration.clamped(seconds: 0.0015, atMost: hour) == .milliseconds(2))
        #expect(Duration.clamped(seconds: 12, atMost: hour) == .seconds(12))
    }

    @Test("limits are kept within their floor and ceiling")
    func limitsAreClamped() {
        let huge = TriviaConnectionLimits(
            idleTimeout: .seconds(Int64.max), lobbyTimeout: .seconds(Int64.max), openTimeout: .seconds(Int64.max),
            pingInterval: .seconds(Int64.max),
            closeTimeout: .zero, maximumQuestions: Int.min, maximumGameDuration: .seconds(-5))
        #expect(huge.idleTimeout == .seconds(366 * 86_400) && huge.pingInterval == .seconds(366 * 86_400))
        #expect(huge.openTimeout == .seconds(366 * 86_400) && huge.lobbyTimeout == .seconds(366 * 86_400))
        #expect(huge.closeTimeout == .milliseconds(1) && huge.maximumGameDuration == .milliseconds(1))
        #expect(huge.maximumQuestions == 1)
        var direct = TriviaConnectionLimits.standard
        direct.idleTimeout = .seconds(Int64.max)
        #expect(direct.effective.idleTimeout == .seconds(366 * 86_400))
        #expect(TriviaConnectionLimits.standard == TriviaConnectionLimits(
            idleTimeout: .seconds(30), lobbyTimeout: .seconds(60), openTimeout: .seconds(30), pingInterval: .seconds(10),
            closeTimeout: .seconds(2),
            maximumQuestions: 1_000, maximumGameDuration: .seconds(3_600)))
    }

    @Test("errors and refusals describe extreme values without trapping")
    func descriptions() {
        #expect(TriviaClientRefusal.invalidChoice(3, choiceCount: Int.min).description == "choice 3: the question has no choices")
        #expect(TriviaClientRefusal.invalidChoice(Int.max, choiceCount: 2).description == "choice 9223372036854775807 is not in 0…1")
        #expect(TriviaConnectionError.serverSilent(phase: .question, waited: .milliseconds(31_250), limit: .seconds(30)).description
            == "the trivia server sent nothing for 31.25 s while waiting for the result of a question "
            + "(limit 30 s after the question's deadline); giving up")
        #expect(TriviaConnectionError.serverSilent(phase: .lobby, waited: .milliseconds(500), limit: .milliseconds(500)).description
            == "the trivia server sent nothing for 0.5 s in the lobby, waiting for the game to start (limit 0.5 s); giving up")
        #expect(TriviaConnectionError.gameTooLong(.questions(limit: 1_000)).description
            == "the trivia game did not finish: the server sent more than 1000 questions without `finish`; giving up")
        #expect(TriviaConnectionError.gameTooLong(.duration(limit: .seconds(3_600))).description
            == "the trivia game did not finish: still no `finish` 3600 s after the game's socket opened; giving up")
    }

    @Test("timestamps at the edges of the format parse or are refused, and far dates are clamped when written")
    func timestamps() {
        #expect(TriviaTimestamp.date(from: "9999-12-31T23:59:59.999999999Z")?.timeIntervalSince1970 == 253_402_300_799.999)
        #expect(TriviaTimestamp.date(from: "0000-01-01T00:00:00Z") == nil)
        #expect(TriviaTimestamp.date(from: "99999-01-01T00:00:00Z") == nil)
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: 9.2e15)) == "9999-12-31T23:59:59.999Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: -.infinity)) == "0001-01-01T00:00:00.000Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: .nan)) == "0001-01-01T00:00:00.000Z")
    }
}
