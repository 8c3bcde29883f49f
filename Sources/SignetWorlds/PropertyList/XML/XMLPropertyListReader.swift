import Foundation

/// Reads XML property lists through Foundation's `PropertyListSerialization` (it works on Linux, and has
/// its own nesting limit), then converts its objects into `PropertyListValue` with Signet's limits.
///
/// Foundation reports XML faults with a line number inside its message, not a byte offset; the message is
/// kept in `PropertyListError.malformed`.
enum XMLPropertyListReader {
    /// Parses `bytes` as an XML property list.
    static func read(_ bytes: [UInt8], limits: PropertyListLimits) throws(PropertyListError) -> PropertyListValue {
        guard bytes.count <= limits.maximumByteCount else {
            throw .inputTooLarge(byteCount: bytes.count, limit: limits.maximumByteCount)
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            throw .malformed(format: .xml, detail: Self.explanation(of: error), offset: nil)
        }
        guard format == .xml else {
            throw .malformed(format: .xml, detail: "the input is not an XML property list", offset: nil)
        }
        var converter = FoundationObjectConverter(limits: limits)
        return try converter.convert(object, keyPath: "", depth: 0)
    }

    /// Foundation's own description of the fault (`NSDebugDescription`), which names the line.
    private static func explanation(of error: any Error) -> String {
        let nsError = error as NSError
        if let debugDescription = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return debugDescription }
        return nsError.localizedDescription
    }
}

/// Converts the objects Foundation's property-list reader returns into `PropertyListValue`.
struct FoundationObjectConverter {
    private let limits: PropertyListLimits
    private var valueCount = 0

    /// A converter bounded by `limits` (depth and value count).
    init(limits: PropertyListLimits) { self.limits = limits }

    /// The value for `object`, found at `keyPath`, `depth` containers deep.
    mutating func convert(_ object: Any, keyPath: String, depth: Int) throws(PropertyListError) -> PropertyListValue {
        valueCount += 1
        guard valueCount <= limits.maximumValueCount else { throw .tooManyValues(limit: limits.maximumValueCount) }
        // Order matters: on Linux an NSNumber holding 1 also casts to Bool, so Bool is tested by its type.
        if type(of: object) == Bool.self, let bool = object as? Bool { return .bool(bool) }
        if let string = object as? String { return .string(string) }
        if let number = object as? NSNumber { return try Self.convert(number, keyPath: keyPath) }
        if let date = object as? Date { return .date(date) }
        if let data = object as? Data { return .data(data) }
        if let array = object as? [Any] {
            guard depth < limits.maximumDepth else { throw .nestingTooDeep(limit: limits.maximumDepth, at: nil) }
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try convert(element, keyPath: KeyPath.appending(index: index, to: keyPath), depth: depth + 1))
            }
            return .array(elements)
        }
        if let dictionary = object as? [String: Any] {
            guard depth < limits.maximumDepth else { throw .nestingTooDeep(limit: limits.maximumDepth, at: nil) }
            var result = PropertyListDictionary()
            // Foundation does not keep the input's key order; sorting makes the result deterministic.
            for key in dictionary.keys.sorted() {
                if let element = dictionary[key] {
                    result[key] = try convert(element, keyPath: KeyPath.appending(key, to: keyPath), depth: depth + 1)
                }
            }
            return .dictionary(result)
        }
        throw .unsupportedValue(keyPath: keyPath, detail: "a \(type(of: object)) has no property-list value kind")
    }

    private static func convert(_ number: NSNumber, keyPath: String) throws(PropertyListError) -> PropertyListValue {
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "f", "d": return .number(.real(number.doubleValue))
        case "Q", "L", "I", "S", "C":
            guard let integer = Int(exactly: number.uint64Value) else {
                throw .unsupportedValue(keyPath: keyPath, detail: "integer \(number.uint64Value) is larger than Int.max")
            }
            return .number(.integer(integer))
        default: return .number(.integer(number.intValue))
        }
    }
}
