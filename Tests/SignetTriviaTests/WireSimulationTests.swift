import Foundation
import Testing
@testable import SignetTrivia
@testable import SignetServer

/// Three client machines play the server game with every message passing through its JSON text,
/// as over the WebSocket, but without a socket: the transport is a loop in the test.
@Suite("Client and server over JSON text")
struct WireSimulationTests {
    typealias F = GameFixture

    struct Table {
        var game: TriviaGame
        var clients: [String: TriviaClientMachine]
        var refusals: [String: [TriviaClientRefusal]] = [:]

        /// Delivers server output to the clients through JSON text; returns what they send back.
        mutating func deliver(_ out: [TriviaDelivery], now: Date) throws -> [(String, String)] {
            var replies: [(String, String)] = []
            for delivery in out {
                let decoded = try TriviaServerMessage.decode(delivery.message.jsonText)
                let outcome = clients[delivery.recipient, default: TriviaClientMachine()].handle(.received(decoded, at: now))
                if let refusal = outcome.refusal { refusals[delivery.recipient, default: []].append(refusal) }
                replies += outcome.send.map { (delivery.recipient, $0.jsonText) }
            }
            return replies
        }

        /// A user intent on a client; what it sends goes to the server, and the server's answer back.
        mutating func act(_ user: String, _ event: TriviaClientEvent, now: Date) throws -> TriviaClientOutcome {
            let outcome = clients[user, default: TriviaClientMachine()].handle(event)
            for message in outcome.send {
                _ = try deliver(game.receive(text: message.jsonText, from: user, now: now), now: now)
            }
            return outcome
        }

        /// The choice whose text is "right" on the question `user` sees.
        func choice(_ user: String, right: Bool) -> Int {
            guard case .question(let open) = clients[user]?.state else { return -1 }
            return right ? F.right(open.prompt) : F.wrong(open.prompt)
        }
    }

    @Test func threeClientsPlayThroughJSONText() throws {
        var table = Table(game: try F.game(jokers: ["bob": 1]), clients: [
            "ann": TriviaClientMachine(jokers: 0), "bob": TriviaClientMachine(jokers: 1), "cat": TriviaClientMachine(jokers: 0),
        ])
        for user in ["ann", "bob", "cat"] { _ = try table.deliver(table.game.join(user, now: F.at(0)), now: F.at(0)) }
        _ = try table.deliver(table.game.start(now: F.at(0)), now: F.at(0))

        // Question 1: ann right, bob and cat wrong.
        _ = try table.act("ann", .answer(choice: table.choice("ann", right: true), at: F.at(1)), now: F.at(1))
        _ = try table.act("bob", .answer(choice: table.choice("bob", right: false), at: F.at(1)), now: F.at(1))
        _ = try table.act("cat", .answer(choice: table.choice("cat", right: false), at: F.at(1)), now: F.at(1))
        #expect(table.clients["bob"]?.canUseJoker == true)
        #expect(table.clients["cat"]?.canUseJoker == false)
        #expect(table.clients["cat"]?.role == .viewer)
        let firstId = table.game.questions[0].id
        #expect(try table.act("bob", .useJoker, now: F.at(2)).send == [.useJoker(questionId: firstId)])
        #expect(table.clients["bob"]?.role == .player)
        #expect(table.clients["bob"]?.jokerUsedThisGame == true)

        // Questions 2 and 3: ann and bob right; cat is refused on her side before anything is sent.
        for (index, start) in [(1, 4.0), (2, 9.0)] {
            _ = try table.deliver(table.game.tick(now: F.at(start)), now: F.at(start))
            guard case .question(let open) = table.clients["ann"]?.state else { Issue.record("no question \(index)"); return }
            #expect(open.prompt.index == index)
            #expect(try table.act("cat", .answer(choice: 0, at: F.at(start + 1)), now: F.at(start + 1)) == .refused(.viewerCannotAnswer))
            _ = try table.act("ann", .answer(choice: table.choice("ann", right: true), at: F.at(start + 1)), now: F.at(start + 1))
            _ = try table.act("bob", .answer(choice: table.choice("bob", right: true), at: F.at(start + 1)), now: F.at(start + 1))
        }
        _ = try table.deliver(table.game.tick(now: F.at(13)), now: F.at(13))
        let expected = [
            TriviaStanding(user: "ann", score: 3, role: .player, rank: 1, left: false),
            TriviaStanding(user: "bob", score: 2, role: .player, rank: 2, left: false),
            TriviaStanding(user: "cat", score: 0, role: .viewer, rank: 3, left: false),
        ]
        for user in ["ann", "bob", "cat"] { #expect(table.clients[user]?.state == .finished(standings: expected)) }
        #expect(table.refusals.isEmpty)
    }
}
