import SignetJSON

/// Reading required members of a decoded JSON object, with errors that say where.
struct JSONObjectFields {
    let members: JSONObject
    let path: JSONPath

    /// The members of `value`, which must be an object.
    init(_ value: JSONValue, at path: JSONPath, describing what: String) throws(ConditionError) {
        guard case .object(let members) = value else {
            throw ConditionError(.wrongType, at: path, "\(what) must be an object, not \(value.kindDescription)")
        }
        self.members = members
        self.path = path
    }

    /// The string member `key`.
    func string(_ key: String) throws(ConditionError) -> String {
        guard let value = members[key] else {
            throw ConditionError(.missingField, at: path.appending(key: key), "\"\(key)\" is missing")
        }
        guard case .string(let string) = value else {
            throw ConditionError(
                .wrongType, at: path.appending(key: key), "\"\(key)\" must be a string, not \(value.kindDescription)")
        }
        return string
    }

    /// The member `key`, of any type.
    func value(_ key: String) throws(ConditionError) -> JSONValue {
        guard let value = members[key] else {
            throw ConditionError(.missingField, at: path.appending(key: key), "\"\(key)\" is missing")
        }
        return value
    }
}
