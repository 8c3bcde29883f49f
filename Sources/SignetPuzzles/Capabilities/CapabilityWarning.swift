/// Something `CapabilitySet.resolve` changed in a published capability list.
public enum CapabilityWarning: Sendable, Hashable, CustomStringConvertible {
    /// An entry repeated an earlier entry's keyword; its name gave a free known keyword,
    /// which it now uses.
    case keywordReplaced(name: String, publishedKeyword: String, replacement: String, firstUser: String)
    /// An entry repeated an earlier entry's keyword and was dropped.
    case duplicateDropped(name: String, keyword: String, firstUser: String)
    /// An entry had an empty keyword and was dropped.
    case emptyKeywordDropped(name: String)

    /// What was changed and why.
    public var description: String {
        switch self {
        case let .keywordReplaced(name, published, replacement, firstUser):
            "capability \"\(name)\" was published with keyword \"\(published)\", which \"\(firstUser)\" "
                + "already uses; it now uses \"\(replacement)\""
        case let .duplicateDropped(name, keyword, firstUser):
            "dropped capability \"\(name)\": its keyword \"\(keyword)\" is already used by \"\(firstUser)\""
        case let .emptyKeywordDropped(name):
            "dropped capability \"\(name)\": its keyword is empty"
        }
    }
}
