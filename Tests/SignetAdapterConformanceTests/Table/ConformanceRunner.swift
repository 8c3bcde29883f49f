import Foundation
import NIOHTTP1
import Testing

/// Runs cases against a running server and checks every answer against the table.
enum ConformanceRunner {
    /// Runs `cases` in order against an environment started with `setup` for each value of `explains`
    /// they need; how many answers were checked.
    @discardableResult
    static func run(_ cases: [ConformanceCase], on environment: ConformanceEnvironment,
                    setup: (Bool) throws -> ConformanceSetup) async throws -> Int {
        var checked = 0
        for explains in [true, false] {
            let selected = cases.filter { $0.explains == explains }
            guard !selected.isEmpty else { continue }
            let chosen = try setup(explains)
            let server = try await environment.start(chosen)
            do {
                for row in selected {
                    checked += try await run(row, against: server.baseURL, store: chosen.idempotency,
                                             label: "\(environment.rawValue) / \(row.name)")
                }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
        return checked
    }

    private static func run(_ row: ConformanceCase, against url: URL, store: GatedIdempotencyStore, label: String) async throws -> Int {
        var checked = 0
        for step in try row.steps() {
            switch step {
            case .send(let exchange):
                check(try await Wire.send(exchange.request, to: url), exchange.expected, label)
                checked += 1
            case .holding(let first, let meanwhile):
                let held = Task { try await Wire.send(first.request, to: url) }
                let reached = try await store.held()
                #expect(reached, "\(label): the first request never reached the store's gate")
                for exchange in meanwhile {
                    check(try await Wire.send(exchange.request, to: url), exchange.expected, label)
                }
                store.open()
                check(try await held.value, first.expected, label)
                checked += 1 + meanwhile.count
            }
        }
        return checked
    }

    /// Checks `answer` against `expected`: status, exactly one `Date`, `Retry-After`, `Idempotent-Replayed`,
    /// and the JSON body (the refusal's `error_message` and diagnosis, or the echo and its `X-Echo-Method`).
    static func check(_ answer: WireAnswer, _ expected: Expected, _ label: String) {
        let comment = Comment(rawValue: "\(label): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
        #expect(answer.status == expected.status, comment)
        #expect(answer.headers["Date"].count == 1, comment)
        #expect(answer.headers["Retry-After"].first == expected.retryAfter, comment)
        #expect((answer.headers["Idempotent-Replayed"].first == "true") == expected.replayed, comment)
        #expect(answer.headers["Content-Type"].first?.hasPrefix("application/json") == true, comment)
        if let echo = expected.echo {
            #expect((try? JSONDecoder().decode(EchoAnswer.self, from: Data(answer.body))) == echo, comment)
            // The handler's own field, on a repeat too (kept with the stored answer).
            #expect(answer.headers["X-Echo-Method"].count == 1, comment)
        }
        if let message = expected.message {
            let object = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any]
            let errorMessage = object?["error_message"] as? String
            #expect(errorMessage?.hasPrefix(message) == true, comment)
            #expect((object?["diagnosis"] != nil) == expected.diagnosis, comment)
        }
    }
}
