import Foundation
import SignetWorlds
import Testing

/// Hostile numbers in a binary property list: references, counts, offsets and lengths near 2⁶³ and 2⁶⁴
/// once made the reader trap on integer overflow or a negative index. Each must now be a
/// `.malformed` error naming the byte offset of the bad number. The byte layouts and the expected
/// offsets are worked out by hand here, not taken from the reader.
@Suite struct BinaryReaderArithmeticTests {
    /// `value` as `size` big-endian bytes.
    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A binary plist: the header, `objects` back to back (their offsets are 8, 8 + first.count, …),
    /// the offset table with `offsetSize`-byte entries, and a trailer whose fields may be overridden.
    static func assemble(
        _ objects: [[UInt8]], referenceSize: Int = 1, offsetSize: Int = 1, objectCount: UInt64? = nil,
        topObject: UInt64 = 0, tableStart: UInt64? = nil, offsets: [UInt64]? = nil
    ) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var positions: [UInt64] = []
        for object in objects {
            positions.append(UInt64(bytes.count))
            bytes += object
        }
        let start = UInt64(bytes.count)
        for offset in offsets ?? positions { bytes += bigEndian(offset, size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(objectCount ?? UInt64(objects.count), size: 8)
        bytes += bigEndian(topObject, size: 8)
        bytes += bigEndian(tableStart ?? start, size: 8)
        return bytes
    }

    func error(_ bytes: [UInt8]) -> PropertyListError? {
        do {
            _ = try PropertyListReader().read(bytes, as: .binary)
            return nil
        } catch {
            return error
        }
    }

    static func malformed(_ detail: String, at offset: Int) -> PropertyListError {
        .malformed(format: .binary, detail: detail, offset: offset)
    }

    @Test("an array element reference of 2^64 - 256 or 2^63 is beyond the objects, at its byte", arguments: [
        (UInt64.max - 255, "18446744073709551360"), (UInt64(1) << 63, "9223372036854775808"),
    ])
    func hugeArrayReference(reference: UInt64, spelled: String) {
        // Object 0 at byte 8: an array of one element; its 8-byte reference is at byte 9.
        let bytes = Self.assemble([[0xA1] + Self.bigEndian(reference, size: 8)], referenceSize: 8)
        #expect(error(bytes) == Self.malformed("object reference \(spelled) is beyond the 1 objects", at: 9))
    }

    @Test("dictionary key and value references of 2^63 are refused at their bytes")
    func hugeDictionaryReferences() {
        // Object 0 at byte 8: { key: value }, 8-byte references: key reference at 9, value reference at 17.
        let key = Self.bigEndian(1, size: 8), value = Self.bigEndian(1 << 63, size: 8)
        let string: [UInt8] = [0x51, 0x6B]
        let badValue = Self.assemble([[0xD1] + key + value, string], referenceSize: 8)
        #expect(error(badValue) == Self.malformed("object reference 9223372036854775808 is beyond the 2 objects", at: 17))
        let badKey = Self.assemble([[0xD1] + Self.bigEndian(UInt64.max, size: 8) + key, string], referenceSize: 8)
        #expect(error(badKey) == Self.malformed("object reference 18446744073709551615 is beyond the 2 objects", at: 9))
    }

    @Test("trailer numbers near 2^64 are refused at their trailer field")
    func hugeTrailerFields() {
        let object: [UInt8] = [0x10, 0x05]  // the integer 5, at byte 8; the table is at byte 10
        let trailer = 8 + object.count + 1  // where the 32-byte trailer starts
        #expect(error(Self.assemble([object], topObject: 1 << 63))
            == Self.malformed("top object 9223372036854775808 is beyond the 1 objects", at: trailer + 16))
        #expect(error(Self.assemble([object], objectCount: UInt64.max))
            == Self.malformed("trailer gives 18446744073709551615 objects (must be 1–\(trailer))", at: trailer + 8))
        #expect(error(Self.assemble([object], tableStart: UInt64.max))
            == Self.malformed(
                "offset table of 1 1-byte entries at 18446744073709551615 does not fit between the header and the trailer at \(trailer)",
                at: trailer + 24))
    }

    @Test("an offset-table entry of 2^64 - 1 is refused at the entry")
    func hugeObjectOffset() {
        // One integer object at byte 8 (2 bytes), then an 8-byte offset table entry at byte 10.
        let bytes = Self.assemble([[0x10, 0x05]], offsetSize: 8, offsets: [UInt64.max])
        #expect(error(bytes) == Self.malformed("object 0 has offset 18446744073709551615, outside the object area", at: 10))
    }

    @Test("lengths whose byte count overflows are refused at the object's marker", arguments: [
        // A UTF-16 string (2 bytes a unit) claiming 2^63 units; an array of 8-byte references claiming 2^62.
        ([0x6F, 0x13] + BinaryReaderArithmeticTests.bigEndian(1 << 63, size: 8), 8, "9223372036854775808"),
        ([0xAF, 0x13] + BinaryReaderArithmeticTests.bigEndian(1 << 62, size: 8), 8, "4611686018427387904"),
        ([0x5F, 0x13] + BinaryReaderArithmeticTests.bigEndian(UInt64.max, size: 8), 1, "18446744073709551615"),
    ])
    func hugeLengths(object: [UInt8], referenceSize: Int, count: String) {
        let bytes = Self.assemble([object], referenceSize: referenceSize)
        #expect(error(bytes) == Self.malformed("object of \(count) elements runs past the object area", at: 8))
    }

    @Test("a date that is not a finite number of seconds is refused")
    func nonFiniteDate() {
        let bytes = Self.assemble([[0x33] + Self.bigEndian(Double.nan.bitPattern, size: 8)])
        #expect(error(bytes) == Self.malformed("date of nan seconds is not a point in time", at: 8))
        let infinite = Self.assemble([[0x33] + Self.bigEndian(Double.infinity.bitPattern, size: 8)])
        #expect(error(infinite) == Self.malformed("date of inf seconds is not a point in time", at: 8))
    }

    @Test("every 8-byte reference value around the sign bit and the top fails cleanly")
    func referenceSweep() {
        let values: [UInt64] = [1, 2, 255, 256, UInt64(Int.max), UInt64(Int.max) + 1, UInt64.max - 256, UInt64.max - 1, UInt64.max]
        for value in values {
            let bytes = Self.assemble([[0xA1] + Self.bigEndian(value, size: 8)], referenceSize: 8)
            #expect(error(bytes) == Self.malformed("object reference \(value) is beyond the 1 objects", at: 9))
        }
    }
}
