// VerifiedServer: a small Hummingbird app whose /orders routes only answer requests signed with the
// GameSystem scheme. Run it, then sign a request with `signet sign` (see check.sh):
//
//   ORDERS_SECRET=… swift run --package-path Examples/VerifiedServer VerifiedServer [--port N]
//
// The secret comes from ORDERS_SECRET (a demo value when unset), never from an argument.
import Foundation
import Hummingbird
import SignetGameSystem
import SignetHummingbird

let environment = ProcessInfo.processInfo.environment
let secret = environment["ORDERS_SECRET"] ?? "orders-demo-secret"
let port = CommandLine.arguments.firstIndex(of: "--port")
    .flatMap { $0 + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[$0 + 1]) : nil } ?? 0

let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["orders-app": secret]))
let router = Router(context: BasicRequestContext.self)
router.get("health") { _, _ in "ok\n" }

// Everything under /orders is verified: signature, a 20 s window, replay refusal for POSTs, 1 MiB bodies.
let orders = router.group("orders")
orders.add(middleware: GameSystemVerificationMiddleware(verifier: verifier, options: .init(explainsFailures: true)))
orders.get { _, _ in
    "orders visible to \(GameSystemIdentity.current?.apiKey ?? "nobody")\n"
}
orders.post { request, _ in
    let body = try await request.body.collect(upTo: 1 << 20)
    return "order of \(body.readableBytes) bytes accepted from \(GameSystemIdentity.current?.apiKey ?? "nobody")\n"
}

// Guarded against slow and malformed clients: a request head is due within 10 s (else 408), an idle
// connection closes after 75 s, a request NIO refuses gets 400 or 431 and a close. Hummingbird's default
// server, `.http1()`, sets no head deadline at all.
let app = Application(
    router: router,
    server: .http1(guardedBy: ConnectionLimits()),
    configuration: .init(address: .hostname("127.0.0.1", port: port)),
    onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? 0
        // Written straight to the descriptor, so a script waiting for this line sees it at once.
        FileHandle.standardOutput.write(Data("VerifiedServer listening on http://127.0.0.1:\(bound) (key orders-app)\n".utf8))
    })
try await app.runService()
