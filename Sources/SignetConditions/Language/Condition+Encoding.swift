import SignetJSON

extension Condition: Encodable {
    private enum CodingKeys: String, CodingKey {
        case op, args
    }

    /// Encodes the condition as ConditionData: `{"op": …, "args": […]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(conditionOperator.name, forKey: .op)
        switch args {
        case .operands(let operands): try container.encode(operands, forKey: .args)
        case .conditions(let conditions): try container.encode(conditions, forKey: .args)
        }
    }

    /// The condition as ConditionData, the value ``ConditionParser`` reads back.
    package var conditionData: JSONValue {
        let encodedArgs: [JSONValue]
        switch args {
        case .operands(let operands): encodedArgs = operands.map(\.conditionData)
        case .conditions(let conditions): encodedArgs = conditions.map(\.conditionData)
        }
        return .object(["op": .string(conditionOperator.name), "args": .array(encodedArgs)])
    }
}

extension ConditionOperand: Encodable {
    private enum CodingKeys: String, CodingKey {
        case type, value, argumentNumber
    }

    /// Encodes a value as `{"type":"string","value":…}` (the key every published example
    /// uses; the parser also reads `"data"`) and an argument as
    /// `{"type":"argument","argumentNumber":n}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .value(let string):
            try container.encode("string", forKey: .type)
            try container.encode(string, forKey: .value)
        case .argument(let number):
            try container.encode("argument", forKey: .type)
            try container.encode(number, forKey: .argumentNumber)
        }
    }

    /// The operand as a Value or Argument object.
    package var conditionData: JSONValue {
        switch self {
        case .value(let string):
            .object(["type": .string("string"), "value": .string(string)])
        case .argument(let number):
            .object(["type": .string("argument"), "argumentNumber": .integer(number)])
        }
    }
}
