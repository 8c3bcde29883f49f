import Foundation
import Logging
import SignetServer
import SignetTestSupport
import SignetVapor
import Testing
import Vapor

/// What the table does not cover in the Vapor adapter: the authenticator beside another credential, and a
/// body hashed but not kept. Over real loopback HTTP.
@Suite("SignetVapor in a Vapor app")
struct VaporAdapterTests {
    @Test("a signed request logs its identity in, a refused one is answered, a Bearer one passes on untouched")
    func signedRefusedAndBearer() async throws {
        let setup = try ConformanceSetup.inMemory(explains: false)
        let app = try await VaporHarness.startApp { app in
            app.grouped(":tenant", "client").grouped(GameSystemVaporAuthenticator(verification: setup.verification))
                .get("echo") { req async -> String in
                    if let identity = req.auth.get(GameSystemIdentity.self) { return "game \(identity.apiKey)" }
                    return "anonymous \(req.headers.bearerAuthorization?.token ?? "-")"
                }
        }
        let server = try await VaporHarness.running(app)
        do {
            let signed = try await Wire.send(try .signed("GET"), to: server.baseURL)
            #expect(signed.status == 200)
            #expect(String(decoding: signed.body, as: UTF8.self) == "game \(DemoCredentials.clientKey)")

            let bearer = WireRequest(method: "GET", headers: [("Authorization", "Bearer abc")])
            let passed = try await Wire.send(bearer, to: server.baseURL)
            #expect(passed.status == 200)
            #expect(String(decoding: passed.body, as: UTF8.self) == "anonymous abc")

            let refused = try await Wire.send(try .signed("GET", secret: "not-the-secret"), to: server.baseURL)
            ConformanceRunner.check(refused, .refused(401, "bad-signature: "), "Vapor authenticator")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("a bodiless GET with in-memory keys, verified on the event loop: the answers of the task path, the identity in req.auth and the task")
    func eventLoopPath() async throws {
        let setup = try ConformanceSetup.inMemory(explains: true)
        // The table's keys answer through an async provider, so the gatekeeper verifies in a task; a keyring is
        // in memory, so a bodiless GET is decided on the event loop and the route's task inherits the identity
        // (the echo route answers 500 when req.auth's identity is not GameSystemIdentity.current).
        // Each refusal is logged as it is decided: the handler notes whether that was outside any task.
        let logged = RecordingLogHandler()
        var options = setup.options
        options.logger = .recording(logged)
        let inMemory = GameSystemVerification(keys: try ConformanceKeys().keyring, options: options)
        let inTask = try await VaporHarness.start(setup)
        let onLoop = try await VaporHarness.start(setup, verification: inMemory)
        let authenticator = try await VaporHarness.start(setup, verification: inMemory, asAuthenticator: true)
        do {
            let requests: [(String, WireRequest)] = [
                ("signed", try .signed("GET")),
                ("unsigned", WireRequest(method: "GET", headers: [])),
                ("wrong secret", try .signed("GET", secret: "not-the-secret")),
                ("secret with a newline", try .signed("GET", secret: DemoCredentials.clientSecret + "\n")),
                ("a minute old", try .signed("GET", date: ConformanceSetup.now.addingTimeInterval(-60))),
                ("admin key", try .signed("GET", key: DemoCredentials.adminKey)),
                ("unknown key", try .signed("GET", key: "stranger", secret: "s")),
            ]
            for (name, request) in requests {
                let expected = try await Wire.send(request, to: inTask.baseURL)
                let answer = try await Wire.send(request, to: onLoop.baseURL)
                #expect(answer.status == expected.status, "\(name)")
                // The skew in the date refusal's message is in whole seconds of each server's now: cause alone.
                let dateRow = name == "a minute old"
                let same = dateRow
                    ? [answer.body, expected.body].allSatisfy { String(decoding: $0, as: UTF8.self).contains("date-outside-window: ") }
                    : answer.body == expected.body
                #expect(same, "\(name): \(String(decoding: answer.body, as: UTF8.self))")
                #expect(answer.headers[.date].count == 1, "\(name)")
                if name == "signed" {
                    #expect(answer.status == 200)
                    #expect(String(decoding: answer.body, as: UTF8.self).contains("\"api_key\":\"\(DemoCredentials.clientKey)\""))
                }
                if name != "unsigned" {
                    let authenticated = try await Wire.send(request, to: authenticator.baseURL)
                    #expect(authenticated.status == expected.status && (dateRow || authenticated.body == expected.body),
                            "authenticator: \(name)")
                }
            }
        } catch {
            for server in [inTask, onLoop, authenticator] { await server.stop() }
            throw error
        }
        for server in [inTask, onLoop, authenticator] { await server.stop() }
        // Six refusals on the gatekeeper, five on the authenticator (it passes the unsigned request on).
        let outsideTask = logged.lines.map(\.outsideTask)
        #expect(outsideTask == Array(repeating: true, count: 11), "refusals decided in a task: \(outsideTask)")
    }

    @Test("with keepsBody off the body is hashed, not kept: a route that collects gets an empty body at once")
    func bodyNotKept() async throws {
        var setup = try ConformanceSetup.inMemory(explains: false)
        setup.keepsBody = false
        let verification = setup.verification
        let app = try await VaporHarness.startApp { app in
            // The default body strategy, `.collect`: it must not wait for the stream the middleware read.
            app.grouped(":tenant", "client").grouped(GameSystemVaporMiddleware(verification: verification))
                .post("echo") { req async throws -> String in
                    let identity = try req.auth.require(GameSystemIdentity.self)
                    return "\(identity.bodyLength) hashed, \(req.body.data?.readableBytes ?? -1) kept"
                }
        }
        let server = try await VaporHarness.running(app)
        do {
            var request = try WireRequest.signed("POST", body: [UInt8](repeating: 68, count: 900))
            request.chunked = true
            let answer = try await Wire.send(request, to: server.baseURL)
            #expect(answer.status == 200)
            #expect(String(decoding: answer.body, as: UTF8.self) == "900 hashed, 0 kept")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
