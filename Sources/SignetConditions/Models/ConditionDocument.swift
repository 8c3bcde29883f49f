import SignetJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The body of `GET /conditions/:id`: `{"name": …, "_id": …, "condition": <ConditionData>}`,
/// its condition already checked.
public struct ConditionDocument: Sendable {
    /// The condition's name.
    public var name: String
    /// Its id; `_id` on the wire.
    public var id: String
    /// The checked condition.
    public var condition: Condition

    /// A document holding `condition`.
    public init(name: String, id: String, condition: Condition) {
        self.name = name
        self.id = id
        self.condition = condition
    }

    /// Reads a document from raw bytes with the bounded reader, checking the condition
    /// with `parser`; errors carry paths such as `condition.args[1].op` or `_id`.
    public static func parse(
        _ bytes: some Collection<UInt8>, parser: ConditionParser = .standard
    ) throws(ConditionError) -> ConditionDocument {
        // The condition sits one level below the document.
        let output = try ConditionJSON.read(
            bytes, maxBytes: parser.limits.maxInputBytes, rootPath: .root, keptDepth: parser.limits.keptJSONDepth + 1)
        return try output.interpreted(
            tooDeep: "the document nests deeper than a condition of depth \(parser.limits.maxDepth) needs"
        ) { value throws(ConditionError) in
            let fields = try JSONObjectFields(value, at: .root, describing: "a condition document")
            let name = try fields.string("name")
            let id = try fields.string("_id")
            let condition = try parser.parse(try fields.value("condition"), at: JSONPath.root.appending(key: "condition"))
            return ConditionDocument(name: name, id: id, condition: condition)
        }
    }
}

extension ConditionDocument: Codable {
    private enum CodingKeys: String, CodingKey {
        case name
        case id = "_id"
        case condition
    }

    /// Decodes a document, checking the condition with the decoder's
    /// `JSONDecoder.conditionParser` (``ConditionParser/standard`` when none
    /// is set). A faulty condition throws ``ConditionError`` with a path from `condition`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        id = try container.decode(String.self, forKey: .id)
        let conditionData = try container.decode(ConditionDataNode.self, forKey: .condition).value
        let parser = ConditionParser.userInfoKey.flatMap { decoder.userInfo[$0] as? ConditionParser } ?? .standard
        condition = try parser.parse(conditionData, at: JSONPath.root.appending(key: "condition"))
    }

    /// Encodes the document with its condition as ConditionData.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(id, forKey: .id)
        try container.encode(condition, forKey: .condition)
    }
}

extension ConditionParser {
    /// The `userInfo` key under which a decoder carries the parser that
    /// ``ConditionDocument`` decoding checks conditions with.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "SignetConditions.ConditionParser")
}

extension JSONDecoder {
    /// The parser ``ConditionDocument`` decoding checks conditions with; `nil` means
    /// ``ConditionParser/standard``.
    public var conditionParser: ConditionParser? {
        get { ConditionParser.userInfoKey.flatMap { userInfo[$0] as? ConditionParser } }
        set {
            guard let key = ConditionParser.userInfoKey else { return }
            userInfo[key] = newValue
        }
    }
}

/// One ConditionData node as `Decodable` reads it: an object whose known members are decoded by their
/// type (no probing of one type after another, which costs time quadratic in depth), as a ``JSONValue`` the
/// parser then checks. Members the language does not know (a MongoDB `_id`, say) are skipped.
struct ConditionDataNode: Decodable {
    let value: JSONValue

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var object = JSONObject()
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            switch key.stringValue {
            case "op", "type", "value", "data":
                object[key.stringValue] = .string(try container.decode(String.self, forKey: key))
            case "argumentNumber":
                object[key.stringValue] = .integer(try container.decode(Int.self, forKey: key))
            case "args":
                var elements = try container.nestedUnkeyedContainer(forKey: key)
                var nodes: [JSONValue] = []
                while !elements.isAtEnd { nodes.append(try elements.decode(ConditionDataNode.self).value) }
                object[key.stringValue] = .array(nodes)
            default:
                continue
            }
        }
        value = .object(object)
    }
}
