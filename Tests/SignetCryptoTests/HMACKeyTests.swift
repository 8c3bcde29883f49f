import SignetCrypto
import SignetTestSupport
import Testing

/// One prepared key serves many messages, sequentially and from many tasks at once, and never shows its secret.
@Suite("HMACKey")
struct HMACKeyTests {
    /// RFC 2202 test cases 1–4 and 6–7 as (key, data, MAC), hex.
    static let cases: [(key: String, data: String, mac: String)] = [
        ("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265", "b617318655057264e28bc0b6fb378c8ef146be00"),
        ("4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f", "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
        ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", String(repeating: "dd", count: 50), "125d7342b9ac11cd91a39af48aa17b4f63f175d3"),
        ("0102030405060708090a0b0c0d0e0f10111213141516171819", String(repeating: "cd", count: 50), "4c9007f4026250c6bc8414f9bf50c86c2d7235da"),
    ]

    @Test("One key reused for many messages gives the right MAC each time")
    func reuse() throws {
        // RFC 2202 test cases 6 and 7 share the 80-byte key.
        let key = try HMACKey(secret: [UInt8](repeating: 0xAA, count: 80))
        let six = "Test Using Larger Than Block-Size Key - Hash Key First"
        let seven = "Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data"
        for round in 0..<500 {
            let (message, expected) = round % 2 == 0
                ? (six, "aa4ae5e15272d00e95705637ce8a3b55ed402112")
                : (seven, "e8e99d0f45237d786d6bbaa7965c7808bbff1a91")
            #expect(try HMAC.authenticationCode(for: message, using: key).hex == expected, "round \(round)")
        }
    }

    @Test("Keys shared by many concurrent tasks give the right MACs")
    func concurrentUse() async throws {
        let prepared = try Self.cases.map { (key: try HMACKey(secret: bytes(fromHex: $0.key)), data: try bytes(fromHex: $0.data), mac: $0.mac) }
        let keys = prepared.map(\.key)
        let messages = prepared.map(\.data)
        let expected = prepared.map(\.mac)
        let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<64 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<200 {
                        let index = (task + round) % keys.count
                        let mac = try HMAC.authenticationCode(for: messages[index], using: keys[index]).hex
                        if mac != expected[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    @Test("An empty secret and a secret longer than the block are valid keys")
    func keyLengths() throws {
        // Values from Python: hmac.new(b"", b"", sha1) and hmac.new(b"a" * 200, b"abc", sha1).
        #expect(try HMAC.authenticationCode(for: "", using: HMACKey(secret: "")).hex == "fbdb1d1b18aa6c08324b7d64b71fb76370690e1d")
        #expect(try HMAC.authenticationCode(for: [], using: HMACKey(secret: [UInt8]())).hex == "fbdb1d1b18aa6c08324b7d64b71fb76370690e1d")
        let long = String(repeating: "a", count: 200)
        #expect(try HMAC.authenticationCode(for: "abc", using: HMACKey(secret: long)).hex == "583af72af567f1180be2f7a6e687b68918f9cf9a")
    }

    @Test("description never contains the secret")
    func descriptionRedacted() throws {
        let secret = "zq-very-private-7781"
        let key = try HMACKey(secret: secret)
        for text in [key.description, "\(key)", String(describing: key), String(reflecting: key)] {
            #expect(!text.contains(secret))
            #expect(!text.contains("7781"))
        }
        #expect(key.description == "HMACKey(<redacted>)")
    }
}
