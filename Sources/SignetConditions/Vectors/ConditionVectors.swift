import SignetJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a conditions vector file (`"scheme": "conditions"`) through the library.
///
/// A file is `{"scheme": "conditions", "description": …, "vectors": [vector, …]}`; a vector is
///
/// ```json
/// { "name": "…", "condition": <ConditionData>, "arguments": ["…", "…"],
///   "expected": {"result": true} }
/// ```
///
/// or with `"expected": {"error": "<kind>", "path": "condition.args[0]"}` (kinds as in
/// ``ConditionError/Kind``). Instead of `condition` a vector may give `condition_json`,
/// the raw text to parse (for faults a JSON value cannot hold: bad syntax, duplicate
/// members, size). Optional `max_depth` (1...``ConditionLimits/deepestAllowed``) and
/// `max_input_bytes` (0...``maxFileBytes``) set ``ConditionLimits``; a value outside its range
/// makes the whole file unusable (`ConditionVectorFileError` naming the field and the range).
/// The parser is told to expect `arguments.count` arguments. A `condition` is parsed
/// both as a decoded value and from its bytes re-encoded, and both must agree.
@_spi(Vectors) public enum ConditionVectors {
    /// The `scheme` of a conditions vector file.
    public static let scheme = "conditions"
    /// The largest vector file read: 16 MiB. Also the largest `max_input_bytes` a vector may set.
    public static let maxFileBytes = 16 << 20

    /// Runs every vector in `data` with the operators of `registry`, in file order.
    public static func check(
        data: some Collection<UInt8>, registry: OperatorRegistry = .standard
    ) throws(ConditionVectorFileError) -> [ConditionVectorOutcome] {
        let output: JSONReader.Output
        do {
            output = try ConditionJSON.read(
                data, maxBytes: maxFileBytes, rootPath: .root, keptDepth: 2 * ConditionLimits.deepestAllowed + 16)
        } catch {
            throw ConditionVectorFileError(at: error.location, error.description)
        }
        if let truncation = output.truncation {
            throw ConditionVectorFileError(at: truncation, "the file nests too deeply")
        }
        let file = output.value
        guard case .object(let members) = file else {
            throw ConditionVectorFileError(at: .root, "a vector file must be an object")
        }
        guard case .string(let fileScheme)? = members["scheme"], fileScheme == scheme else {
            throw ConditionVectorFileError(at: JSONPath([.key("scheme")]), "the scheme must be \"\(scheme)\"")
        }
        guard case .array(let vectors)? = members["vectors"] else {
            throw ConditionVectorFileError(at: JSONPath([.key("vectors")]), "\"vectors\" must be an array")
        }
        let paths = vectors.indices.map { JSONPath([.key("vectors"), .index($0)]) }
        var limits: [ConditionLimits] = []
        for index in vectors.indices { limits.append(try Self.limits(of: vectors[index], at: paths[index])) }
        return vectors.indices.map { run(vectors[$0], at: paths[$0], limits: limits[$0], registry: registry) }
    }

    // MARK: - One vector

    /// What parsing and evaluating gave.
    private enum Actual: Equatable, CustomStringConvertible {
        case result(Bool)
        case error(kind: String, path: String)

        init(_ attempt: () throws(ConditionError) -> Condition, arguments: [String]) {
            do {
                self = .result(try attempt().evaluate(arguments: arguments))
            } catch {
                self = .error(kind: error.kind.rawValue, path: error.path.description)
            }
        }

        var description: String {
            switch self {
            case .result(let result): "result \(result)"
            case .error(let kind, let path): "error \(kind) at \(path)"
            }
        }
    }

    private struct MalformedVector: Error {
        let message: String
    }

    private static func run(
        _ vector: JSONValue, at path: JSONPath, limits: ConditionLimits, registry: OperatorRegistry
    ) -> ConditionVectorOutcome {
        guard case .object(let members) = vector else {
            return ConditionVectorOutcome(name: path.description, passed: false, message: "malformed vector: not an object")
        }
        let name: String
        if case .string(let vectorName)? = members["name"] { name = vectorName } else { name = path.description }
        do {
            let arguments = try strings(members["arguments"], field: "arguments")
            let expected = try expectation(members["expected"])
            let parser = ConditionParser(registry: registry, argumentCount: arguments.count, limits: limits)
            let actual: Actual
            switch (members["condition"], members["condition_json"]) {
            case (let condition?, nil):
                let fromValue = Actual({ () throws(ConditionError) in try parser.parse(condition) }, arguments: arguments)
                let bytes = Array(JSONWriter.text(of: condition).utf8)
                let fromBytes = Actual({ () throws(ConditionError) in try parser.parse(bytes) }, arguments: arguments)
                guard fromValue == fromBytes else {
                    return ConditionVectorOutcome(
                        name: name, passed: false,
                        message: "parsing the value gave \(fromValue) but parsing its bytes gave \(fromBytes)")
                }
                actual = fromValue
            case (nil, .string(let text)?):
                actual = Actual({ () throws(ConditionError) in try parser.parse(Array(text.utf8)) }, arguments: arguments)
            default:
                throw MalformedVector(message: "needs exactly one of \"condition\" and a \"condition_json\" string")
            }
            return actual == expected
                ? ConditionVectorOutcome(name: name, passed: true, message: actual.description)
                : ConditionVectorOutcome(name: name, passed: false, message: "expected \(expected), got \(actual)")
        } catch let error as MalformedVector {
            return ConditionVectorOutcome(name: name, passed: false, message: "malformed vector: \(error.message)")
        } catch {
            return ConditionVectorOutcome(name: name, passed: false, message: "malformed vector: \(error)")
        }
    }

    private static func expectation(_ value: JSONValue?) throws -> Actual {
        guard case .object(let expected)? = value else {
            throw MalformedVector(message: "\"expected\" must be an object")
        }
        switch (expected["result"], expected["error"], expected["path"]) {
        case (.bool(let result)?, nil, nil):
            return .result(result)
        case (nil, .string(let kind)?, .string(let path)?):
            guard ConditionError.Kind(rawValue: kind) != nil else {
                throw MalformedVector(message: "\(kind) is not an error kind")
            }
            return .error(kind: kind, path: path)
        default:
            throw MalformedVector(message: "\"expected\" must be {\"result\": bool} or {\"error\": kind, \"path\": path}")
        }
    }

    private static func strings(_ value: JSONValue?, field: String) throws -> [String] {
        guard case .array(let elements)? = value else {
            throw MalformedVector(message: "\"\(field)\" must be an array of strings")
        }
        return try elements.map { element in
            guard case .string(let string) = element else {
                throw MalformedVector(message: "\"\(field)\" must be an array of strings")
            }
            return string
        }
    }

    /// The limits a vector sets, checked before any vector runs: each field an integer within its range.
    private static func limits(of vector: JSONValue, at path: JSONPath) throws(ConditionVectorFileError) -> ConditionLimits {
        guard case .object(let members) = vector else { return .default }
        let depth = try integer(members["max_depth"], in: 1...ConditionLimits.deepestAllowed,
                                at: path.appending(key: "max_depth"))
        let bytes = try integer(members["max_input_bytes"], in: 0...maxFileBytes, at: path.appending(key: "max_input_bytes"))
        return ConditionLimits(maxDepth: depth ?? ConditionLimits.default.maxDepth,
                               maxInputBytes: bytes ?? ConditionLimits.default.maxInputBytes)
    }

    private static func integer(
        _ value: JSONValue?, in range: ClosedRange<Int>, at path: JSONPath
    ) throws(ConditionVectorFileError) -> Int? {
        guard let value else { return nil }
        let expected = "must be an integer in \(range.lowerBound)...\(range.upperBound)"
        switch value {
        case .integer(let integer) where range.contains(integer):
            return integer
        case .integer(let integer):
            throw ConditionVectorFileError(at: path, "\(expected), not \(integer)")
        case .number(let number):
            throw ConditionVectorFileError(at: path, "\(expected), not \(number)")
        default:
            throw ConditionVectorFileError(at: path, "\(expected), not \(value.kindDescription)")
        }
    }
}
