// Consumer: signs a GameSystem request and verifies it, using Signet as a dependency.
// Run: swift run --package-path Examples/Consumer Consumer
#if canImport(FoundationEssentials)
import FoundationEssentials   // all Signet's client core needs: no ICU, no FoundationNetworking
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPTypes
import SignetConditions
import SignetGameSystem
import SignetPuzzles
import SignetTrivia
import SignetWorlds

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

// The other service clients' readers, on the same FoundationEssentials (CI checks the linked libraries).
let rollout = #"{"op":"eq","args":[{"type":"argument","argumentNumber":1},{"type":"string","value":"beta"}]}"#
let condition = try ConditionParser.standard.parse(Array(rollout.utf8))
print("condition eq(arg1, \"beta\") for \"beta\": \(condition.evaluate(arguments: ["beta"]))")
let message = try TriviaServerMessage.decode(#"{"type":"error","code":"late-answer","message":"q1 closed","path":null,"byteOffset":null}"#)
print("trivia message: \(message.typeName)")
print("worlds media type text/x-plist: \(PropertyListFormat(mediaType: "text/x-plist").map { "\($0)" } ?? "unknown")")
let grid = try LetterGrid(rows: [["C", "A", "T"], ["O", "X", "E"]])
print("puzzle grid: \(grid)")
