#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One node of a property list: the common tree that every format (OpenStep text, XML, binary) reads into
/// and writes from.
///
/// OpenStep text only knows strings, data, arrays and dictionaries; a number in OpenStep text is read as
/// the string of its digits, so consumers that accept numbers should accept their string forms too.
public enum PropertyListValue: Sendable, Hashable {
    /// A Unicode string.
    case string(String)
    /// An integer or a floating-point number (XML and binary only).
    case number(PropertyListNumber)
    /// A boolean (XML and binary only).
    case bool(Bool)
    /// A point in time (XML and binary only).
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// An ordered list of values.
    case array([PropertyListValue])
    /// String keys mapped to values, in the order the input gave them where the format allows.
    case dictionary(PropertyListDictionary)

    /// The string when this value is a string, else `nil`.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The elements when this value is an array, else `nil`.
    public var arrayValue: [PropertyListValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The dictionary when this value is a dictionary, else `nil`.
    public var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    /// A short name of this value's kind, for error messages ("string", "integer", "dictionary", …).
    public var kindName: String {
        switch self {
        case .string: "string"
        case .number(.integer): "integer"
        case .number(.real): "real"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }
}

/// A property-list number: binary and XML plists tell integers and reals apart.
public enum PropertyListNumber: Sendable, Hashable {
    /// A signed 64-bit integer.
    case integer(Int)
    /// A double-precision floating-point number.
    case real(Double)
}
