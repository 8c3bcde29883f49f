/// The rule for user names in `?user=` (jokers and play): 1 to 64 bytes of UTF-8, no control characters.
public enum TriviaUserName {
    /// The longest user name accepted, in UTF-8 bytes.
    public static let maxBytes = 64

    /// Why `name` is not a valid user name, or nil when it is; e.g. `user: missing`.
    public static func problem(with name: String?) -> String? {
        guard let name, !name.isEmpty else { return "user: missing" }
        if name.utf8.count > maxBytes { return "user: \(name.utf8.count) bytes, limit \(maxBytes)" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "user: control characters are not allowed"
        }
        return nil
    }

    /// `name` percent-encoded for a query value: every byte outside `A–Z a–z 0–9 - . _ ~` as `%XX`.
    public static func queryEncoded(_ name: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
