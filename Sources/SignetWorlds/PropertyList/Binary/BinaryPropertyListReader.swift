#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads Apple binary property lists (`bplist00`) with every offset, length and reference bounds-checked.
///
/// Written here rather than taken from Foundation so that the depth and value-count limits hold: binary
/// plists share objects by reference, so a few hundred bytes can describe a cycle or a tree of 2⁶⁰ nodes.
/// Supported object kinds: booleans, integers (up to 64 bits; a 128-bit integer only when it fits `Int`),
/// reals, dates, data, ASCII and UTF-16 strings, arrays and dictionaries with string keys. `null`, UIDs
/// (keyed archives) and sets are refused with the key path.
///
/// Every number read from the input (trailer fields, offsets, references, lengths) is compared as the
/// unsigned value it is before it becomes an `Int`, and every sum or product of such numbers is checked
/// (see `BinaryPropertyListLayout`), so no input can make the reader trap; faults name their byte offset.
struct BinaryPropertyListReader {
    private let layout: BinaryPropertyListLayout
    private let limits: PropertyListLimits
    private let stream: PropertyListElementStream?
    private var valueCount = 0
    private var path: [String] = []
    /// The strings and data met a second time, by offset: an object referenced many times is then made once and
    /// shared (both are copy-on-write), so a megabyte referenced a million times costs a megabyte, not a terabyte.
    private var leaves: [Int: PropertyListValue] = [:]
    /// The offsets of those met once. Keeping every leaf instead held all of a streamed answer's strings until
    /// its end: 4.6× the response limit for 44 000 worlds whose strings are their own, against 1.5× without.
    private var seenOnce: Set<Int> = []

    /// Parses `bytes` as a binary property list; with `stream`, the root dictionary's array under
    /// `stream.key` goes to `stream` element by element.
    static func read(
        _ bytes: [UInt8], limits: PropertyListLimits, streaming stream: PropertyListElementStream? = nil
    ) throws(PropertyListError) -> PropertyListValue {
        guard bytes.count <= limits.maximumByteCount else {
            throw .inputTooLarge(byteCount: bytes.count, limit: limits.maximumByteCount)
        }
        let layout = try BinaryPropertyListLayout(bytes)
        var reader = BinaryPropertyListReader(layout: layout, limits: limits, stream: stream)
        return try reader.readObject(at: try layout.objectOffset(layout.topObject, referencedAt: layout.topObjectField), depth: 0)
    }

    private init(layout: BinaryPropertyListLayout, limits: PropertyListLimits, stream: PropertyListElementStream?) {
        self.layout = layout
        self.limits = limits
        self.stream = stream
    }

    // MARK: Objects

    private mutating func readObject(at offset: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        valueCount += 1
        guard valueCount <= limits.maximumValueCount else { throw .tooManyValues(limit: limits.maximumValueCount) }
        let marker = layout.bytes[offset]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw unsupported("marker 0x\(Self.hex(marker)) (null or fill) has no property-list value")
            }
        case 0x1: return .number(.integer(try readInteger(sizeExponent: info, at: offset)))
        case 0x2:
            switch info {
            case 2: return .number(.real(Double(Float(bitPattern: UInt32(try layout.payload(at: offset + 1, size: 4))))))
            case 3: return .number(.real(Double(bitPattern: try layout.payload(at: offset + 1, size: 8))))
            default: throw BinaryPropertyListLayout.malformed("real of \(1 << info) bytes (must be 4 or 8)", at: offset)
            }
        case 0x3:
            guard marker == 0x33 else {
                throw BinaryPropertyListLayout.malformed("date marker 0x\(Self.hex(marker)) (must be 0x33)", at: offset)
            }
            let seconds = Double(bitPattern: try layout.payload(at: offset + 1, size: 8))
            guard seconds.isFinite else {
                throw BinaryPropertyListLayout.malformed("date of \(seconds) seconds is not a point in time", at: offset)
            }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4, 0x5, 0x6:
            if let shared = leaves[offset] { return shared }
            let leaf = try readLeaf(marker >> 4, info, at: offset)
            // A string of up to 15 bytes is held inline, without storage to share. One of a kilobyte or more is
            // kept at once (all of them together are at most the input), so that even its second copy is not made.
            switch Self.storageBytes(leaf) {
            case 1_024...: leaves[offset] = leaf
            case 16...: if !seenOnce.insert(offset).inserted { leaves[offset] = leaf }
            default: break
            }
            return leaf
        case 0xA:
            var elements: [PropertyListValue] = []
            try readArray(info, at: offset, depth: depth) { elements.append($1) }
            return .array(elements)
        case 0xD: return .dictionary(try readDictionary(info, at: offset, depth: depth))
        case 0x8: throw unsupported("a UID (keyed-archive reference) has no property-list value")
        case 0xC: throw unsupported("a set has no property-list value")
        default: throw BinaryPropertyListLayout.malformed("unknown object marker 0x\(Self.hex(marker))", at: offset)
        }
    }

    /// How many bytes of storage `leaf` (data or a string) holds.
    private static func storageBytes(_ leaf: PropertyListValue) -> Int {
        switch leaf {
        case .data(let bytes): bytes.count
        case .string(let text): text.utf8.count
        default: 0
        }
    }

    /// The data (kind 4), ASCII string (5) or UTF-16 string (6) whose marker is at `offset`.
    private func readLeaf(_ kind: UInt8, _ info: Int, at offset: Int) throws(PropertyListError) -> PropertyListValue {
        switch kind {
        case 0x4:
            let (count, start) = try layout.length(info, markerAt: offset, unitSize: 1)
            return .data(Data(layout.bytes[start..<start + count]))
        case 0x5:
            let (count, start) = try layout.length(info, markerAt: offset, unitSize: 1)
            let text = layout.bytes[start..<start + count]
            guard text.allSatisfy({ $0 < 0x80 }) else {
                throw BinaryPropertyListLayout.malformed("ASCII string holds a byte above 0x7F", at: offset)
            }
            return .string(String(decoding: text, as: UTF8.self))
        default:
            let (count, start) = try layout.length(info, markerAt: offset, unitSize: 2)
            let bytes = layout.bytes
            let units = (0..<count).lazy.map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            guard let string = String(validating: units, as: UTF16.self) else {
                throw BinaryPropertyListLayout.malformed("UTF-16 string holds an unpaired surrogate", at: offset)
            }
            return .string(string)
        }
    }

    /// Reads the elements of the array whose marker is at `offset`, handing each to `element` in order.
    private mutating func readArray(
        _ info: Int, at offset: Int, depth: Int, element: (Int, PropertyListValue) -> Void
    ) throws(PropertyListError) {
        try checkDepth(depth + 1)
        let (count, start) = try layout.length(info, markerAt: offset, unitSize: layout.referenceSize)
        for index in 0..<count {
            path.append("[\(index)]")
            let field = start + index * layout.referenceSize
            let target = try layout.objectOffset(layout.reference(at: field), referencedAt: field)
            element(index, try readObject(at: target, depth: depth + 1))
            path.removeLast()
        }
    }

    private mutating func readDictionary(_ info: Int, at offset: Int, depth: Int) throws(PropertyListError) -> PropertyListDictionary {
        try checkDepth(depth + 1)
        let (count, start) = try layout.length(info, markerAt: offset, unitSize: 2 * layout.referenceSize)
        guard count <= limits.maximumKeysPerDictionary else {
            throw .tooManyKeys(limit: limits.maximumKeysPerDictionary, at: nil, offset: offset)
        }
        var dictionary = PropertyListDictionary()
        for index in 0..<count {
            let keyField = start + index * layout.referenceSize
            let keyOffset = try layout.objectOffset(layout.reference(at: keyField), referencedAt: keyField)
            guard case .string(let key) = try readObject(at: keyOffset, depth: depth + 1) else {
                throw BinaryPropertyListLayout.malformed("dictionary key \(index) is not a string", at: offset)
            }
            guard dictionary[key] == nil else {
                throw BinaryPropertyListLayout.malformed("duplicate dictionary key \"\(key)\"", at: offset)
            }
            path.append(PropertyListPath.step(key: key))
            let valueField = start + (count + index) * layout.referenceSize
            let valueOffset = try layout.objectOffset(layout.reference(at: valueField), referencedAt: valueField)
            if depth == 0, let stream, key == stream.key, layout.bytes[valueOffset] >> 4 == 0xA {
                dictionary[key] = try streamArray(at: valueOffset, depth: depth + 1, to: stream)
            } else {
                dictionary[key] = try readObject(at: valueOffset, depth: depth + 1)
            }
            path.removeLast()
        }
        return dictionary
    }

    /// Hands the elements of the array at `offset` to `stream`; the array itself becomes empty.
    private mutating func streamArray(
        at offset: Int, depth: Int, to stream: PropertyListElementStream
    ) throws(PropertyListError) -> PropertyListValue {
        valueCount += 1
        guard valueCount <= limits.maximumValueCount else { throw .tooManyValues(limit: limits.maximumValueCount) }
        stream.begin()
        try readArray(Int(layout.bytes[offset] & 0x0F), at: offset, depth: depth) { stream.receive($0, $1) }
        return .array([])
    }

    private func readInteger(sizeExponent: Int, at offset: Int) throws(PropertyListError) -> Int {
        switch sizeExponent {
        case 0, 1, 2: return Int(try layout.payload(at: offset + 1, size: 1 << sizeExponent))
        case 3: return Int(Int64(bitPattern: try layout.payload(at: offset + 1, size: 8)))
        case 4:
            let high = try layout.payload(at: offset + 1, size: 8)
            let low = try layout.payload(at: offset + 9, size: 8)
            guard high == 0, let integer = Int(exactly: low) else {
                throw unsupported("a 128-bit integer that does not fit a 64-bit signed integer")
            }
            return integer
        default: throw BinaryPropertyListLayout.malformed("integer of 2^\(sizeExponent) bytes", at: offset)
        }
    }

    private func checkDepth(_ depth: Int) throws(PropertyListError) {
        if depth > limits.maximumDepth { throw .nestingTooDeep(limit: limits.maximumDepth, at: nil) }
    }

    private func unsupported(_ detail: String) -> PropertyListError {
        .unsupportedValue(keyPath: PropertyListPath.joined(path), detail: detail)
    }

    private static func hex(_ byte: UInt8) -> String {
        String(byte, radix: 16, uppercase: true)
    }
}
