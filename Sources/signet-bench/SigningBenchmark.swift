import CSignetBenchFloor
import Foundation
import SignetCrypto
import SignetGameSystem

/// Signing a request with a 1 KiB body: `GameSystemSigner` against the floor (the same libcrypto work
/// from C with everything prepared once), in the same process. Target: ratio ≤ 1.3.
enum SigningBenchmark {
    static func run(rounds: Int, iterations: Int) throws -> Double {
        print("Signing a POST with a 1 KiB body (\(rounds) interleaved batches × \(iterations) signatures)")
        var body = [UInt8](repeating: 0, count: 1024)
        for index in body.indices { body[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        let path = "/acme/admin/player_external_events"
        let date = Date()
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "demo-admin", secret: "demo-admin-secret"))

        guard let floor = signet_floor_new("demo-admin", "demo-admin-secret", GameSystemDate.format(date), path, "POST") else {
            throw BenchFailure("the C floor could not be prepared")
        }
        defer { signet_floor_free(floor) }
        var contentMD5 = [CChar](repeating: 0, count: 32)
        var authorization = [CChar](repeating: 0, count: 256)

        // Both sides must compute the same thing, or the comparison means nothing.
        _ = body.withUnsafeBufferPointer { signet_floor_sign(floor, $0.baseAddress, $0.count, &contentMD5, &authorization, 256) }
        let swiftSignature = try signer.sign(method: "POST", target: path, body: body, date: date)
        let floorAuthorization = String(decoding: authorization.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard floorAuthorization == swiftSignature.authorization else {
            throw BenchFailure("floor and signer disagree: \(floorAuthorization) vs \(swiftSignature.authorization)")
        }

        var sink = 0
        let results = try Measure.interleaved(batches: rounds, batchSize: iterations, [
            {
                body.withUnsafeBufferPointer {
                    sink &+= Int(signet_floor_sign(floor, $0.baseAddress, $0.count, &contentMD5, &authorization, 256))
                }
            },
            { sink &+= try signer.sign(method: "POST", target: path, body: body, date: date).authorization.utf8.count },
            { sink &+= try signer.sign(method: "POST", target: path, body: body, date: Date()).authorization.utf8.count },
        ])
        let (floorNs, signerNs, signerNowNs) = (results[0], results[1], results[2])
        report("floor: C, MD5 ctx reused, HMAC key duplicated", "\(fixed(floorNs.best, 0)) ns/op", "(median \(fixed(floorNs.median, 0)))")
        report("GameSystemSigner.sign (fixed date)", "\(fixed(signerNs.best, 0)) ns/op", "(median \(fixed(signerNs.median, 0)))")
        report("GameSystemSigner.sign (Date() per call)", "\(fixed(signerNowNs.best, 0)) ns/op", "(median \(fixed(signerNowNs.median, 0)))")
        let ratio = signerNowNs.best / floorNs.best
        report("ratio signer(Date())/floor, best batches", fixed(ratio), "target ≤ 1.30 \(ratio <= 1.3 ? "met" : "NOT met")")
        report("ratio signer(Date())/floor, median batches", fixed(signerNowNs.median / floorNs.median))
        if sink == 42 { print("") } // keeps the optimiser from dropping the work
        return ratio
    }
}

/// A benchmark that could not run as set up.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
