import Foundation

/// Reads Apple binary property lists (`bplist00`) with every offset, length and reference bounds-checked.
///
/// Written here rather than taken from Foundation so that the depth and value-count limits hold: binary
/// plists share objects by reference, so a few hundred bytes can describe a cycle or a tree of 2⁶⁰ nodes.
/// Supported object kinds: booleans, integers (up to 64 bits; a 128-bit integer only when it fits `Int`),
/// reals, dates, data, ASCII and UTF-16 strings, arrays and dictionaries with string keys. `null`, UIDs
/// (keyed archives) and sets are refused with the key path.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let limits: PropertyListLimits
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTableStart: Int
    private var valueCount = 0
    private var path: [String] = []

    private static let magic = Array("bplist00".utf8)
    private static let trailerSize = 32

    /// Parses `bytes` as a binary property list.
    static func read(_ bytes: [UInt8], limits: PropertyListLimits) throws(PropertyListError) -> PropertyListValue {
        guard bytes.count <= limits.maximumByteCount else {
            throw .inputTooLarge(byteCount: bytes.count, limit: limits.maximumByteCount)
        }
        guard bytes.starts(with: magic) else { throw malformed("missing the `bplist00` header", at: 0) }
        guard bytes.count >= magic.count + 2 + trailerSize else {
            throw malformed("\(bytes.count) bytes is too short for a binary property list", at: nil)
        }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = readUnsigned(bytes, at: trailer + 8, size: 8)
        let topObject = readUnsigned(bytes, at: trailer + 16, size: 8)
        let offsetTableStart = readUnsigned(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw malformed("trailer gives offset size \(offsetSize) and reference size \(referenceSize) (each must be 1–8)", at: trailer)
        }
        guard objectCount >= 1, objectCount <= UInt64(trailer), topObject < objectCount,
            offsetTableStart >= UInt64(magic.count), offsetTableStart <= UInt64(trailer),
            offsetTableStart + objectCount * UInt64(offsetSize) <= UInt64(trailer)
        else {
            throw malformed(
                "trailer is inconsistent: \(objectCount) objects, top object \(topObject), offset table at \(offsetTableStart)",
                at: trailer)
        }
        var reader = BinaryPropertyListReader(
            bytes: bytes, limits: limits, offsetSize: offsetSize, referenceSize: referenceSize,
            objectCount: Int(objectCount), offsetTableStart: Int(offsetTableStart))
        return try reader.readObject(Int(topObject), depth: 0)
    }

    private init(bytes: [UInt8], limits: PropertyListLimits, offsetSize: Int, referenceSize: Int, objectCount: Int, offsetTableStart: Int) {
        self.bytes = bytes
        self.limits = limits
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = objectCount
        self.offsetTableStart = offsetTableStart
    }

    // MARK: Objects

    private mutating func readObject(_ reference: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        valueCount += 1
        guard valueCount <= limits.maximumValueCount else { throw .tooManyValues(limit: limits.maximumValueCount) }
        let offset = try objectOffset(reference)
        let marker = bytes[offset]
        let kind = marker >> 4
        let info = Int(marker & 0x0F)
        switch kind {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw unsupported("marker 0x\(Self.hex(marker)) (null or fill) has no property-list value")
            }
        case 0x1: return .number(.integer(try readInteger(sizeExponent: info, at: offset)))
        case 0x2:
            switch info {
            case 2: return .number(.real(Double(Float(bitPattern: UInt32(try readPayload(at: offset + 1, size: 4))))))
            case 3: return .number(.real(Double(bitPattern: try readPayload(at: offset + 1, size: 8))))
            default: throw Self.malformed("real of \(1 << min(info, 15)) bytes (must be 4 or 8)", at: offset)
            }
        case 0x3:
            guard marker == 0x33 else { throw Self.malformed("date marker 0x\(Self.hex(marker)) (must be 0x33)", at: offset) }
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try readPayload(at: offset + 1, size: 8))))
        case 0x4:
            let (count, start) = try readLength(info, markerAt: offset, unitSize: 1)
            return .data(Data(bytes[start..<start + count]))
        case 0x5:
            let (count, start) = try readLength(info, markerAt: offset, unitSize: 1)
            let text = bytes[start..<start + count]
            guard text.allSatisfy({ $0 < 0x80 }) else { throw Self.malformed("ASCII string holds a byte above 0x7F", at: offset) }
            return .string(String(decoding: text, as: UTF8.self))
        case 0x6:
            let (count, start) = try readLength(info, markerAt: offset, unitSize: 2)
            let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            guard let string = String(validating: units, as: UTF16.self) else {
                throw Self.malformed("UTF-16 string holds an unpaired surrogate", at: offset)
            }
            return .string(string)
        case 0xA:
            try checkDepth(depth + 1)
            let (count, start) = try readLength(info, markerAt: offset, unitSize: referenceSize)
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                path.append("[\(index)]")
                elements.append(try readObject(readReference(at: start + index * referenceSize), depth: depth + 1))
                path.removeLast()
            }
            return .array(elements)
        case 0xD:
            try checkDepth(depth + 1)
            let (count, start) = try readLength(info, markerAt: offset, unitSize: 2 * referenceSize)
            var dictionary = PropertyListDictionary()
            for index in 0..<count {
                let keyReference = readReference(at: start + index * referenceSize)
                guard case .string(let key) = try readObject(keyReference, depth: depth + 1) else {
                    throw Self.malformed("dictionary key \(index) is not a string", at: offset)
                }
                guard dictionary[key] == nil else { throw Self.malformed("duplicate dictionary key \"\(key)\"", at: offset) }
                path.append(path.isEmpty ? key : ".\(key)")
                dictionary[key] = try readObject(readReference(at: start + (count + index) * referenceSize), depth: depth + 1)
                path.removeLast()
            }
            return .dictionary(dictionary)
        case 0x8: throw unsupported("a UID (keyed-archive reference) has no property-list value")
        case 0xC: throw unsupported("a set has no property-list value")
        default: throw Self.malformed("unknown object marker 0x\(Self.hex(marker))", at: offset)
        }
    }

    // MARK: Bounds-checked reading

    private func objectOffset(_ reference: Int) throws(PropertyListError) -> Int {
        guard reference < objectCount else {
            throw Self.malformed("object reference \(reference) is beyond the \(objectCount) objects", at: nil)
        }
        let offset = Self.readUnsigned(bytes, at: offsetTableStart + reference * offsetSize, size: offsetSize)
        guard offset >= UInt64(Self.magic.count), offset < UInt64(offsetTableStart) else {
            throw Self.malformed("object \(reference) has offset \(offset), outside the object area", at: nil)
        }
        return Int(offset)
    }

    private func readPayload(at start: Int, size: Int) throws(PropertyListError) -> UInt64 {
        guard start + size <= offsetTableStart else {
            throw Self.malformed("a \(size)-byte value at \(start) runs past the object area", at: start)
        }
        return Self.readUnsigned(bytes, at: start, size: size)
    }

    private func readInteger(sizeExponent: Int, at offset: Int) throws(PropertyListError) -> Int {
        switch sizeExponent {
        case 0, 1, 2: return Int(try readPayload(at: offset + 1, size: 1 << sizeExponent))
        case 3: return Int(Int64(bitPattern: try readPayload(at: offset + 1, size: 8)))
        case 4:
            let high = try readPayload(at: offset + 1, size: 8)
            let low = try readPayload(at: offset + 9, size: 8)
            guard high == 0, let integer = Int(exactly: low) else {
                throw unsupported("a 128-bit integer that does not fit a 64-bit signed integer")
            }
            return integer
        default: throw Self.malformed("integer of 2^\(sizeExponent) bytes", at: offset)
        }
    }

    /// The element count of a data, string, array or dictionary object and where its payload starts,
    /// checked to fit before the offset table.
    private func readLength(_ info: Int, markerAt offset: Int, unitSize: Int) throws(PropertyListError) -> (count: Int, start: Int) {
        var count = info
        var start = offset + 1
        if info == 0x0F {
            guard start < offsetTableStart, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F <= 3 else {
                throw Self.malformed("length of the object is not an integer of 1–8 bytes", at: offset)
            }
            let size = 1 << Int(bytes[start] & 0x0F)
            let length = try readPayload(at: start + 1, size: size)
            guard let exact = Int(exactly: length) else { throw Self.malformed("length \(length) is too large", at: offset) }
            count = exact
            start += 1 + size
        }
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: unitSize)
        guard count >= 0, !overflow, byteCount <= offsetTableStart - start else {
            throw Self.malformed("object of \(count) elements runs past the object area", at: offset)
        }
        return (count, start)
    }

    private func readReference(at start: Int) -> Int {
        // In range: readLength checked that all references fit before the offset table.
        Int(truncatingIfNeeded: Self.readUnsigned(bytes, at: start, size: referenceSize))
    }

    private func checkDepth(_ depth: Int) throws(PropertyListError) {
        if depth > limits.maximumDepth { throw .nestingTooDeep(limit: limits.maximumDepth, at: nil) }
    }

    private func unsupported(_ detail: String) -> PropertyListError {
        .unsupportedValue(keyPath: path.joined(), detail: detail)
    }

    private static func malformed(_ detail: String, at offset: Int?) -> PropertyListError {
        .malformed(format: .binary, detail: detail, offset: offset)
    }

    /// Big-endian unsigned integer of `size` (1–8) bytes; the caller has checked the range.
    private static func readUnsigned(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
        return value
    }

    private static func hex(_ byte: UInt8) -> String {
        String(byte, radix: 16, uppercase: true)
    }
}
