import Foundation
import SignetCrypto
import SignetTestSupport
import Testing

/// Strict base64: every rejection with its exact offset, and round trips checked against Foundation.
@Suite("Base64")
struct Base64Tests {
    static func decodingError(_ text: String) -> Base64DecodingError? {
        do {
            let decoded = try SignetBase64.decode(text)
            Issue.record("'\(text)' decoded to \(decoded) instead of failing")
            return nil
        } catch {
            return error
        }
    }

    @Test("A character outside the alphabet is named with its offset")
    func invalidCharacter() {
        #expect(Self.decodingError("Zm9v!mFy") == .invalidCharacter(UInt8(ascii: "!"), offset: 4))
        #expect(Self.decodingError("!m9vYmFy") == .invalidCharacter(UInt8(ascii: "!"), offset: 0))
        #expect(Self.decodingError("Zm9vYmF\u{7F}") == .invalidCharacter(0x7F, offset: 7))
    }

    @Test("Whitespace and newlines are rejected where they stand")
    func whitespace() {
        #expect(Self.decodingError("Zm9v\nmFy") == .invalidCharacter(0x0A, offset: 4))
        #expect(Self.decodingError(" m9vYmFy") == .invalidCharacter(0x20, offset: 0))
        #expect(Self.decodingError("Zm9\tYmFy") == .invalidCharacter(0x09, offset: 3))
        #expect(Self.decodingError("Zm9\r") == .invalidCharacter(0x0D, offset: 3))
        #expect(Self.decodingError("Zm9vYmFy\n") == .invalidLength(9))
    }

    @Test("The URL-safe alphabet's - and _ are not standard base64")
    func urlSafe() {
        #expect(Self.decodingError("Zm9-") == .invalidCharacter(UInt8(ascii: "-"), offset: 3))
        #expect(Self.decodingError("Zm_v") == .invalidCharacter(UInt8(ascii: "_"), offset: 2))
        #expect(Self.decodingError("-_-_") == .invalidCharacter(UInt8(ascii: "-"), offset: 0))
    }

    @Test("The length must be a multiple of four (padding required)")
    func length() {
        #expect(Self.decodingError("Z") == .invalidLength(1))
        #expect(Self.decodingError("Zg") == .invalidLength(2))
        #expect(Self.decodingError("Zm9") == .invalidLength(3))
        #expect(Self.decodingError("Zm9vY") == .invalidLength(5))
        #expect(Self.decodingError("Zg=") == .invalidLength(3))
    }

    @Test("Padding anywhere but the last two positions is misplaced")
    func misplacedPadding() {
        #expect(Self.decodingError("Zg==Zm9v") == .misplacedPadding(offset: 2))
        #expect(Self.decodingError("Z===") == .misplacedPadding(offset: 1))
        #expect(Self.decodingError("====") == .misplacedPadding(offset: 0))
        #expect(Self.decodingError("Zm=v") == .misplacedPadding(offset: 2))
        #expect(Self.decodingError("Zm9vZ===") == .misplacedPadding(offset: 5))
    }

    @Test("Non-zero bits below the last byte are not canonical")
    func nonCanonical() throws {
        #expect(Self.decodingError("Zh==") == .nonCanonicalTrailingBits(offset: 1)) // 'f' plus stray bits
        #expect(Self.decodingError("Zm9=") == .nonCanonicalTrailingBits(offset: 2)) // "fo" plus stray bits
        #expect(Self.decodingError("Zm9vZh==") == .nonCanonicalTrailingBits(offset: 5))
        #expect(try SignetBase64.decode("Zg==") == [0x66])
        #expect(try SignetBase64.decode("Zm8=") == [0x66, 0x6F])
    }

    @Test("Error descriptions name the fault and the offset")
    func descriptions() {
        #expect(Base64DecodingError.invalidCharacter(UInt8(ascii: "!"), offset: 4).description.contains("'!' at offset 4"))
        #expect(Base64DecodingError.invalidCharacter(0x0A, offset: 4).description.contains("0x0a"))
        #expect(Base64DecodingError.invalidLength(5).description.contains("5"))
        #expect(Base64DecodingError.misplacedPadding(offset: 2).description.contains("offset 2"))
        #expect(Base64DecodingError.nonCanonicalTrailingBits(offset: 1).description.contains("offset 1"))
    }

    @Test("The empty string decodes to no bytes and no bytes encode to the empty string")
    func empty() throws {
        #expect(try SignetBase64.decode("") == [])
        #expect(try SignetBase64.decode(utf8: []) == [])
        #expect(SignetBase64.encode([]) == "")
    }

    @Test("Random byte strings of every length 0…100 round-trip and match Foundation")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 0xB64)
        for length in 0...100 {
            for _ in 0..<5 {
                let bytes = generator.bytes(length)
                let encoded = SignetBase64.encode(bytes)
                #expect(encoded == Data(bytes).base64EncodedString(), "length \(length)")
                #expect(try SignetBase64.decode(encoded) == bytes, "length \(length)")
                #expect(Data(base64Encoded: encoded).map { [UInt8]($0) } == bytes, "length \(length)")
                bytes.withUnsafeBytes { #expect(SignetBase64.encode($0) == encoded) }
            }
        }
    }

    @Test("Every byte value in each position of a group encodes as Foundation encodes it (Signet's own encoder)")
    func everyByteInEveryPosition() {
        let all = [UInt8](0...255)
        for shift in 0..<3 {
            let bytes = Array(all[shift...] + all[..<shift])
            for length in [bytes.count, bytes.count - 1, bytes.count - 2] {
                let prefix = Array(bytes.prefix(length))
                #expect(SignetBase64.encode(prefix) == Data(prefix).base64EncodedString(), "shift \(shift), length \(length)")
            }
        }
    }

    @Test("Every canonical four-character group with padding decodes as Foundation decodes it")
    func everyFinalQuantum() throws {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        for first in alphabet {
            for second in alphabet {
                let text = "\(first)\(second)=="
                let foundation = Data(base64Encoded: text).map { [UInt8]($0) }
                let canonical = foundation.map { Data($0).base64EncodedString() == text } ?? false
                if canonical {
                    #expect(try SignetBase64.decode(text) == foundation, "\(text)")
                } else {
                    #expect(Self.decodingError(text) == .nonCanonicalTrailingBits(offset: 1), "\(text)")
                }
            }
        }
    }
}
