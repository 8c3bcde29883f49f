/// The capabilities a server offers, with distinct keywords, in the order it listed them.
public struct CapabilitySet: Sendable, Hashable {
    /// The capabilities, each keyword once.
    public let capabilities: [PuzzleCapability]

    private init(distinct capabilities: [PuzzleCapability]) {
        self.capabilities = capabilities
    }

    /// The keywords, in listing order.
    public var keywords: [String] { capabilities.map(\.keyword) }

    /// Whether the set offers `keyword` (compared exactly).
    public func contains(keyword: String) -> Bool {
        capabilities.contains { $0.keyword == keyword }
    }

    /// The known direction keywords the set offers, in listing order.
    public var directions: [DirectionCapability] {
        capabilities.compactMap { DirectionCapability(rawValue: $0.keyword) }
    }

    /// Makes a published list usable: every keyword once.
    ///
    /// The rule, applied in listing order (keywords compare exactly, as the server will):
    /// 1. An entry with an empty keyword is dropped.
    /// 2. The first entry with a keyword keeps it.
    /// 3. A later entry with a taken keyword is repaired when its name, trimmed and lowercased,
    ///    is a known keyword (`horizontal`, `vertical`, `angle`) that no entry has taken and no
    ///    entry publishes itself: it then uses that keyword (the published list gives Vertical
    ///    the keyword `horizontal`; it becomes `vertical`). A keyword some entry publishes is
    ///    never handed to another by repair.
    /// 4. Otherwise the later entry is dropped.
    ///
    /// Every repair and every drop produces a warning naming the entry.
    public static func resolve(
        _ published: [PuzzleCapability]
    ) -> (capabilities: CapabilitySet, warnings: [CapabilityWarning]) {
        let publishedKeywords = Set(published.map(\.keyword))
        var users: [String: String] = [:]
        var kept: [PuzzleCapability] = []
        var warnings: [CapabilityWarning] = []
        for entry in published {
            if entry.keyword.isEmpty {
                warnings.append(.emptyKeywordDropped(name: entry.name))
                continue
            }
            guard let firstUser = users[entry.keyword] else {
                users[entry.keyword] = entry.name
                kept.append(entry)
                continue
            }
            let candidate = entry.name.trimmingWhitespace().lowercased()
            if DirectionCapability(rawValue: candidate) != nil, users[candidate] == nil,
               !publishedKeywords.contains(candidate) {
                users[candidate] = entry.name
                kept.append(PuzzleCapability(name: entry.name, description: entry.description, keyword: candidate))
                warnings.append(.keywordReplaced(
                    name: entry.name, publishedKeyword: entry.keyword, replacement: candidate, firstUser: firstUser))
            } else {
                warnings.append(.duplicateDropped(name: entry.name, keyword: entry.keyword, firstUser: firstUser))
            }
        }
        return (CapabilitySet(distinct: kept), warnings)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
