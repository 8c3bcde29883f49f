/// The XML layer under `XMLPropertyListReader`: tags, character data, entities, CDATA, comments,
/// processing instructions and the document type, over UTF-8 bytes, with byte offsets in every fault.
///
/// Only what property lists use: no namespaces, no entity declarations (the five predefined entities and
/// character references only). A `<?xml … encoding="…"?>` other than UTF-8 or ASCII is refused.
struct XMLPropertyListScanner {
    /// A start tag (`empty` for `<name/>`) or an end tag.
    enum Tag: Equatable {
        case start(String, empty: Bool)
        case end(String)
    }

    let bytes: [UInt8]
    private(set) var index: Int

    /// A scanner at the start of `bytes`, after a UTF-8 byte-order mark when there is one.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Whether only white space, comments and processing instructions remain.
    mutating func atEnd() throws(PropertyListError) -> Bool {
        try skipMarkup()
        return index == bytes.count
    }

    /// The next tag, skipping white space, comments, processing instructions and a document type;
    /// any other text here is a fault.
    mutating func nextTag() throws(PropertyListError) -> (tag: Tag, offset: Int) {
        try skipMarkup()
        let start = index
        guard index < bytes.count else { throw Self.malformed("the input ended where a tag was expected", at: index) }
        guard bytes[index] == UInt8(ascii: "<") else {
            throw Self.malformed("text where a tag was expected", at: index)
        }
        index += 1
        let isEnd = consume("/")
        let name = readName()
        guard !name.isEmpty else { throw Self.malformed("a tag without a name", at: start) }
        if isEnd {
            skipWhitespace()
            guard consume(">") else { throw Self.malformed("end tag </\(name)> is not closed by `>`", at: start) }
            return (.end(name), start)
        }
        // Attributes (`version="1.0"`) are skipped; a quoted value may hold `>`.
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
                return (.start(name, empty: false), start)
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">"):
                index += 2
                return (.start(name, empty: true), start)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                try skipQuoted(from: start)
            default:
                index += 1
            }
        }
        throw Self.malformed("tag <\(name)> is not closed by `>`", at: start)
    }

    /// The character data up to the end tag `</name>` (which is consumed), with entities, character
    /// references and CDATA sections resolved; `elementOffset` is where the element starts.
    mutating func text(closing name: String, elementOffset: Int) throws(PropertyListError) -> [UInt8] {
        var text: [UInt8] = []
        while true {
            let runStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
            text += bytes[runStart..<index]
            guard index < bytes.count else {
                throw Self.malformed("<\(name)> is not closed by </\(name)>", at: elementOffset)
            }
            if bytes[index] == UInt8(ascii: "&") {
                try appendReference(to: &text)
            } else if starts(with: "<![CDATA[") {
                let start = index
                index += 9
                guard let end = find("]]>") else { throw Self.malformed("CDATA section is not closed by `]]>`", at: start) }
                text += bytes[index..<end]
                index = end + 3
            } else if starts(with: "<!--") {
                try skipComment()
            } else {
                let (tag, offset) = try nextTag()
                guard tag == .end(name) else {
                    throw Self.malformed("<\(name)> holds markup; expected text and </\(name)>", at: offset)
                }
                return text
            }
        }
    }

    /// A fault in the XML structure at byte `offset`.
    static func malformed(_ detail: String, at offset: Int) -> PropertyListError {
        .malformed(format: .xml, detail: detail, offset: offset)
    }

    // MARK: Markup between elements

    private mutating func skipMarkup() throws(PropertyListError) {
        while true {
            skipWhitespace()
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<?") {
                try skipProcessingInstruction()
            } else if starts(with: "<!DOCTYPE") {
                try skipDocumentType()
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(PropertyListError) {
        let start = index
        index += 4
        guard let end = find("-->") else { throw Self.malformed("comment is not closed by `-->`", at: start) }
        index = end + 3
    }

    private mutating func skipProcessingInstruction() throws(PropertyListError) {
        let start = index
        guard let end = find("?>") else { throw Self.malformed("processing instruction is not closed by `?>`", at: start) }
        let instruction = String(decoding: bytes[start..<end], as: UTF8.self)
        if instruction.hasPrefix("<?xml "), let range = instruction.range(of: "encoding=") {
            let declared = instruction[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }.lowercased()
            guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(declared) else {
                throw Self.malformed("encoding \"\(declared)\" is not supported (only UTF-8)", at: start)
            }
        }
        index = end + 2
    }

    /// `<!DOCTYPE …>`, with quoted identifiers and an internal subset in `[…]`.
    private mutating func skipDocumentType() throws(PropertyListError) {
        let start = index
        var bracketDepth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): try skipQuoted(from: start)
            case UInt8(ascii: "["): bracketDepth += 1; index += 1
            case UInt8(ascii: "]"): bracketDepth -= 1; index += 1
            case UInt8(ascii: ">") where bracketDepth <= 0: index += 1; return
            default: index += 1
            }
        }
        throw Self.malformed("document type is not closed by `>`", at: start)
    }

    // MARK: References

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;`, `&#NNN;` or `&#xHHH;`, appended as UTF-8.
    private mutating func appendReference(to text: inout [UInt8]) throws(PropertyListError) {
        let start = index
        var end = index + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw Self.malformed("`&` does not start an entity or character reference", at: start)
        }
        let name = bytes[(start + 1)..<end]
        index = end + 1
        switch String(decoding: name, as: UTF8.self) {
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "amp": text.append(UInt8(ascii: "&"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        case let reference where reference.hasPrefix("#"):
            let hex = reference.hasPrefix("#x")
            let digits = reference.dropFirst(hex ? 2 : 1)
            // At most 8 digits: no overflow of UInt32, and every scalar fits.
            guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: hex ? 16 : 10),
                let scalar = Unicode.Scalar(value)
            else {
                throw Self.malformed("`&\(reference);` is not a Unicode scalar", at: start)
            }
            UTF8.encode(scalar) { text.append($0) }
        case let other:
            throw Self.malformed("unknown entity `&\(other);`", at: start)
        }
    }

    // MARK: Bytes

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipQuoted(from tagStart: Int) throws(PropertyListError) {
        let quote = bytes[index]
        index += 1
        while index < bytes.count, bytes[index] != quote { index += 1 }
        guard index < bytes.count else { throw Self.malformed("quoted value is not closed", at: tagStart) }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private mutating func consume(_ ascii: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: ascii) else { return false }
        index += 1
        return true
    }

    private func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        return literal.withUTF8Buffer { literal in literal.indices.allSatisfy { bytes[index + $0] == literal[$0] } }
    }

    /// Where `literal` next starts at or after the current index.
    private func find(_ literal: StaticString) -> Int? {
        let needle = literal.withUTF8Buffer { Array($0) }
        guard let first = needle.first else { return index }
        var position = index
        while position + needle.count <= bytes.count {
            if bytes[position] == first, bytes[position..<position + needle.count].elementsEqual(needle) { return position }
            position += 1
        }
        return nil
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }
}
