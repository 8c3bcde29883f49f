import Foundation

/// Writing HTML by hand, safely: every value that did not come from this file's own literals goes
/// through ``escape(_:)`` (text and attribute values alike), URLs through ``query(_:)``, and nothing
/// from a server or a form is ever written into a script: data for the scripts travels in escaped
/// `data-` attributes or as JSON over the trivia socket, and the pages carry a Content-Security-Policy
/// that allows only the playground's own script files.
enum HTML {
    /// `text` with `& < > " '` replaced by entities, safe in element content and in quoted attributes.
    /// Control characters other than tab and newline become U+FFFD, so nothing invisible reaches the page.
    static func escape(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A query string from name–value pairs, each part percent-encoded (`id=a%20b&from=1,2`).
    static func query(_ items: [(String, String)]) -> String {
        items.map { percentEncoded($0.0) + "=" + percentEncoded($0.1) }.joined(separator: "&")
    }

    /// `text` with everything but unreserved characters and `,` percent-encoded (so `+` stays a plus).
    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~,")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

/// Name–value pairs from an `application/x-www-form-urlencoded` body or a query string: `+` is a space,
/// `%XX` a byte; a malformed escape keeps the text as it was. The first value of a name wins.
struct FormFields: Sendable {
    private(set) var pairs: [(name: String, value: String)] = []

    init(_ encoded: some StringProtocol) {
        for part in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            pairs.append((Self.decode(pieces[0]), pieces.count > 1 ? Self.decode(pieces[1]) : ""))
        }
    }

    /// The first value given for `name`, or nil.
    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value given for `name`, in order (checkboxes).
    func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    private static func decode(_ text: some StringProtocol) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
