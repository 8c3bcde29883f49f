import Foundation
import SignetWorlds
import Testing
@testable import SignetServer

@Suite struct BinaryReaderRobustnessTests {
    /// A binary plist assembled by hand: objects (each a byte array), one-byte references and offsets.
    static func assemble(_ objects: [[UInt8]], top: UInt8 = 0) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let tableStart = UInt8(bytes.count)
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)]
        bytes += [0, 0, 0, 0, 0, 0, 0, top]
        bytes += [0, 0, 0, 0, 0, 0, 0, tableStart]
        return bytes
    }

    func error(_ bytes: [UInt8], limits: PropertyListLimits = .default) -> PropertyListError? {
        do {
            _ = try PropertyListReader(limits: limits).read(bytes, as: .binary)
            return nil
        } catch {
            return error
        }
    }

    @Test func handAssembledPlistReads() throws {
        // [ "ab", 5 ]
        let bytes = Self.assemble([[0xA2, 1, 2], [0x52, 0x61, 0x62], [0x10, 5]])
        #expect(try PropertyListReader().read(bytes) == ["ab", 5])
    }

    @Test func aCycleIsStoppedByTheDepthLimit() {
        // An array that contains itself.
        let bytes = Self.assemble([[0xA1, 0]])
        #expect(error(bytes) == .nestingTooDeep(limit: 64, at: nil))
    }

    @Test func sharedObjectsCannotExpandWithoutBound() {
        // Object k is an array holding object k+1 twice: 2^40 leaves from 41 objects.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x10, 1])
        #expect(error(Self.assemble(objects)) == .tooManyValues(limit: 1_000_000))
    }

    @Test func anObjectReferencedManyTimesIsReadOnceAndShared() throws {
        // [d, d, d, s, s, s]: d 64 KiB of data (kept at once), s a 300-byte string (kept when met again).
        var plist = BinaryPlistAssembler()
        let array = plist.reserve()
        let data = plist.data(count: 65_536), text = plist.asciiString(repeating: UInt8(ascii: "s"), count: 300)
        plist.set(array, [0xA6, UInt8(data), UInt8(data), UInt8(data), UInt8(text), UInt8(text), UInt8(text)])
        let value = try PropertyListReader().read(plist.bytes(top: array), as: .binary)
        guard case .array(let elements) = value, elements.count == 6 else {
            Issue.record("not an array of six: \(value)")
            return
        }
        let storage: [UnsafeRawPointer?] = elements.map { element in
            switch element {
            case .data(let bytes): bytes.withUnsafeBytes { $0.baseAddress }
            case .string(let string): string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
            default: nil
            }
        }
        #expect(storage.allSatisfy { $0 != nil })
        #expect(storage[0] == storage[1] && storage[1] == storage[2], "each reference to the data made a copy")
        #expect(storage[4] == storage[5], "each reference to the string made a copy")
        #expect(elements[0] == .data(Data(count: 65_536)) && elements[5] == .string(String(repeating: "s", count: 300)))
    }

    @Test func dictionariesOverTheKeyLimitAreRejectedBeforeTheirKeysAreRead() {
        // A dictionary (object 0, at byte 8) of three keys "a", "b", "c", each to `true`.
        let objects: [[UInt8]] = [[0xD3, 1, 2, 3, 4, 4, 4], [0x51, 0x61], [0x51, 0x62], [0x51, 0x63], [0x09]]
        #expect(error(Self.assemble(objects), limits: PropertyListLimits(maximumKeysPerDictionary: 3)) == nil)
        #expect(error(Self.assemble(objects), limits: PropertyListLimits(maximumKeysPerDictionary: 2))
            == .tooManyKeys(limit: 2, at: nil, offset: 8))
    }

    @Test func referencesOutsideTheObjectsAreRejected() {
        // The array's marker is at byte 8, its one-byte reference at byte 9.
        let bytes = Self.assemble([[0xA1, 9]])
        #expect(error(bytes) == .malformed(format: .binary, detail: "object reference 9 is beyond the 1 objects", offset: 9))
    }

    @Test func unsupportedKindsNameTheirKeyPath() {
        // { "k": [ UID ] }
        let bytes = Self.assemble([[0xD1, 1, 2], [0x51, 0x6B], [0xA1, 3], [0x80, 0x01]])
        #expect(error(bytes) == .unsupportedValue(keyPath: "$.k[0]", detail: "a UID (keyed-archive reference) has no property-list value"))
    }

    @Test func lengthsThatRunPastTheObjectsAreRejected() {
        // A string claiming 14 characters with 2 present.
        let bytes = Self.assemble([[0x5E, 0x61, 0x62]])
        #expect(error(bytes) == .malformed(format: .binary, detail: "object of 14 elements runs past the object area", offset: 8))
    }

    @Test func everyTruncationAndEveryByteFlipFailsCleanly() throws {
        let original = try PropertyListWriter.write(
            ["allAvailableWorlds": [["id": "126", "name": "Österreich 1", "n": 70000, "r": 1.5]]], as: .binary)
        for length in 0..<original.count {
            #expect(error(Array(original[0..<length])) != nil, "truncated to \(length) bytes")
        }
        // Flipping any single byte must never crash or hang; it may still decode.
        for index in original.indices {
            var corrupted = original
            corrupted[index] ^= 0xFF
            _ = error(corrupted)
        }
    }
}
