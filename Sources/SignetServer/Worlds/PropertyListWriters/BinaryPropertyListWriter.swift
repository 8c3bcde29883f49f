import Foundation
import Signet
import SignetWorlds

/// Writes a `PropertyListValue` as an Apple binary property list (`bplist00`).
///
/// Deterministic: objects are numbered depth-first in dictionary order, equal strings are stored once,
/// and reference and offset sizes are the smallest that fit. Integers from 0 to 2³²−1 take 1, 2 or 4
/// bytes; negative and larger ones take 8 (the format reads 1–4-byte integers as unsigned). Reals are
/// written as 8-byte doubles; strings as ASCII when they are, else UTF-16 big-endian.
struct BinaryPropertyListWriter {
    private enum Object {
        case scalar([UInt8])
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private var objects: [Object] = []
    private var stringReferences: [String: Int] = [:]

    /// The binary property list for `value`.
    static func write(_ value: PropertyListValue) -> [UInt8] {
        var writer = BinaryPropertyListWriter()
        let top = writer.add(value)
        return writer.serialize(top: top)
    }

    // MARK: Flattening

    private mutating func add(_ value: PropertyListValue) -> Int {
        switch value {
        case .string(let string): return add(string)
        case .array(let elements):
            let reference = reserve()
            objects[reference] = .array(elements.map { add($0) })
            return reference
        case .dictionary(let dictionary):
            let reference = reserve()
            var keys: [Int] = []
            var values: [Int] = []
            for (key, element) in dictionary {
                keys.append(add(key))
                values.append(add(element))
            }
            objects[reference] = .dictionary(keys: keys, values: values)
            return reference
        default:
            let reference = reserve()
            objects[reference] = .scalar(Self.encodeScalar(value))
            return reference
        }
    }

    private mutating func add(_ string: String) -> Int {
        if let existing = stringReferences[string] { return existing }
        let reference = reserve()
        objects[reference] = .scalar(Self.encode(string))
        stringReferences[string] = reference
        return reference
    }

    private mutating func reserve() -> Int {
        objects.append(.scalar([]))
        return objects.count - 1
    }

    // MARK: Serializing

    private func serialize(top: Int) -> [UInt8] {
        let referenceSize = Self.byteWidth(UInt64(objects.count))
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(output.count)
            switch object {
            case .scalar(let encoded):
                output += encoded
            case .array(let elements):
                output += Self.header(0xA, count: elements.count)
                for element in elements { output += Self.bigEndian(UInt64(element), size: referenceSize) }
            case .dictionary(let keys, let values):
                output += Self.header(0xD, count: keys.count)
                for reference in keys + values { output += Self.bigEndian(UInt64(reference), size: referenceSize) }
            }
        }
        let offsetTableStart = output.count
        let offsetSize = Self.byteWidth(UInt64(offsetTableStart))
        for offset in offsets { output += Self.bigEndian(UInt64(offset), size: offsetSize) }
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        output += Self.bigEndian(UInt64(objects.count), size: 8)
        output += Self.bigEndian(UInt64(top), size: 8)
        output += Self.bigEndian(UInt64(offsetTableStart), size: 8)
        return output
    }

    private static func encodeScalar(_ value: PropertyListValue) -> [UInt8] {
        switch value {
        case .number(.integer(let integer)): encode(integer)
        case .number(.real(let real)): [0x23] + bigEndian(real.bitPattern, size: 8)
        case .bool(let bool): [bool ? 0x09 : 0x08]
        case .date(let date): [0x33] + bigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        case .data(let data): header(0x4, count: data.count) + Array(data)
        case .string(let string): encode(string)
        case .array, .dictionary: []  // containers are flattened by `add`, never encoded here
        }
    }

    private static func encode(_ string: String) -> [UInt8] {
        if string.utf8.allSatisfy({ $0 < 0x80 }) {
            return header(0x5, count: string.utf8.count) + Array(string.utf8)
        }
        let units = Array(string.utf16)
        var encoded = header(0x6, count: units.count)
        for unit in units { encoded += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return encoded
    }

    private static func encode(_ integer: Int) -> [UInt8] {
        switch integer {
        case 0...0xFF: [0x10, UInt8(integer)]
        case 0...0xFFFF: [0x11] + bigEndian(UInt64(integer), size: 2)
        case 0...0xFFFF_FFFF: [0x12] + bigEndian(UInt64(integer), size: 4)
        default: [0x13] + bigEndian(UInt64(bitPattern: Int64(integer)), size: 8)
        }
    }

    /// A marker with its element count: in the low nibble below 15, else `0xF` and an integer object.
    private static func header(_ kind: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0x0F] + encode(count)
    }

    private static func byteWidth(_ value: UInt64) -> Int {
        switch value {
        case 0...0xFF: 1
        case 0...0xFFFF: 2
        case 0...0xFFFF_FFFF: 4
        default: 8
        }
    }

    private static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
