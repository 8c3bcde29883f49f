import Foundation
import Signet
import SignetWorlds

/// Writes a `PropertyListValue` in one of the three formats.
///
/// OpenStep text cannot hold numbers, booleans or dates; they are written as the strings a reader gets
/// back, which is what the real worlds server does anyway.
/// - OpenStep: ASCII text, four-space indent, keys in dictionary order, non-ASCII as `\U` escapes;
///   integers and reals as their decimal digits, booleans `YES`/`NO`, dates ISO 8601 UTC.
/// - XML: Apple's DTD, tab indent, keys in dictionary order.
/// - Binary: `bplist00`, deterministic layout, equal strings stored once.
public enum PropertyListWriter {
    /// The bytes of `value` in `format`. Fails only for values a format cannot hold (a real that is not
    /// finite in text formats, a control character in XML), naming the key path.
    public static func write(_ value: PropertyListValue, as format: PropertyListFormat) throws(PropertyListError) -> [UInt8] {
        switch format {
        case .openStep: try OpenStepWriter.write(value)
        case .xml: try XMLPropertyListWriter.write(value)
        case .binary: BinaryPropertyListWriter.write(value)
        }
    }
}
