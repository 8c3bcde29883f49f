import SignetJSON

/// One entry of `GET /conditions`: `{"name": …, "_id": …}`.
public struct ConditionSummary: Sendable, Hashable, Codable {
    /// The condition's name, shown in the list.
    public var name: String
    /// The id to fetch it by (`GET /conditions/:id`); `_id` on the wire.
    public var id: String

    /// A summary of the condition `id` named `name`.
    public init(name: String, id: String) {
        self.name = name
        self.id = id
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case id = "_id"
    }

    /// Reads the body of `GET /conditions` (a JSON array of summaries) with the
    /// bounded reader; errors carry paths such as `[2]._id`.
    public static func list(
        from bytes: some Collection<UInt8>, limits: ConditionLimits = .default
    ) throws(ConditionError) -> [ConditionSummary] {
        let output = try ConditionJSON.read(bytes, maxBytes: limits.maxInputBytes, rootPath: .root, keptDepth: 8)
        return try output.interpreted(tooDeep: "a condition list nests deeper than 8 levels") {
            value throws(ConditionError) in
            guard case .array(let elements) = value else {
                throw ConditionError(
                    .wrongType, at: .root, "the condition list must be an array, not \(value.kindDescription)")
            }
            return try elements.enumerated().map { index, element throws(ConditionError) in
                let fields = try JSONObjectFields(element, at: JSONPath.root.appending(index: index), describing: "a summary")
                return ConditionSummary(name: try fields.string("name"), id: try fields.string("_id"))
            }
        }
    }
}
