import Foundation
import Signet
import SignetWorlds

/// Writes a `PropertyListValue` as an Apple XML property list (UTF-8, tab-indented, keys in order).
///
/// Written by hand rather than through Foundation so the output is deterministic and keeps key order.
/// Dates are ISO 8601 UTC with whole seconds, as the XML plist format defines them; data is one line of
/// base64. Control characters other than tab and line feed cannot appear in XML 1.0: carriage return
/// is written as `&#13;`, the others are refused with the key path.
struct XMLPropertyListWriter {
    private var output = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The XML document for `value`.
    static func write(_ value: PropertyListValue) throws(PropertyListError) -> [UInt8] {
        var writer = XMLPropertyListWriter()
        try writer.write(value, indent: 0, keyPath: PropertyListPath.root)
        writer.output += "</plist>\n"
        return Array(writer.output.utf8)
    }

    private mutating func write(_ value: PropertyListValue, indent: Int, keyPath: String) throws(PropertyListError) {
        let tabs = String(repeating: "\t", count: indent)
        switch value {
        case .string(let string):
            output += "\(tabs)<string>\(try Self.escaped(string, keyPath: keyPath))</string>\n"
        case .number(.integer(let integer)):
            output += "\(tabs)<integer>\(integer)</integer>\n"
        case .number(.real(let real)):
            guard real.isFinite else { throw .unsupportedValue(keyPath: keyPath, detail: "a real that is not finite") }
            output += "\(tabs)<real>\(real)</real>\n"
        case .bool(let bool):
            output += "\(tabs)<\(bool ? "true" : "false")/>\n"
        case .date(let date):
            output += "\(tabs)<date>\(date.formatted(.iso8601))</date>\n"
        case .data(let data):
            output += "\(tabs)<data>\(data.base64EncodedString())</data>\n"
        case .array(let elements):
            guard !elements.isEmpty else { return output += "\(tabs)<array/>\n" }
            output += "\(tabs)<array>\n"
            for (index, element) in elements.enumerated() {
                try write(element, indent: indent + 1, keyPath: PropertyListPath.appending(index: index, to: keyPath))
            }
            output += "\(tabs)</array>\n"
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else { return output += "\(tabs)<dict/>\n" }
            output += "\(tabs)<dict>\n"
            for (key, element) in dictionary {
                let elementPath = PropertyListPath.appending(key, to: keyPath)
                output += "\(tabs)\t<key>\(try Self.escaped(key, keyPath: elementPath))</key>\n"
                try write(element, indent: indent + 1, keyPath: elementPath)
            }
            output += "\(tabs)</dict>\n"
        }
    }

    private static func escaped(_ text: String, keyPath: String) throws(PropertyListError) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\u{0}"..<"\u{20}", "\u{FFFE}", "\u{FFFF}":
                throw .unsupportedValue(
                    keyPath: keyPath, detail: "control character U+\(String(scalar.value, radix: 16, uppercase: true)) cannot appear in XML")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
