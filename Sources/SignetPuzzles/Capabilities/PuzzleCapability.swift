/// A feature a puzzle server offers, as listed by `GET /capabilities`:
/// `{"name", "description", "keyword"}`. The `keyword` is what a request names in
/// `"capabilities"`.
public struct PuzzleCapability: Sendable, Hashable, Codable {
    /// The name to show, e.g. `Vertical`.
    public var name: String
    /// A sentence saying what the capability does.
    public var description: String
    /// The identifier a request sends, e.g. `vertical`.
    public var keyword: String

    /// Creates a capability.
    public init(name: String, description: String, keyword: String) {
        self.name = name
        self.description = description
        self.keyword = keyword
    }
}
