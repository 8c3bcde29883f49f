import Foundation
import CSignetBenchFloor
import SignetCrypto
import SignetGameSystem

/// A cost breakdown of signing by piece (`--pieces`), and a plain signing loop to run under
/// `valgrind --tool=callgrind` (`--profile-sign`): how the signer was brought under the target.
enum SigningBreakdown {
    static func profileSign() throws {
        let body = [UInt8](repeating: 7, count: 1024)
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "demo-admin", secret: "demo-admin-secret"))
        var sink = 0
        for _ in 0..<20_000 { sink &+= try signer.sign(method: .post, target: "/acme/admin/player_external_events", body: body, date: Date()).signature.utf8.count }
        print(sink)
    }
    static func run() throws {
        let body = [UInt8](repeating: 7, count: 1024)
        let key = try HMACKey(secret: "demo-admin-secret")
        let text = "20261121 09:05:07 UTC\\n1B2M2Y8AsgTpgAmY7PhCfg==\\n/acme/admin/player_external_events\\nPOST"
        var sink = 0
        let floor = signet_floor_new("k", "demo-admin-secret", "d", "/p", "POST")
        var out = [UInt8](repeating: 0, count: 64)
        let tb = Array(text.utf8)
        report("C md5 only", fixed(Measure.nanosecondsPerOperation(iterations: 100_000) { sink &+= Int(signet_floor_md5_only(floor, body, body.count, &out)) }, 0))
        report("C hmac only", fixed(Measure.nanosecondsPerOperation(iterations: 100_000) { sink &+= Int(signet_floor_hmac_only(floor, tb, tb.count, &out)) }, 0))
        let n = 100_000
        report("MD5.hash 1KiB", fixed(try Measure.nanosecondsPerOperation(iterations: n) { sink &+= try MD5.hash(body).bytes.count }, 0))
        let d = try MD5.hash(body)
        report("base64 16B", fixed(Measure.nanosecondsPerOperation(iterations: n) { sink &+= d.base64.utf8.count }, 0))
        report("HMAC 90B", fixed(try Measure.nanosecondsPerOperation(iterations: n) { sink &+= try HMAC.authenticationCode(for: text, using: key).bytes.count }, 0))
        let m = try HMAC.authenticationCode(for: text, using: key)
        report("hex 20B", fixed(Measure.nanosecondsPerOperation(iterations: n) { sink &+= m.hex.utf8.count }, 0))
        report("date format", fixed(Measure.nanosecondsPerOperation(iterations: n) { sink &+= GameSystemDate.format(Date()).utf8.count }, 0))
        report("plaintext", fixed(Measure.nanosecondsPerOperation(iterations: n) { sink &+= GameSystemSigner.plainText(date: "20261121 09:05:07 UTC", contentMD5: "1B2M2Y8AsgTpgAmY7PhCfg==", path: "/acme/admin/player_external_events", method: "POST", separator: .escaped).utf8.count }, 0))
        report("uppercased", fixed(Measure.nanosecondsPerOperation(iterations: n) { sink &+= "POST".uppercased().utf8.count }, 0))
        if sink == 1 { print() }
    }
}
