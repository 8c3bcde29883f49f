/// Builds `application/x-www-form-urlencoded` bodies.
///
/// Every byte of the UTF-8 form of names and values is percent-encoded except the unreserved characters
/// `A–Z a–z 0–9 - . _ ~`; a space becomes `+`, as the HTML form encoding specifies (so a literal `+`
/// is sent as `%2B`, `&` as `%26`, `=` as `%3D`). Hex digits are uppercase.
public enum FormURLEncoder {
    /// The media type of the bodies this encoder builds.
    public static let contentType = "application/x-www-form-urlencoded"

    /// `name=value` pairs joined by `&`, in the given order.
    public static func encode(_ fields: [FormField]) -> String {
        fields.map { "\(encode(component: $0.name))=\(encode(component: $0.value))" }.joined(separator: "&")
    }

    /// The body for `fields` as UTF-8 bytes (ASCII only).
    public static func encodeBytes(_ fields: [FormField]) -> [UInt8] {
        Array(encode(fields).utf8)
    }

    /// One name or value, escaped.
    public static func encode(component: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(component.utf8.count)
        for byte in component.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.append(byte)
            case UInt8(ascii: " "):
                output.append(UInt8(ascii: "+"))
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
