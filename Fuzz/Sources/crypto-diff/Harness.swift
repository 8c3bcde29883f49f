import CFuzzCrypto
import FuzzSupport
import SignetCrypto

/// MD5 and HMAC-SHA1 against libcrypto called straight from C (CFuzzCrypto), one-shot and streamed.
/// Input: the first byte is the key length k, the next k bytes the HMAC key, the rest the message; the
/// second byte also picks the chunk size for the streamed runs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    let keyLength = min(Int(input.first ?? 0), max(input.count - 1, 0))
    let key = Array(input.dropFirst().prefix(keyLength))
    let message = Array(input.dropFirst(1 + keyLength))
    let chunk = 1 + Int(input.dropFirst().first ?? 0) % 64

    var referenceMD5 = [UInt8](repeating: 0, count: 16)
    var referenceMAC = [UInt8](repeating: 0, count: 20)
    require(fuzz_md5(message, message.count, &referenceMD5) == 1, "crypto-diff", "libcrypto MD5 failed")
    require(fuzz_hmac_sha1(key, key.count, message, message.count, &referenceMAC) == 1, "crypto-diff", "libcrypto HMAC failed")

    do {
        let md5 = try MD5.hash(message).bytes
        require(md5 == referenceMD5, "crypto-diff", "MD5 \(Hex.encode(md5)) vs libcrypto \(Hex.encode(referenceMD5))")
        var hasher = try MD5()
        for start in stride(from: 0, to: message.count, by: chunk) {
            hasher.update(Array(message[start..<min(start + chunk, message.count)]))
        }
        let streamed = try hasher.finalize().bytes
        require(streamed == referenceMD5, "crypto-diff", "streamed MD5 (chunks of \(chunk)) \(Hex.encode(streamed))")

        let hmacKey = try HMACKey(secret: key)
        let mac = try HMAC.authenticationCode(for: message, using: hmacKey).bytes
        require(mac == referenceMAC, "crypto-diff", "HMAC \(Hex.encode(mac)) vs libcrypto \(Hex.encode(referenceMAC))")
        var hmac = try HMAC(key: hmacKey)
        for start in stride(from: 0, to: message.count, by: chunk) {
            hmac.update(Array(message[start..<min(start + chunk, message.count)]))
        }
        let streamedMAC = try hmac.finalize().bytes
        require(streamedMAC == referenceMAC, "crypto-diff", "streamed HMAC (chunks of \(chunk)) \(Hex.encode(streamedMAC))")
        // The key is prepared once and reused: a second message under the same key must not see the first.
        let again = try HMAC.authenticationCode(for: message, using: hmacKey).bytes
        require(again == referenceMAC, "crypto-diff", "HMAC with a reused key \(Hex.encode(again))")
    } catch {
        unexpectedError("crypto-diff", error)  // CryptoError: libcrypto itself did not fail above
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
