// Consumer: signs a GameSystem request and verifies it, using Signet as a dependency.
// Run: swift run --package-path Examples/Consumer Consumer
import Foundation
import HTTPTypes
import SignetGameSystem

let secret = ProcessInfo.processInfo.environment["CONSUMER_SECRET"] ?? "consumer-demo-secret"
let credentials = try GameSystemCredentials(apiKey: "consumer", secret: secret)
let signer = GameSystemSigner(credentials: credentials)
let body = Array(#"{"player":"ann","external_event_id":"Magic"}"#.utf8)
let now = Date()
let signature = try signer.sign(method: .post, target: "/acme/admin/player_external_events", body: body, date: now)
for field in signature.headerFields { print("\(field.name): \(field.value)") }

var fields = HTTPFields()
signature.apply(to: &fields)
let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["consumer": secret]))
switch verifier.verify(method: .post, target: "/acme/admin/player_external_events", headers: fields, body: body, now: now) {
case .success(let apiKey):
    print("verified: signed by \(apiKey)")
case .failure(let error):
    print("verification failed: \(error)")
    exit(1)
}
// A tampered body must fail.
switch verifier.verify(method: .post, target: "/acme/admin/player_external_events", headers: fields, body: body + [0x20], now: now) {
case .success:
    print("a tampered body verified: this is a bug")
    exit(1)
case .failure(let error):
    print("tampered body refused: \(error.reason.rawValue)")
}
