import Foundation
import Signet
import SignetAsyncHTTPClient
import SignetConditions
import SignetServer
import Testing
import SignetTransportTestSupport

/// `ConditionsClient` against the real reference server on 127.0.0.1, over all three transports.
@Suite("ConditionsClient against the reference server")
struct ConditionsClientTests {
    func withClient(_ kind: TransportKind, _ body: (ConditionsClient) async throws -> Void) async throws {
        let server = try await ReferenceServer.start()
        let client = ConditionsClient(baseURL: server.baseURL, transport: kind.make())
        do {
            try await body(client)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test("the list has every condition's name and distinct _id", arguments: TransportKind.allCases)
    func list(kind: TransportKind) async throws {
        try await withClient(kind) { client in
            let summaries = try await client.conditions()
            #expect(summaries.count >= 7)
            #expect(Set(summaries.map(\.id)).count == summaries.count)
            #expect(summaries.first { $0.id == "1" }?.name == "first example - simple eq operator")
        }
    }

    @Test("the seed's second example prints as pseudocode and evaluates as the seed says", arguments: TransportKind.allCases)
    func secondExample(kind: TransportKind) async throws {
        try await withClient(kind) { client in
            let document = try await client.condition(id: "2")
            #expect(document.condition.description == #"and(ne(arg1, "rollout.io"), containsString(arg1, "ro"))"#)
            #expect(document.condition.evaluate("rollout.io", "") == false)   // ne fails
            #expect(document.condition.evaluate("rollout", "") == true)
            #expect(document.condition.evaluate("example.com", "") == false)  // no "ro"
        }
    }

    @Test("the schema's data key is accepted", arguments: TransportKind.allCases)
    func dataKey(kind: TransportKind) async throws {
        try await withClient(kind) { client in
            let condition = try await client.condition(id: "4").condition
            #expect(condition.evaluate("https://rollout.io", "") == true)
            #expect(condition.evaluate("http://rollout.io", "insecure-ok") == true)
            #expect(condition.evaluate("http://rollout.io", "") == false)
        }
    }

    @Test("an unknown operator is refused with its JSON path", arguments: TransportKind.allCases)
    func unknownOperator(kind: TransportKind) async throws {
        try await withClient(kind) { client in
            let error = try await #require(throws: ConditionError.self) { try await client.condition(id: "6") }
            #expect(error.kind == .unknownOperator)
            #expect(error.path.description == "$.condition.op")
        }
    }

    @Test("registering endsWith makes the unknown-operator condition usable", arguments: TransportKind.allCases)
    func registeredOperator(kind: TransportKind) async throws {
        let server = try await ReferenceServer.start()
        defer { Task { await server.stop() } }
        let registry = OperatorRegistry.standard.registering(.operands(named: "endsWith", arity: .exactly(2)) { values in
            values[0].hasSuffix(values[1])
        })
        let parser = ConditionParser(registry: registry, argumentCount: 2)
        let transport: any Transport = kind.make()
        let client = ConditionsClient(
            client: SignetClient(baseURL: server.baseURL, transport: transport, middleware: SignetClient.defaultMiddleware()), parser: parser)
        let condition = try await client.condition(id: "6").condition
        #expect(condition.evaluate("rollout.io", "") == true)
        #expect(condition.evaluate("rollout.com", "") == false)
        await server.stop()
    }

    @Test("a malformed condition is refused with the path of the fault", arguments: TransportKind.allCases)
    func malformed(kind: TransportKind) async throws {
        try await withClient(kind) { client in
            let error = try await #require(throws: ConditionError.self) { try await client.condition(id: "7") }
            #expect(error.kind == .operandExpected)
            #expect(error.path.description == "$.condition.args[1]")
        }
    }

    @Test("an unknown id is an HTTP 404 with the server's message", arguments: TransportKind.allCases)
    func unknownID(kind: TransportKind) async throws {
        try await withClient(kind) { client in
            let error = try await #require(throws: SignetError.self) { try await client.condition(id: "nope") }
            #expect(error.status?.code == 404)
            #expect("\(error)".contains("no condition with _id 'nope'"))
        }
    }
}
