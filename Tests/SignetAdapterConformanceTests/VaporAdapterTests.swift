import Foundation
import SignetServer
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

    @Test("with keepsBody off the body is hashed, not kept: a route that collects gets an empty body at once")
    func bodyNotKept() async throws {
        let setup = try ConformanceSetup.inMemory(explains: false)
        var options = setup.options
        options.keepsBody = false
        let verification = GameSystemVerification(keys: setup.keys, options: options)
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
