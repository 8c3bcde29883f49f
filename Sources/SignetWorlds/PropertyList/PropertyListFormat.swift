/// The three property-list encodings Signet reads and writes.
public enum PropertyListFormat: String, Sendable, Hashable, CaseIterable {
    /// Old-style ASCII text: `{ key = value; }`, `( a, b )`, `"quoted"`, `<hex data>`.
    case openStep
    /// Apple's XML property list (`<?xml …?><plist>…</plist>`).
    case xml
    /// Apple's binary property list (starts with `bplist00`).
    case binary

    /// The format of `bytes`, decided by their opening: the `bplist00` magic means binary; `<?xml`,
    /// `<!DOCTYPE plist` or `<plist` (after an optional UTF-8 byte-order mark and white space) means XML;
    /// anything else is read as OpenStep text.
    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> PropertyListFormat {
        if bytes.starts(with: Array("bplist00".utf8)) { return .binary }
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        for opening in ["<?xml", "<!DOCTYPE plist", "<plist"] where rest.starts(with: Array(opening.utf8)) {
            return .xml
        }
        return .openStep
    }
}
