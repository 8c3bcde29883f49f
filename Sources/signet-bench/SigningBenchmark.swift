import CSignetBenchFloor
import Foundation
import SignetCrypto
import SignetGameSystem

/// Signing a request with a 1 KiB body: `GameSystemSigner` against the floor (the same libcrypto work
/// from C with everything prepared once), in the same process. Target: ratio ≤ 1.3.
///
/// The signer runs on whichever crypto backend SignetCrypto was built with (printed first); the floor is
/// always libcrypto's, so the ratios of two builds compare the backends against the same yardstick
/// (`scripts/bench-backends.sh` builds both and prints them side by side). Where no libcrypto is linked
/// (Apple platforms) there is no floor, and only the signer's own times are printed.
enum SigningBenchmark {
    static func run(rounds: Int, iterations: Int) throws -> Double? {
        print("Signing a POST with a 1 KiB body (\(rounds) interleaved batches × \(iterations) signatures)")
        report("SignetCrypto backend", CryptoBackendInfo.name)
        var body = [UInt8](repeating: 0, count: 1024)
        for index in body.indices { body[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        let path = "/acme/admin/player_external_events"
        let date = Date()
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "demo-admin", secret: "demo-admin-secret"))
        var sink = 0
        let signFixed = { sink &+= try signer.sign(method: .post, target: path, body: body, date: date).authorization.utf8.count }
        let signNow = { sink &+= try signer.sign(method: .post, target: path, body: body, date: Date()).authorization.utf8.count }
        defer { if sink == 42 { print("") } } // keeps the optimiser from dropping the work

        guard let floor = signet_floor_new("demo-admin", "demo-admin-secret", GameSystemDate.format(date), path, "POST") else {
            report("floor", "not available: no libcrypto linked into this build")
            let results = try Measure.interleaved(batches: rounds, batchSize: iterations, [signFixed, signNow])
            report("GameSystemSigner.sign (fixed date)", "\(fixed(results[0].best, 0)) ns/op", "(median \(fixed(results[0].median, 0)))")
            report("GameSystemSigner.sign (Date() per call)", "\(fixed(results[1].best, 0)) ns/op", "(median \(fixed(results[1].median, 0)))")
            return nil
        }
        defer { signet_floor_free(floor) }
        var contentMD5 = [CChar](repeating: 0, count: 32)
        var authorization = [CChar](repeating: 0, count: 256)

        // Both sides must compute the same thing, or the comparison means nothing.
        _ = body.withUnsafeBufferPointer { signet_floor_sign(floor, $0.baseAddress, $0.count, &contentMD5, &authorization, 256) }
        let swiftSignature = try signer.sign(method: .post, target: path, body: body, date: date)
        let floorAuthorization = String(decoding: authorization.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard floorAuthorization == swiftSignature.authorization else {
            throw BenchFailure("floor and signer disagree: \(floorAuthorization) vs \(swiftSignature.authorization)")
        }

        let results = try Measure.interleaved(batches: rounds, batchSize: iterations, [
            {
                body.withUnsafeBufferPointer {
                    sink &+= Int(signet_floor_sign(floor, $0.baseAddress, $0.count, &contentMD5, &authorization, 256))
                }
            },
            signFixed,
            signNow,
        ])
        let (floorNs, signerNs, signerNowNs) = (results[0], results[1], results[2])
        report("floor: C, MD5 ctx reused, HMAC states prepared", "\(fixed(floorNs.best, 0)) ns/op", "(median \(fixed(floorNs.median, 0)))")
        report("GameSystemSigner.sign (fixed date)", "\(fixed(signerNs.best, 0)) ns/op", "(median \(fixed(signerNs.median, 0)))")
        report("GameSystemSigner.sign (Date() per call)", "\(fixed(signerNowNs.best, 0)) ns/op", "(median \(fixed(signerNowNs.median, 0)))")
        let ratio = signerNowNs.best / floorNs.best
        report("ratio signer(Date())/floor, best batches", fixed(ratio), "target ≤ 1.30 \(ratio <= 1.3 ? "met" : "NOT met")")
        report("ratio signer(Date())/floor, median batches", fixed(signerNowNs.median / floorNs.median))
        return ratio
    }
}

/// A benchmark that could not run as set up.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
