import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Whether bytes are well-formed XML, by Foundation's `XMLParser` (libxml2 on Linux): the independent judge
/// of whether Signet's XML reader was right to call an input malformed. External entities are not resolved.
enum XMLWellFormedness {
    static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        // parse() can answer true after an error on Linux; the error is what counts.
        return parser.parse() && parser.parserError == nil
    }
}
