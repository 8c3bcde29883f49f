import Signet

/// The lines that explain a refused signature under the `error:` line: the string the server expected
/// and the one this client signed, one above the other, with the first difference marked.
///
/// ```
///   server expected: 20270115 08:00:00 UTC\n1B2M2Y8AsgTpgAmY7PhCfg==\n/acme/client/players/ann\nGET
///   client signed:   20270115 08:00:00 UTC⏎1B2M2Y8AsgTpgAmY7PhCfg==⏎/acme/client/players/ann⏎GET
///                                         ^ first difference
/// ```
/// A real newline shows as `⏎`, the two characters backslash-n as `\n`; the likely cause in words is in
/// the error line itself (``SignetError/description``).
enum RefusalReport {
    static let expectedLabel = "server expected: "
    static let signedLabel = "client signed:   "

    static func lines(for error: SignetError) -> [String] {
        guard let diagnosis = error.diagnosis else { return [] }
        var lines: [String] = []
        if let offset = diagnosis.clockOffsetSeconds {
            lines.append("clock offset: \(offset > 0 ? "+" : "")\(offset) s (the request's Date minus the server's clock)")
        }
        let expected = visible(diagnosis.stringToSign)
        lines.append(expectedLabel + expected)
        guard let signedText = error.clientStringToSign else { return lines }
        let signed = visible(signedText)
        lines.append(signedLabel + signed)
        if let column = firstDifference(Array(expected), Array(signed)) {
            lines.append(String(repeating: " ", count: signedLabel.count + column) + "^ first difference")
        } else {
            lines.append("(the same text: the difference is in the key or the secret)")
        }
        return lines
    }

    /// `text` for one terminal line: a real newline as `⏎`, other controls escaped.
    static func visible(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(\.terminalSafe).joined(separator: "⏎")
    }

    /// The index of the first character where `a` and `b` differ, or `nil` when they are equal.
    static func firstDifference(_ a: [Character], _ b: [Character]) -> Int? {
        for index in 0..<min(a.count, b.count) where a[index] != b[index] { return index }
        return a.count == b.count ? nil : min(a.count, b.count)
    }
}
