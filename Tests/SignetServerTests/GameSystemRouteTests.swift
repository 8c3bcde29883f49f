import Foundation
import Signet
import SignetServer
import Testing
import SignetTestSupport
import SignetTransportTestSupport

@Suite("GameSystem routes")
struct GameSystemRouteTests {
    @Test("GET player answers the seeded player", arguments: TransportKind.allCases)
    func getPlayer(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let player = try await GameSystemCalls(server, transport, clock: clock).player()
            #expect(player.ext_id == "ann")
            #expect(player.nickname == "Ann")
            #expect(player.points == 0)
            #expect(player.achievements.isEmpty)
            #expect(Set(player.avatar.keys) == ["Top", "Bottom"])
        }
    }

    @Test("Magic awards 10 points each time", arguments: TransportKind.allCases)
    func magicAwardsPoints(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let calls = try GameSystemCalls(server, transport, clock: clock)
            let first = try await calls.post(event: "Magic")
            #expect(first.rule_results.points_awarded["points"] == 10)
            #expect(first.rule_results.achievements_awarded.isEmpty)
            #expect(try await calls.player().points == 10)
            clock.advance(by: 1)
            _ = try await calls.post(event: "Magic")
            #expect(try await calls.player().points == 20)
        }
    }

    @Test("Rainbow awards its achievement once", arguments: TransportKind.allCases)
    func rainbowAwardsOnce(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let calls = try GameSystemCalls(server, transport, clock: clock)
            let first = try await calls.post(event: "Rainbow")
            #expect(first.rule_results.achievements_awarded.count == 1)
            #expect(first.rule_results.points_awarded["points"] == 0)
            clock.advance(by: 1)
            let second = try await calls.post(event: "Rainbow")
            #expect(second.rule_results.achievements_awarded.isEmpty)
            let player = try await calls.player()
            #expect(player.achievements.map(\.name) == ["Rainbow"])
            #expect(player.achievements.first?.id == first.rule_results.achievements_awarded.first?.achievement_id)
            #expect(player.points == 0)
        }
    }

    @Test("avatar components are Top and Bottom with two distinct options each", arguments: TransportKind.allCases)
    func avatarComponents(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let components = try await GameSystemCalls(server, transport, clock: clock).components()
            #expect(components.map(\.name).sorted() == ["Bottom", "Top"])
            #expect(components.allSatisfy { $0.options.count == 2 })
            let optionIDs = components.flatMap { $0.options.map(\.id) }
            #expect(Set(optionIDs).count == 4)
        }
    }

    @Test("PUT avatar changes only the part given", arguments: TransportKind.allCases)
    func updateAvatar(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let calls = try GameSystemCalls(server, transport, clock: clock)
            let before = try await calls.player()
            let top = try #require(try await calls.components().first { $0.name == "Top" })
            let other = try #require(top.options.first { $0.id != before.avatar["Top"] })
            let updated = try await calls.updateAvatar(#"{"avatar": {"Top": \#(other.id)}}"#)
            #expect(updated.avatar["Top"] == other.id)
            #expect(updated.avatar["Bottom"] == before.avatar["Bottom"])
            clock.advance(by: 1)
            #expect(try await calls.player().avatar["Top"] == other.id)
        }
    }

    @Test("PUT avatar with an option that does not exist is 422", arguments: TransportKind.allCases)
    func updateAvatarUnknownOption(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let calls = try GameSystemCalls(server, transport, clock: clock)
            let error = await signetError { _ = try await calls.updateAvatar(#"{"avatar": {"Top": 999}}"#) }
            #expect(error?.status?.code == 422)
            #expect(error?.serverMessage?.contains("999") == true)
            clock.advance(by: 1)
            let hat = await signetError { _ = try await calls.updateAvatar(#"{"avatar": {"Hat": 101}}"#) }
            #expect(hat?.status?.code == 422)
            #expect(hat?.serverMessage?.contains("Hat") == true)
        }
    }

    @Test("unknown tenant, player and event are 404 with a message", arguments: TransportKind.allCases)
    func notFound(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let calls = try GameSystemCalls(server, transport, clock: clock)
            let player = await signetError { _ = try await calls.player("/acme/client/players/nobody") }
            #expect(player?.status?.code == 404)
            #expect(player?.serverMessage?.contains("nobody") == true)
            let tenant = await signetError { _ = try await calls.player("/globex/client/players/ann") }
            #expect(tenant?.status?.code == 404)
            #expect(tenant?.serverMessage?.contains("globex") == true)
            let event = await signetError { _ = try await calls.post(event: "Unicorn") }
            #expect(event?.status?.code == 404)
            #expect(event?.serverMessage?.contains("Unicorn") == true)
        }
    }

    @Test("a body that does not decode is 400 naming the JSON path", arguments: TransportKind.allCases)
    func malformedBody(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock) { server in
            let calls = try GameSystemCalls(server, transport, clock: clock)
            let wrongType = await signetError { _ = try await calls.updateAvatar(#"{"avatar": {"Top": "Crown"}}"#) }
            #expect(wrongType?.status?.code == 400)
            #expect(wrongType?.serverMessage?.contains("$.avatar.Top") == true)
            let missing = await signetError {
                _ = try await calls.admin.send(
                    request(.post, GameSystemCalls.eventsPath), body: Body(#"{"player": "ann"}"#),
                    context: calls.admin.makeContext(operation: "postEvent"), decoding: EventResultJSON.self)
            }
            #expect(missing?.status?.code == 400)
            #expect(missing?.serverMessage?.contains("external_event_id") == true)
            let notJSON = await signetError { _ = try await calls.updateAvatar("{avatar") }
            #expect(notJSON?.status?.code == 400)
        }
    }
}
