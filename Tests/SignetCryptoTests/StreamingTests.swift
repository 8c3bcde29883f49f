import SignetCrypto
import SignetTestSupport
import Testing

/// Streaming gives what one shot gives, whatever the chunking; hashers are values; finalize resets.
@Suite("Streaming and value semantics")
struct StreamingTests {
    // RFC 1321 A.5, RFC 3174 7.3 and RFC 2202 test case 7: inputs and their published digests.
    static let md5Message = Array("12345678901234567890123456789012345678901234567890123456789012345678901234567890".utf8)
    static let md5Expected = "57edf4a22be3c955ac49da2e2107b67a"
    static let sha1Message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    static let sha1Expected = "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
    static let hmacKey = [UInt8](repeating: 0xAA, count: 80)
    static let hmacMessage = Array("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data".utf8)
    static let hmacExpected = "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"

    @Test("MD5 split at every point equals the published digest")
    func md5EverySplit() throws {
        for split in 0...Self.md5Message.count {
            var hasher = try MD5()
            hasher.update(Array(Self.md5Message[..<split]))
            hasher.update(Array(Self.md5Message[split...]))
            #expect(try hasher.finalize().hex == Self.md5Expected, "split at \(split)")
        }
    }

    @Test("SHA-1 split at every point equals the published digest")
    func sha1EverySplit() throws {
        for split in 0...Self.sha1Message.count {
            var hasher = try SHA1()
            Self.sha1Message[..<split].withUnsafeBytes { hasher.update($0) }
            Self.sha1Message[split...].withUnsafeBytes { hasher.update($0) }
            #expect(try hasher.finalize().hex == Self.sha1Expected, "split at \(split)")
        }
    }

    @Test("HMAC-SHA1 split at every point equals the published MAC")
    func hmacEverySplit() throws {
        let key = try HMACKey(secret: Self.hmacKey)
        for split in 0...Self.hmacMessage.count {
            var mac = try HMAC(key: key)
            mac.update(Array(Self.hmacMessage[..<split]))
            mac.update(Array(Self.hmacMessage[split...]))
            #expect(try mac.finalize().hex == Self.hmacExpected, "split at \(split)")
        }
    }

    @Test("Random chunk sizes over a million 'a' give the published digests")
    func randomChunks() throws {
        // RFC 3174's one-million-'a' SHA-1, and the well-known MD5 of the same input.
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var generator = SeededGenerator(seed: 0x5167_4E37)
        for round in 0..<3 {
            var md5 = try MD5(), sha1 = try SHA1()
            var offset = 0
            while offset < message.count {
                let size = Int.random(in: 0...(round == 0 ? 7 : 70_000), using: &generator)
                let end = min(offset + size, message.count)
                message[offset..<end].withUnsafeBytes { md5.update($0); sha1.update($0) }
                offset = end
            }
            #expect(try md5.finalize().hex == "7707d6ae4e027c70eea2a935c2296f21", "round \(round)")
            #expect(try sha1.finalize().hex == "34aa973cd4c4daa4f61eeb2bdbad27316534016f", "round \(round)")
        }
    }

    @Test("Random chunking equals one shot for random messages")
    func randomChunkingMatchesOneShot() throws {
        var generator = SeededGenerator(seed: 42)
        let key = try HMACKey(secret: "chunking key")
        for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 1000, 4097] {
            let message = generator.bytes(length)
            var md5 = try MD5(), sha1 = try SHA1(), mac = try HMAC(key: key)
            var offset = 0
            while offset < length {
                let end = min(offset + Int.random(in: 1...100, using: &generator), length)
                let chunk = Array(message[offset..<end])
                md5.update(chunk); sha1.update(chunk); mac.update(chunk)
                offset = end
            }
            #expect(try md5.finalize() == MD5.hash(message), "length \(length)")
            #expect(try sha1.finalize() == SHA1.hash(message), "length \(length)")
            #expect(try mac.finalize() == HMAC.authenticationCode(for: message, using: key), "length \(length)")
        }
    }

    @Test("A copied half-fed MD5 continues independently")
    func md5Copies() throws {
        var original = try MD5()
        original.update("a")
        var copy = original
        copy.update("bc")
        var untouched = original
        #expect(try copy.finalize().hex == "900150983cd24fb0d6963f7d28e17f72")       // "abc"
        #expect(try untouched.finalize().hex == "0cc175b9c0f1b6a831c399e269772661")  // "a"
        original.update("bc")
        #expect(try original.finalize().hex == "900150983cd24fb0d6963f7d28e17f72")   // "abc"
    }

    @Test("A copied half-fed SHA-1 continues independently")
    func sha1Copies() throws {
        var original = try SHA1()
        original.update("abc")
        var longer = original
        longer.update("dbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        #expect(try original.finalize().hex == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(try longer.finalize().hex == Self.sha1Expected)
    }

    @Test("A copied half-fed HMAC continues independently")
    func hmacCopies() throws {
        // RFC 2202 test case 2, and the same key over a different message (values from Python's hmac).
        let key = try HMACKey(secret: "Jefe")
        var original = try HMAC(key: key)
        original.update("what do ya ")
        var prefixOnly = original
        var other = original
        other.update("want for something?")
        original.update("want for nothing?")
        #expect(try original.finalize().hex == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        #expect(try other.finalize().hex == "59fae5424365d3373e49988b221323f6b59e69eb")
        #expect(try prefixOnly.finalize().hex == "8981c9e77e05a31179d08242d4c42b2bc80f2edb")
    }

    @Test("finalize resets MD5 and SHA-1 so the same value hashes a new message")
    func finalizeResets() throws {
        var md5 = try MD5()
        md5.update("message digest")
        #expect(try md5.finalize().hex == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(try md5.finalize().hex == "d41d8cd98f00b204e9800998ecf8427e") // nothing fed since: empty
        md5.update("abc")
        #expect(try md5.finalize().hex == "900150983cd24fb0d6963f7d28e17f72")

        var sha1 = try SHA1()
        sha1.update("abc")
        #expect(try sha1.finalize().hex == "a9993e364706816aba3e25717850c26c9cd0d89d")
        sha1.update("abc")
        #expect(try sha1.finalize().hex == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test("A spent HMAC refuses a second finalize instead of answering a wrong MAC")
    func hmacSpent() throws {
        var mac = try HMAC(key: HMACKey(secret: "Jefe"))
        mac.update("what do ya want for nothing?")
        #expect(try mac.finalize().hex == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        mac.update("more")
        #expect(throws: CryptoError.self) { try mac.finalize() }
    }

    @Test("Digest views: hex, base64, description, byte counts")
    func digestViews() throws {
        let digest = try MD5.hash("")
        #expect(digest.bytes.count == MD5.byteCount)
        #expect(digest.hex == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(digest.base64 == "1B2M2Y8AsgTpgAmY7PhCfg==")
        #expect(digest.description == digest.hex)
        #expect(try SHA1.hash("").bytes.count == SHA1.byteCount)
        #expect(digest.constantTimeEquals(Digest(bytes: try bytes(fromHex: "d41d8cd98f00b204e9800998ecf8427e"))))
        #expect(!digest.constantTimeEquals(try MD5.hash("a")))
    }
}
