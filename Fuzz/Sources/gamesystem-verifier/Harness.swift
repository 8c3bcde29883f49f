import Foundation
import FuzzSupport
import HTTPTypes
import SignetCrypto
import SignetGameSystem

/// `GameSystemVerifier` on arbitrary header values. The input is split at NUL bytes into method, target,
/// `Date`, `Content-MD5`, `Authorization` and body (missing parts are absent headers). The verifier must
/// answer a result, never crash; it may accept only the known key; and a request that `GameSystemSigner`
/// signs with the same method, target, body and a date inside the window must verify.
let verifierNow = Date(timeIntervalSince1970: 1_763_715_907)  // 2025-11-21 09:05:07 UTC
let verifierCredentials: GameSystemCredentials? = try? GameSystemCredentials(apiKey: "KEY", secret: "fuzz-secret")
let verifierKeys = verifierCredentials.map { GameSystemKeyring([$0]) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let credentials = verifierCredentials, let keys = verifierKeys else {
        disagreement("gamesystem-verifier", "the fixed credentials could not be prepared")
    }
    let parts = fuzzInput(data, size).split(separator: 0, maxSplits: 5, omittingEmptySubsequences: false).map(Array.init)
    func part(_ index: Int) -> [UInt8]? { index < parts.count ? parts[index] : nil }
    // A method is an HTTP token; bytes that are none cannot reach a verifier (HTTPRequest refuses them).
    guard let method = HTTPRequest.Method(String(decoding: part(0) ?? [], as: UTF8.self)) else { return 0 }
    let target = String(decoding: part(1) ?? [], as: UTF8.self)
    let body = part(5) ?? []
    var headers = HTTPFields()
    for (index, name) in [(2, HTTPField.Name.date), (3, .contentMD5), (4, .authorization)] {
        if let value = part(index) { headers.append(HTTPField(name: name, value: value)) }
    }

    let verifier = GameSystemVerifier(keys: keys)
    switch verifier.verify(method: method, target: target, headers: headers, body: body, now: verifierNow) {
    case .success(let apiKey):
        require(apiKey == "KEY", "gamesystem-verifier", "accepted an unknown key \(apiKey.debugDescription)")
    case .failure:
        break  // GameSystemVerificationError: the normal answer to fuzz
    }

    // The same request, properly signed, with a date up to the window away from now.
    let skew = TimeInterval(Int(body.first ?? 0) % 41 - 20)
    let signer = GameSystemSigner(credentials: credentials)
    let signature: GameSystemSignature
    do { signature = try signer.sign(method: method, target: target, body: body, date: verifierNow + skew) } catch {
        disagreement("gamesystem-verifier", "signing failed: \(error)")
    }
    var signed = HTTPFields()
    signature.apply(to: &signed)
    if case .failure(let error) = verifier.verify(method: method, target: target, headers: signed, body: body, now: verifierNow) {
        disagreement("gamesystem-verifier",
                     "a request the signer signed is refused: \(error); method \(method.rawValue.debugDescription), target \(target.debugDescription)")
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
