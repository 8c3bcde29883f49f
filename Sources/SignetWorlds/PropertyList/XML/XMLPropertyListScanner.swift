/// The XML layer under `XMLPropertyListReader`: tags, character data, entities, CDATA, comments,
/// processing instructions and the document type, over UTF-8 bytes, with byte offsets in every fault.
///
/// Only what property lists use: no namespaces, no entity declarations (the five predefined entities and
/// character references only). The markup around the elements (declaration, processing instructions,
/// comments, document type) is checked as XML defines it, in `XMLPropertyListMarkup.swift`.
struct XMLPropertyListScanner {
    /// A start tag (`empty` for `<name/>`) or an end tag.
    enum Tag: Equatable {
        case start(String, empty: Bool)
        case end(String)
    }

    let bytes: [UInt8]
    /// The next byte to read.
    var index: Int

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
        // Attributes (`version="1.0"`) are checked and skipped: white space, a name, `=`, a quoted value.
        while true {
            let spaced = skipWhitespace()
            guard index < bytes.count else { throw Self.malformed("tag <\(name)> is not closed by `>`", at: start) }
            if consume(">") { return (.start(name, empty: false), start) }
            if starts(with: "/>") {
                index += 2
                return (.start(name, empty: true), start)
            }
            guard spaced, index < bytes.count, Self.isNameStartByte(bytes[index]) else {
                throw Self.malformed("tag <\(name)> holds text that is not an attribute", at: index)
            }
            let attribute = readName()
            skipWhitespace()
            guard consume("=") else { throw Self.malformed("attribute `\(attribute)` of <\(name)> has no value", at: index) }
            skipWhitespace()
            _ = try quotedValue(at: start, what: "attribute `\(attribute)` of <\(name)>")
        }
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
            } else if starts(with: "<?") {
                try skipProcessingInstruction()
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

    mutating func readName() -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A value in `"…"` or `'…'` (the quote at the current index), checked to be UTF-8 and, unless
    /// `allowingLessThan` (a system identifier), without `<`; `what` names it in a fault, `start` is where
    /// its tag or declaration starts.
    mutating func quotedValue(at start: Int, what: String, allowingLessThan: Bool = false) throws(PropertyListError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw Self.malformed("\(what) is not quoted", at: index)
        }
        let quote = bytes[index]
        index += 1
        let valueStart = index
        while index < bytes.count, bytes[index] != quote {
            guard allowingLessThan || bytes[index] != UInt8(ascii: "<") else { throw Self.malformed("`<` in the value of \(what)", at: index) }
            index += 1
        }
        guard index < bytes.count else { throw Self.malformed("the value of \(what) is not closed", at: start) }
        index += 1
        return try utf8(valueStart..<(index - 1), in: what)
    }

    /// The bytes in `range` as a string; a fault naming `what` and the first bad byte when they are not UTF-8.
    func utf8(_ range: Range<Int>, in what: String) throws(PropertyListError) -> String {
        if let text = String(validating: bytes[range], as: UTF8.self) { return text }
        var offset = range.lowerBound
        var iterator = bytes[range].makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        throw Self.malformed("\(what) holds bytes that are not UTF-8", at: offset)
    }

    /// Skips white space; whether there was any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    mutating func consume(_ ascii: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: ascii) else { return false }
        index += 1
        return true
    }

    func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        return literal.withUTF8Buffer { literal in literal.indices.allSatisfy { bytes[index + $0] == literal[$0] } }
    }

    /// Where `literal` next starts at or after the current index.
    func find(_ literal: StaticString) -> Int? {
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

    /// A byte that may start an XML name: a letter, `_`, `:` or a byte of a non-ASCII character.
    static func isNameStartByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }

    /// A byte that may continue an XML name: a name-start byte, a digit, `-` or `.`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }
}
