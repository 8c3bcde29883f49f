/// What was wrong with one field of a worlds response.
public enum WorldsDecodingProblem: Sendable, Hashable, CustomStringConvertible {
    /// A required key is absent.
    case missingKey
    /// The value has the wrong kind; `expected` and `found` name kinds ("string", "dictionary", …).
    case wrongType(expected: String, found: String)
    /// The string is not an absolute URL with a scheme and a host, or is over 8 KiB; its first 200 characters
    /// are quoted, and its length in bytes after them when it is longer.
    case invalidURL(String)
    /// The value is an empty string where an identifier is required.
    case empty

    /// A short phrase: `missing`, `expected string, found dictionary`, …
    public var description: String {
        switch self {
        case .missingKey: "missing"
        case .wrongType(let expected, let found): "expected \(expected), found \(found)"
        case .invalidURL(let text): "not an absolute URL: \"\(text)\""
        case .empty: "empty"
        }
    }
}

/// One world of `allAvailableWorlds` that could not be decoded, and why.
public struct WorldDecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The world's position in `allAvailableWorlds`.
    public var index: Int
    /// The full key path of the bad field, e.g. `allAvailableWorlds[2].worldStatus.id`.
    public var keyPath: String
    /// What was wrong there.
    public var problem: WorldsDecodingProblem

    /// A failure at `keyPath` of world `index`.
    public init(index: Int, keyPath: String, problem: WorldsDecodingProblem) {
        self.index = index
        self.keyPath = keyPath
        self.problem = problem
    }

    /// `allAvailableWorlds[2].worldStatus.id: missing`.
    public var description: String { "\(keyPath): \(problem)" }
}
