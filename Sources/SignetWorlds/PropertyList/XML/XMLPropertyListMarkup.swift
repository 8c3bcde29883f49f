/// The markup around a property list's elements, checked as XML 1.0 defines it (section 2.8, "Prolog and
/// Document Type Declaration"), so that a document XML calls ill-formed is refused rather than read in
/// some way of Signet's own:
///
/// - the XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`) only at the very start, its
///   pseudo-attributes in their order (`version`, then `encoding`, then `standalone`), and an encoding of
///   UTF-8 or ASCII only;
/// - a processing instruction's target is a name and not `xml` in any case, followed by white space or `?>`;
/// - a comment holds no `--`;
/// - one document type at most, before the root element: `<!DOCTYPE name>`, optionally with a `SYSTEM` or
///   `PUBLIC` identifier and an internal subset in `[…]` (skipped; its declarations are not used);
/// - everything skipped is UTF-8.
///
/// Found by the `xml-plist` fuzz harness: a second `<?xml …?>` inside the document, or a processing
/// instruction whose target was not a name, was skipped as markup and the reader went on to a value that
/// Foundation's reader, which resynchronises differently, did not see.
extension XMLPropertyListScanner {
    /// Reads the prolog: the XML declaration if there is one, then white space, comments, processing
    /// instructions and at most one document type, up to the root element.
    mutating func readProlog() throws(PropertyListError) {
        if starts(with: "<?xml"), index + 5 < bytes.count, Self.isWhitespace(bytes[index + 5]) {
            try readDeclaration()
        }
        try skipMarkup(inProlog: true)
    }

    /// Skips white space, comments and processing instructions between elements and after the root.
    mutating func skipMarkup() throws(PropertyListError) {
        try skipMarkup(inProlog: false)
    }

    /// Skips white space, comments, processing instructions and, only `inProlog`, one document type.
    private mutating func skipMarkup(inProlog: Bool) throws(PropertyListError) {
        var documentType: Int?
        while true {
            skipWhitespace()
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<?") {
                try skipProcessingInstruction()
            } else if starts(with: "<!DOCTYPE") {
                guard inProlog else { throw Self.malformed("a document type is allowed only before the root element", at: index) }
                if let documentType {
                    throw Self.malformed("a second document type (the first is at byte \(documentType))", at: index)
                }
                documentType = index
                try skipDocumentType()
            } else {
                return
            }
        }
    }

    /// `<!-- … -->`, without `--` inside.
    mutating func skipComment() throws(PropertyListError) {
        let start = index
        index += 4
        guard let end = find("--") else { throw Self.malformed("comment is not closed by `-->`", at: start) }
        guard end + 2 < bytes.count, bytes[end + 2] == UInt8(ascii: ">") else {
            throw Self.malformed("`--` inside a comment (only its end `-->` may hold it)", at: end)
        }
        _ = try utf8(index..<end, in: "comment")
        index = end + 3
    }

    /// `<?target …?>`: the target a name other than `xml`, followed by white space or `?>`.
    mutating func skipProcessingInstruction() throws(PropertyListError) {
        let start = index
        index += 2
        guard index < bytes.count, Self.isNameStartByte(bytes[index]) else {
            throw Self.malformed("processing instruction without a target name", at: start)
        }
        let targetStart = index
        let target = readName()
        _ = try utf8(targetStart..<index, in: "processing instruction target")
        guard target.lowercased() != "xml" else {
            throw Self.malformed("an XML declaration is allowed only at the start of the document", at: start)
        }
        guard starts(with: "?>") || (index < bytes.count && Self.isWhitespace(bytes[index])) else {
            throw Self.malformed("processing instruction target `\(target)` is not followed by white space or `?>`", at: index)
        }
        guard let end = find("?>") else { throw Self.malformed("processing instruction is not closed by `?>`", at: start) }
        _ = try utf8(index..<end, in: "processing instruction")
        index = end + 2
    }

    // MARK: The XML declaration

    /// `<?xml version="1.x" encoding="…" standalone="yes|no"?>` (encoding and standalone optional).
    private mutating func readDeclaration() throws(PropertyListError) {
        let start = index
        index += 5
        skipWhitespace()
        guard let version = try pseudoAttribute("version", declaredAt: start) else {
            throw Self.malformed("the XML declaration has no version", at: index)
        }
        guard version.hasPrefix("1."), version.utf8.count > 2, version.utf8.dropFirst(2).allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw Self.malformed("XML version \"\(version)\" is not 1.x", at: start)
        }
        var spaced = skipWhitespace()
        if spaced, let encoding = try pseudoAttribute("encoding", declaredAt: start) {
            let declared = encoding.lowercased()
            guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(declared) else {
                throw Self.malformed("encoding \"\(declared)\" is not supported (only UTF-8)", at: start)
            }
            spaced = skipWhitespace()
        }
        if spaced, let standalone = try pseudoAttribute("standalone", declaredAt: start) {
            guard standalone == "yes" || standalone == "no" else {
                throw Self.malformed("standalone \"\(standalone)\" is neither \"yes\" nor \"no\"", at: start)
            }
            skipWhitespace()
        }
        guard starts(with: "?>") else {
            throw Self.malformed("the XML declaration holds text that is not version, encoding or standalone (in that order)", at: index)
        }
        index += 2
    }

    /// The value of `name="…"` when the declaration goes on with `name`; nil (nothing read) otherwise.
    private mutating func pseudoAttribute(_ name: String, declaredAt start: Int) throws(PropertyListError) -> String? {
        let spelled = Array(name.utf8)
        guard bytes.count - index > spelled.count, bytes[index..<(index + spelled.count)].elementsEqual(spelled),
            !Self.isNameByte(bytes[index + spelled.count])
        else { return nil }
        index += spelled.count
        skipWhitespace()
        guard consume("=") else { throw Self.malformed("`\(name)` in the XML declaration has no value", at: index) }
        skipWhitespace()
        return try quotedValue(at: start, what: "`\(name)` in the XML declaration")
    }

    // MARK: The document type

    /// `<!DOCTYPE name (SYSTEM "…" | PUBLIC "…" "…")? [internal subset]? >`.
    private mutating func skipDocumentType() throws(PropertyListError) {
        let start = index
        index += 9
        guard skipWhitespace(), index < bytes.count, Self.isNameStartByte(bytes[index]) else {
            throw Self.malformed("`<!DOCTYPE` is not followed by white space and a name", at: index)
        }
        let nameStart = index
        _ = readName()
        _ = try utf8(nameStart..<index, in: "document type name")
        let spaced = skipWhitespace()
        if spaced, starts(with: "SYSTEM") {
            index += 6
            try literal(after: "SYSTEM", documentTypeAt: start)
        } else if spaced, starts(with: "PUBLIC") {
            index += 6
            try literal(after: "PUBLIC", documentTypeAt: start, publicIdentifier: true)
            try literal(after: "the public identifier", documentTypeAt: start)
        }
        skipWhitespace()
        if consume("[") { try skipInternalSubset(documentTypeAt: start) }
        skipWhitespace()
        guard index < bytes.count else { throw Self.malformed("document type is not closed by `>`", at: start) }
        guard consume(">") else { throw Self.malformed("document type holds unexpected text", at: index) }
    }

    /// A quoted literal after white space; a public identifier's characters are the few XML allows there.
    private mutating func literal(
        after what: String, documentTypeAt start: Int, publicIdentifier: Bool = false
    ) throws(PropertyListError) {
        guard skipWhitespace() else { throw Self.malformed("`\(what)` in the document type is not followed by white space", at: index) }
        let valueStart = index + 1
        let value = try quotedValue(
            at: start, what: publicIdentifier ? "the public identifier" : "the system identifier", allowingLessThan: !publicIdentifier)
        if publicIdentifier, let bad = value.unicodeScalars.firstIndex(where: { !Self.isPublicIdentifierScalar($0) }) {
            let offset = valueStart + value.unicodeScalars[..<bad].reduce(0) { $0 + UTF8.width($1) }
            throw Self.malformed("the public identifier holds a character XML does not allow there", at: offset)
        }
    }

    /// From after `[` to after its `]`: declarations are skipped (quoted literals and comments may hold `]`).
    private mutating func skipInternalSubset(documentTypeAt start: Int) throws(PropertyListError) {
        let subsetStart = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = bytes[index]
                index += 1
                while index < bytes.count, bytes[index] != quote { index += 1 }
                guard index < bytes.count else { throw Self.malformed("document type is not closed by `>`", at: start) }
                index += 1
            case UInt8(ascii: "<") where starts(with: "<!--"):
                try skipComment()
            case UInt8(ascii: "]"):
                _ = try utf8(subsetStart..<index, in: "the document type's internal subset")
                index += 1
                return
            default:
                index += 1
            }
        }
        throw Self.malformed("document type is not closed by `>`", at: start)
    }

    /// XML's `PubidChar`: letters, digits, space, CR, LF and ``-'()+,./:=?;!*#@$_%``.
    private static func isPublicIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        let byte = UInt8(scalar.value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            0x20, 0x0D, 0x0A:
            return true
        default:
            return Array("-'()+,./:=?;!*#@$_%".utf8).contains(byte)
        }
    }
}
