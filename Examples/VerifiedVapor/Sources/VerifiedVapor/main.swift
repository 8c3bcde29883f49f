// VerifiedVapor: a small Vapor app whose /orders routes only answer requests signed with the GameSystem
// scheme. Run it, then sign a request with `signet sign` (see check.sh):
//
//   ORDERS_SECRET=… swift run --package-path Examples/VerifiedVapor VerifiedVapor [--port N]
//
// The secret comes from ORDERS_SECRET (a demo value when unset), never from an argument.
import Foundation
import SignetGameSystem
import SignetVapor
import Vapor

let environment = ProcessInfo.processInfo.environment
let secret = environment["ORDERS_SECRET"] ?? "orders-demo-secret"
let port = CommandLine.arguments.firstIndex(of: "--port")
    .flatMap { $0 + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[$0 + 1]) : nil } ?? 0

let app = try await Application.make(.production)
// Vapor reads its own command line; this app takes only --port, so Vapor is told to serve.
app.environment.arguments = ["serve"]
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = port
// Slow clients. Vapor has no request-head timeout and no minimum body rate; what it offers is an idle
// timeout, which closes a connection that neither reads nor writes for that long (a client dripping a byte
// every few seconds is not idle, so put a proxy with head and body timeouts in front of a public server).
app.http.server.configuration.idleTimeout = .seconds(30)
// Content-MD5 covers the bytes sent, so bodies are verified as they arrive: no request decompression, which
// would hash other bytes (and be a decompression bomb to bound). Bodies are capped at 1 MiB by the
// verification options below, whatever a route's own limit says.
app.http.server.configuration.requestDecompression = .disabled

let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["orders-app": secret]))
app.get("health") { _ in "ok\n" }

// Everything under /orders is verified: signature, a 20 s window, replay refusal for POSTs, 1 MiB bodies.
let orders = app.grouped("orders").grouped(GameSystemVaporMiddleware(verifier: verifier, options: .init(explainsFailures: true)))
orders.get { req in
    "orders visible to \(try req.auth.require(GameSystemIdentity.self).apiKey)\n"
}
orders.post { req in
    "order of \(req.body.data?.readableBytes ?? 0) bytes accepted from \(try req.auth.require(GameSystemIdentity.self).apiKey)\n"
}

do {
    try await app.startup()
    let bound = app.http.server.shared.localAddress?.port ?? port
    // Written straight to the descriptor, so a script waiting for this line sees it at once.
    FileHandle.standardOutput.write(Data("VerifiedVapor listening on http://127.0.0.1:\(bound) (key orders-app)\n".utf8))
    try await app.running?.onStop.get()
} catch {
    app.logger.report(error: error)
    try? await app.asyncShutdown()
    throw error
}
try await app.asyncShutdown()
