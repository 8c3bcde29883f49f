/// Why settings were refused before sending. Each case names the request field at fault.
public enum PuzzleSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A number is outside its allowed range.
    case outOfRange(field: String, value: Int, allowed: ClosedRange<Int>)
    /// `minLength` is greater than `maxLength`.
    case minLengthAboveMaxLength(minLength: Int, maxLength: Int)
    /// A keyword the server does not offer; `offered` lists what it does.
    case unsupportedCapability(keyword: String, offered: [String])
    /// A keyword is listed twice.
    case duplicateCapability(keyword: String)
    /// No direction keyword is listed; `offered` lists the directions the server has.
    case noDirection(offered: [String])
    /// Even the shortest allowed word is longer than every line in the allowed directions.
    case wordsDoNotFit(minLength: Int, longestLine: Int, directions: [String])

    /// What was wrong, naming the field.
    public var description: String {
        switch self {
        case let .outOfRange(field, value, allowed):
            "\(field): \(value) is outside \(allowed.lowerBound)…\(allowed.upperBound)"
        case let .minLengthAboveMaxLength(minLength, maxLength):
            "minLength: \(minLength) is greater than maxLength \(maxLength)"
        case let .unsupportedCapability(keyword, offered):
            "capabilities: the server does not offer \"\(keyword)\"; it offers \(list(offered))"
        case let .duplicateCapability(keyword):
            "capabilities: \"\(keyword)\" is listed more than once"
        case let .noDirection(offered):
            "capabilities: no direction is chosen; choose at least one of \(list(offered))"
        case let .wordsDoNotFit(minLength, longestLine, directions):
            "minLength: \(minLength) letters do not fit; the longest line \(list(directions)) is \(longestLine) cells"
        }
    }

    private func list(_ keywords: [String]) -> String {
        keywords.isEmpty ? "nothing" : keywords.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
