import Foundation
import SignetCrypto
import SignetTestSupport
import Testing

@Suite("Hex")
struct HexTests {
    static func decodingError(_ text: String) -> HexDecodingError? {
        do {
            let decoded = try Hex.decode(text)
            Issue.record("'\(text)' decoded to \(decoded) instead of failing")
            return nil
        } catch {
            return error
        }
    }

    @Test("Encodes lowercase, two characters per byte")
    func encode() {
        #expect(Hex.encode([]) == "")
        #expect(Hex.encode([0x00, 0x0F, 0xA0, 0xFF, 0x12]) == "000fa0ff12")
        #expect(Hex.encode(Array(0...255)).count == 512)
        #expect(Hex.encode(Array(0...255)) == (0...255).map { String(format: "%02x", $0) }.joined())
    }

    @Test("A MAC's lowercase hex is compared digit by digit: any other digit, case or length is not equal")
    func constantTimeHex() {
        let bytes: [UInt8] = [0x00, 0x0F, 0xA0, 0xFF, 0x12]
        func equal(_ text: String) -> Bool {
            bytes.withUnsafeBytes { raw in Array(text.utf8).withUnsafeBytes { Hex.constantTimeEquals(raw, lowercaseHex: $0) } }
        }
        #expect(equal("000fa0ff12"))
        #expect(!equal("000FA0FF12"))
        #expect(!equal("000fa0ff1"))
        #expect(!equal("000fa0ff120"))
        #expect(!equal(""))
        let text = Array("000fa0ff12".utf8)
        for offset in text.indices {
            for digit in "0123456789abcdefABCDEF:g ".utf8 where digit != text[offset] {
                var changed = text
                changed[offset] = digit
                #expect(!equal(String(decoding: changed, as: UTF8.self)), "\(String(decoding: changed, as: UTF8.self))")
            }
        }
        #expect([UInt8]().withUnsafeBytes { none in Hex.constantTimeEquals(none, lowercaseHex: none) })
    }

    @Test("Decodes either case")
    func decode() throws {
        #expect(try Hex.decode("") == [])
        #expect(try Hex.decode("000fa0ff12") == [0x00, 0x0F, 0xA0, 0xFF, 0x12])
        #expect(try Hex.decode("AbCdEF") == [0xAB, 0xCD, 0xEF])
        let all = [UInt8](0...255)
        #expect(try Hex.decode(Hex.encode(all)) == all)
        #expect(try Hex.decode(Hex.encode(all).uppercased()) == all)
    }

    @Test("Rejects odd lengths and non-hex characters with their offset")
    func errors() {
        #expect(Self.decodingError("abc") == .oddLength(3))
        #expect(Self.decodingError("0") == .oddLength(1))
        #expect(Self.decodingError("0g") == .invalidCharacter(UInt8(ascii: "g"), offset: 1))
        #expect(Self.decodingError("g0") == .invalidCharacter(UInt8(ascii: "g"), offset: 0))
        #expect(Self.decodingError("00 1") == .invalidCharacter(UInt8(ascii: " "), offset: 2))
        #expect(Self.decodingError("0x12") == .invalidCharacter(UInt8(ascii: "x"), offset: 1))
        #expect(HexDecodingError.invalidCharacter(UInt8(ascii: "g"), offset: 1).description.contains("offset 1"))
        #expect(HexDecodingError.oddLength(3).description.contains("3"))
    }
}

@Suite("ConstantTime")
struct ConstantTimeTests {
    @Test("Equal, different, different lengths, empty")
    func bytes() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([0, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(!ConstantTime.equals([], [0]))
        #expect(ConstantTime.equals([], []))
    }

    @Test("Strings compare by their UTF-8 bytes, without normalisation")
    func strings() {
        #expect(ConstantTime.equals("abc", "abc"))
        #expect(!ConstantTime.equals("abc", "ABC"))
        #expect(!ConstantTime.equals("abc", "abcd"))
        #expect(ConstantTime.equals("", ""))
        // "é" precomposed and decomposed are equal Swift Strings but different bytes.
        #expect(!ConstantTime.equals("\u{E9}", "e\u{301}"))
    }
}
