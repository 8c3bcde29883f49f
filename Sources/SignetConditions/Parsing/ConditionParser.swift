import SignetJSON

/// Reads ConditionData into a checked ``Condition``, refusing anything it cannot
/// evaluate: every rule is checked here, none is left for evaluation.
///
/// It checks, in document order, and reports the first fault with its JSON path
/// (see ``ConditionError/Kind``): the input size, JSON syntax, duplicate members,
/// nesting depth, that every node is an object, that `op` names a registered
/// operator, that `args` has the operator's arity and kind (conditions, or values
/// and arguments), that `type` is `"string"` or `"argument"`, that a string value has
/// `value` or `data` (both are read; both present and different is an error), and
/// that every `argumentNumber` is an integer in 1...``argumentCount``. Members it
/// does not know (a MongoDB `_id` on a nested object, say) are ignored.
public struct ConditionParser: Sendable {
    /// The operators it knows.
    public let registry: OperatorRegistry
    /// How many arguments the caller will supply to ``Condition/evaluate(arguments:)``;
    /// an `argumentNumber` above it is refused.
    public let argumentCount: Int
    /// Size and depth limits.
    public let limits: ConditionLimits

    /// A parser for conditions over `argumentCount` arguments (negative counts as 0).
    public init(registry: OperatorRegistry = .standard, argumentCount: Int, limits: ConditionLimits = .default) {
        self.registry = registry
        self.argumentCount = max(argumentCount, 0)
        self.limits = limits
    }

    /// The parser for the Rollout conditions service: the standard operators, two
    /// arguments (the two text fields), default limits.
    public static let standard = ConditionParser(argumentCount: 2)

    /// Parses ConditionData from raw JSON bytes (`Data`, `[UInt8]`, a `String`'s `utf8`, …).
    /// Paths start at `condition`.
    public func parse(_ bytes: some Collection<UInt8>) throws(ConditionError) -> Condition {
        try parse(bytes, at: .condition)
    }

    /// Parses ConditionData that is already decoded. Paths start at `$.condition`.
    package func parse(_ value: JSONValue) throws(ConditionError) -> Condition {
        try parse(value, at: .condition)
    }

    /// Parses ConditionData from bytes, reporting paths below `path`.
    func parse(_ bytes: some Collection<UInt8>, at path: JSONPath) throws(ConditionError) -> Condition {
        let output = try ConditionJSON.read(
            bytes, maxBytes: limits.maxInputBytes, rootPath: path, keptDepth: limits.keptJSONDepth)
        return try output.interpreted(
            tooDeep: "the JSON nests deeper than a condition of depth \(limits.maxDepth) needs"
        ) { value throws(ConditionError) in
            try parse(value, at: path)
        }
    }

    /// Parses decoded ConditionData, reporting paths below `path`.
    func parse(_ value: JSONValue, at path: JSONPath) throws(ConditionError) -> Condition {
        guard case .object(let object) = value else {
            throw ConditionError(.wrongType, at: path, "a condition must be an object, not \(value.kindDescription)")
        }
        if object["op"] == nil, object["type"] != nil {
            throw ConditionError(
                .conditionExpected, at: path, "a condition (with \"op\") must be here, not a value or argument")
        }
        return try parseCondition(object, at: path, depth: 1)
    }

    // MARK: - Nodes

    /// Recursion happens here only; every check lives in a helper that returns before
    /// the recursive call, so each level costs one small stack frame.
    private func parseCondition(
        _ object: JSONObject, at path: JSONPath, depth: Int
    ) throws(ConditionError) -> Condition {
        let (conditionOperator, elements) = try checkedHeader(object, at: path, depth: depth)
        let argsPath = path.appending(key: "args")
        switch conditionOperator.evaluation {
        case .operands(let evaluate):
            let operands = try parseOperands(elements, of: conditionOperator.name, at: argsPath)
            return Condition(conditionOperator, operands: operands, evaluate: evaluate)
        case .conditions(let evaluate):
            var conditions: [Condition] = []
            conditions.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                let elementPath = argsPath.appending(index: index)
                let child = try conditionElement(element, of: conditionOperator.name, at: elementPath)
                conditions.append(try parseCondition(child, at: elementPath, depth: depth + 1))
            }
            return Condition(conditionOperator, conditions: conditions, evaluate: evaluate)
        }
    }

    /// Checks a condition object's depth, `op` and `args` (arity included); returns the
    /// operator and the `args` elements.
    private func checkedHeader(
        _ object: JSONObject, at path: JSONPath, depth: Int
    ) throws(ConditionError) -> (ConditionOperator, [JSONValue]) {
        guard depth <= limits.maxDepth else {
            throw ConditionError(
                .nestingTooDeep, at: path, "conditions nest deeper than the limit of \(limits.maxDepth)")
        }
        if object["type"] != nil { throw ambiguous(at: path) }
        let name = try requireString("op", in: object, at: path)
        guard let conditionOperator = registry[name] else {
            throw ConditionError(
                .unknownOperator, at: path.appending(key: "op"), "no operator named \(JSONWriter.quoted(name))")
        }
        let argsPath = path.appending(key: "args")
        guard let argsValue = object["args"] else {
            throw ConditionError(.missingField, at: argsPath, "a condition needs \"args\"")
        }
        guard case .array(let elements) = argsValue else {
            throw ConditionError(.wrongType, at: argsPath, "\"args\" must be an array, not \(argsValue.kindDescription)")
        }
        guard conditionOperator.arity.accepts(elements.count) else {
            throw ConditionError(
                .wrongArity, at: argsPath, "\(name) takes \(conditionOperator.arity), not \(elements.count)")
        }
        return (conditionOperator, elements)
    }

    /// An `args` element of an operator on conditions, which must be a condition object.
    private func conditionElement(
        _ element: JSONValue, of name: String, at path: JSONPath
    ) throws(ConditionError) -> JSONObject {
        let object = try requireObject(element, at: path)
        if object["op"] == nil, object["type"] != nil {
            throw ConditionError(.conditionExpected, at: path, "\(name) takes conditions, not values or arguments")
        }
        return object
    }

    /// The `args` of an operator on values: each must be a value or an argument.
    private func parseOperands(
        _ elements: [JSONValue], of name: String, at argsPath: JSONPath
    ) throws(ConditionError) -> [ConditionOperand] {
        var operands: [ConditionOperand] = []
        operands.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementPath = argsPath.appending(index: index)
            let object = try requireObject(element, at: elementPath)
            if object["op"] != nil {
                if object["type"] != nil { throw ambiguous(at: elementPath) }
                throw ConditionError(
                    .operandExpected, at: elementPath, "\(name) takes values or arguments, not conditions")
            }
            operands.append(try parseOperand(object, at: elementPath))
        }
        return operands
    }

    private func parseOperand(_ object: JSONObject, at path: JSONPath) throws(ConditionError) -> ConditionOperand {
        let type = try requireString("type", in: object, at: path)
        switch type {
        case "string":
            return .value(try parseStringValue(object, at: path))
        case "argument":
            return .argument(try parseArgumentNumber(object, at: path))
        default:
            throw ConditionError(
                .unknownType, at: path.appending(key: "type"),
                "\"type\" must be \"string\" or \"argument\", not \(JSONWriter.quoted(type))")
        }
    }

    /// A string value's text, from `value` (every example) or `data` (the schema).
    private func parseStringValue(_ object: JSONObject, at path: JSONPath) throws(ConditionError) -> String {
        let value = try optionalString("value", in: object, at: path)
        let data = try optionalString("data", in: object, at: path)
        switch (value, data) {
        case (let value?, let data?):
            guard value == data else {
                throw ConditionError(
                    .conflictingValue, at: path,
                    "a string value has both \"value\" and \"data\" and they differ")
            }
            return value
        case (let value?, nil): return value
        case (nil, let data?): return data
        case (nil, nil):
            throw ConditionError(
                .missingField, at: path.appending(key: "value"), "a string value needs \"value\" (or \"data\")")
        }
    }

    private func parseArgumentNumber(_ object: JSONObject, at path: JSONPath) throws(ConditionError) -> Int {
        let numberPath = path.appending(key: "argumentNumber")
        guard let value = object["argumentNumber"] else {
            throw ConditionError(.missingField, at: numberPath, "an argument needs \"argumentNumber\"")
        }
        let whole: Int?
        switch value {
        case .integer(let integer): whole = integer
        case .number(let number) where number.rounded(.towardZero) == number:
            // Int(exactly:) rather than Int(_:): 2^63 and beyond would trap.
            whole = Int(exactly: number)
            if whole == nil {
                throw ConditionError(.argumentOutOfRange, at: numberPath,
                    "argument \(Self.show(number)) is not one of the \(argumentCount) supplied (1...\(argumentCount))")
            }
        default:
            throw ConditionError(
                .wrongType, at: numberPath, "\"argumentNumber\" must be an integer, not \(value.kindDescription)")
        }
        guard let argument = whole, argument >= 1, argument <= argumentCount else {
            throw ConditionError(
                .argumentOutOfRange, at: numberPath,
                "argument \(whole.map(String.init) ?? "?") is not one of the \(argumentCount) supplied (1...\(argumentCount))")
        }
        return argument
    }

    // MARK: - Fields

    private func requireObject(_ value: JSONValue, at path: JSONPath) throws(ConditionError) -> JSONObject {
        guard case .object(let object) = value else {
            throw ConditionError(
                .wrongType, at: path, "an element of \"args\" must be an object, not \(value.kindDescription)")
        }
        return object
    }

    private func requireString(_ key: String, in object: JSONObject, at path: JSONPath) throws(ConditionError) -> String {
        guard let string = try optionalString(key, in: object, at: path) else {
            let expected = key == "type" && object["op"] == nil ? "\"op\" (a condition) or \"type\" (a value or argument)" : "\"\(key)\""
            throw ConditionError(.missingField, at: path.appending(key: key), "the object needs \(expected)")
        }
        return string
    }

    private func optionalString(_ key: String, in object: JSONObject, at path: JSONPath) throws(ConditionError) -> String? {
        switch object[key] {
        case nil: return nil
        case .string(let string)?: return string
        case let other?:
            throw ConditionError(
                .wrongType, at: path.appending(key: key), "\"\(key)\" must be a string, not \(other.kindDescription)")
        }
    }

    private func ambiguous(at path: JSONPath) -> ConditionError {
        ConditionError(
            .ambiguousNode, at: path, "an object has both \"op\" (a condition) and \"type\" (a value or argument)")
    }

    /// A number as people write it: `3`, not `3.0`.
    private static func show(_ number: Double) -> String {
        number.magnitude < 1e15 ? String(Int64(number)) : String(number)
    }
}
