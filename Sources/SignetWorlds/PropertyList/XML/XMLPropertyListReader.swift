#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads XML property lists (`<plist version="1.0">…</plist>`) straight from the bytes into
/// `PropertyListValue`, with Signet's limits, byte offsets in every fault, and streaming of one array.
///
/// Written here rather than through Foundation's `PropertyListSerialization`: that builds an object per
/// value and then Signet converted them, so both trees (several times the input) existed at once, and it
/// could not hand the world list over one world at a time. Elements: `dict` (with `key`), `array`,
/// `string`, `integer`, `real`, `true`, `false`, `date`, `data`; the `plist` wrapper may be left out.
/// A dictionary key given twice is refused, as in the other formats. An integer above `Int.max` is an
/// `unsupportedValue` at its key path.
struct XMLPropertyListReader {
    private var scanner: XMLPropertyListScanner
    private let limits: PropertyListLimits
    private let stream: PropertyListElementStream?
    private var valueCount = 0
    private var path: [String] = []

    /// Parses `bytes` as an XML property list; with `stream`, the root dictionary's array under
    /// `stream.key` goes to `stream` element by element.
    static func read(
        _ bytes: [UInt8], limits: PropertyListLimits, streaming stream: PropertyListElementStream? = nil
    ) throws(PropertyListError) -> PropertyListValue {
        guard bytes.count <= limits.maximumByteCount else {
            throw .inputTooLarge(byteCount: bytes.count, limit: limits.maximumByteCount)
        }
        var reader = XMLPropertyListReader(scanner: XMLPropertyListScanner(bytes), limits: limits, stream: stream)
        try reader.scanner.readProlog()
        var (tag, offset) = try reader.scanner.nextTag()
        let wrapped = tag == .start("plist", empty: false)
        if wrapped { (tag, offset) = try reader.scanner.nextTag() }
        let root = try reader.readValue(tag, at: offset, depth: 0)
        if wrapped {
            let (end, endOffset) = try reader.scanner.nextTag()
            guard end == .end("plist") else { throw XMLPropertyListScanner.malformed("expected </plist> after the root value", at: endOffset) }
        }
        guard try reader.scanner.atEnd() else {
            throw XMLPropertyListScanner.malformed("content after the root value", at: reader.scanner.index)
        }
        return root
    }

    private init(scanner: XMLPropertyListScanner, limits: PropertyListLimits, stream: PropertyListElementStream?) {
        self.scanner = scanner
        self.limits = limits
        self.stream = stream
    }

    /// The value whose start tag `tag` was read at `offset`, `depth` containers deep.
    private mutating func readValue(_ tag: XMLPropertyListScanner.Tag, at offset: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        valueCount += 1
        guard valueCount <= limits.maximumValueCount else { throw .tooManyValues(limit: limits.maximumValueCount) }
        guard case .start(let name, let empty) = tag else {
            throw XMLPropertyListScanner.malformed("expected a value, found \(Self.spelled(tag))", at: offset)
        }
        switch name {
        case "dict": return .dictionary(try readDictionary(empty: empty, at: offset, depth: depth + 1))
        case "array":
            var elements: [PropertyListValue] = []
            try readArray(empty: empty, at: offset, depth: depth + 1) { elements.append($1) }
            return .array(elements)
        case "true", "false":
            if !empty {
                let (end, endOffset) = try scanner.nextTag()
                guard end == .end(name) else { throw XMLPropertyListScanner.malformed("<\(name)> must be empty", at: endOffset) }
            }
            return .bool(name == "true")
        case "string": return .string(try string(of: name, empty: empty, at: offset))
        case "integer", "real", "date", "data":
            let text = empty ? [] : try scanner.text(closing: name, elementOffset: offset)
            do throws(XMLPropertyListScalars.Fault) {
                switch name {
                case "integer": return .number(.integer(try XMLPropertyListScalars.integer(text)))
                case "real": return .number(.real(try XMLPropertyListScalars.real(text)))
                case "date": return .date(try XMLPropertyListScalars.date(text))
                default: return .data(try XMLPropertyListScalars.data(text))
                }
            } catch {
                switch error {
                case .malformed(let detail): throw XMLPropertyListScanner.malformed(detail, at: offset)
                case .unsupported(let detail): throw .unsupportedValue(keyPath: PropertyListPath.joined(path), detail: detail)
                }
            }
        default:
            throw XMLPropertyListScanner.malformed("<\(name)> is not a property-list element", at: offset)
        }
    }

    /// Reads the elements of an array whose start tag is at `offset`, handing each to `element` in order.
    private mutating func readArray(
        empty: Bool, at offset: Int, depth: Int, element: (Int, PropertyListValue) -> Void
    ) throws(PropertyListError) {
        guard depth <= limits.maximumDepth else { throw .nestingTooDeep(limit: limits.maximumDepth, at: nil) }
        guard !empty else { return }
        var index = 0
        while true {
            let (tag, tagOffset) = try scanner.nextTag()
            if tag == .end("array") { return }
            path.append("[\(index)]")
            element(index, try readValue(tag, at: tagOffset, depth: depth))
            path.removeLast()
            index += 1
        }
    }

    private mutating func readDictionary(empty: Bool, at offset: Int, depth: Int) throws(PropertyListError) -> PropertyListDictionary {
        guard depth <= limits.maximumDepth else { throw .nestingTooDeep(limit: limits.maximumDepth, at: nil) }
        var dictionary = PropertyListDictionary()
        guard !empty else { return dictionary }
        while true {
            let (tag, keyOffset) = try scanner.nextTag()
            if tag == .end("dict") { return dictionary }
            guard case .start("key", let emptyKey) = tag else {
                throw XMLPropertyListScanner.malformed("expected <key> or </dict>, found \(Self.spelled(tag))", at: keyOffset)
            }
            let key = try string(of: "key", empty: emptyKey, at: keyOffset)
            guard dictionary[key] == nil else {
                throw XMLPropertyListScanner.malformed("duplicate dictionary key \"\(key)\"", at: keyOffset)
            }
            guard dictionary.count < limits.maximumKeysPerDictionary else {
                throw .tooManyKeys(limit: limits.maximumKeysPerDictionary, at: nil, offset: keyOffset)
            }
            path.append(PropertyListPath.step(key: key))
            let (valueTag, valueOffset) = try scanner.nextTag()
            if depth == 1, let stream, key == stream.key, case .start("array", let emptyArray) = valueTag {
                valueCount += 1
                guard valueCount <= limits.maximumValueCount else { throw .tooManyValues(limit: limits.maximumValueCount) }
                stream.begin()
                try readArray(empty: emptyArray, at: valueOffset, depth: depth + 1) { stream.receive($0, $1) }
                dictionary[key] = .array([])
            } else {
                dictionary[key] = try readValue(valueTag, at: valueOffset, depth: depth)
            }
            path.removeLast()
        }
    }

    /// The text of a `<string>` or `<key>` element, checked to be UTF-8.
    private mutating func string(of name: String, empty: Bool, at offset: Int) throws(PropertyListError) -> String {
        guard !empty else { return "" }
        guard let string = String(validating: try scanner.text(closing: name, elementOffset: offset), as: UTF8.self) else {
            throw XMLPropertyListScanner.malformed("<\(name)> holds bytes that are not UTF-8", at: offset)
        }
        return string
    }

    private static func spelled(_ tag: XMLPropertyListScanner.Tag) -> String {
        switch tag {
        case .start(let name, let empty): empty ? "<\(name)/>" : "<\(name)>"
        case .end(let name): "</\(name)>"
        }
    }
}
