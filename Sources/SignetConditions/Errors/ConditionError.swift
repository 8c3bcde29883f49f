import SignetJSON

/// Why a condition (or a condition document) was refused, and where.
///
/// Every check happens while parsing; a ``Condition`` that exists has passed them
/// all, so evaluating it cannot fail. The ``path`` names the JSON value at fault,
/// e.g. `$.condition.args[1].args[0]`; for a missing field it names where the field
/// should have been.
public struct ConditionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of fault, spelled as in the vector files (`"unknown-operator"`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The input has more bytes than ``ConditionLimits/maxInputBytes``.
        case inputTooLarge = "input-too-large"
        /// The bytes are not JSON (or not UTF-8); ``ConditionError/byteOffset`` says where.
        case invalidJSON = "invalid-json"
        /// Conditions nest deeper than ``ConditionLimits/maxDepth``, or the JSON nests
        /// deeper than the deepest allowed condition needs.
        case nestingTooDeep = "nesting-too-deep"
        /// An object names the same member twice.
        case duplicateKey = "duplicate-key"
        /// `op` names no operator in the registry.
        case unknownOperator = "unknown-operator"
        /// `args` has a count the operator does not take.
        case wrongArity = "wrong-arity"
        /// A value or argument stands where the operator takes a condition.
        case conditionExpected = "condition-expected"
        /// A condition stands where the operator takes a value or argument.
        case operandExpected = "operand-expected"
        /// `argumentNumber` is outside 1...the number of arguments the caller supplies.
        case argumentOutOfRange = "argument-out-of-range"
        /// `type` is neither `"string"` nor `"argument"`.
        case unknownType = "unknown-type"
        /// A required member is absent.
        case missingField = "missing-field"
        /// A member (or array element) has the wrong JSON type.
        case wrongType = "wrong-type"
        /// A string value has both `value` and `data`, and they differ.
        case conflictingValue = "conflicting-value"
        /// An object has both `op` (a condition) and `type` (a value or argument).
        case ambiguousNode = "ambiguous-node"
    }

    /// What was wrong.
    public let kind: Kind
    /// Where: the JSON path of the value at fault, e.g. `$.condition.args[1].op`.
    public var path: String { location.description }
    /// The same path, as steps (for Signet's own modules).
    package let location: JSONPath
    /// A sentence for people saying what was wrong, without the path.
    public let message: String
    /// For `invalidJSON` and `inputTooLarge`: the byte offset in the input.
    public let byteOffset: Int?

    /// An error of `kind` at `path`.
    package init(_ kind: Kind, at path: JSONPath, _ message: String, byteOffset: Int? = nil) {
        self.kind = kind
        self.location = path
        self.message = message
        self.byteOffset = byteOffset
    }

    /// `kind at path: message`, e.g. `unknown-operator at $.condition.args[0].op: no operator "gt"`.
    public var description: String {
        var text = "\(kind.rawValue) at \(path): \(message)"
        if let byteOffset { text += " (byte \(byteOffset))" }
        return text
    }
}

extension ConditionError {
    /// The reader's refusal as a condition error of the matching kind.
    init(_ error: JSONReadError) {
        let kind: Kind = switch error.kind {
        case .invalid, .stringTooLong: .invalidJSON
        case .tooLarge, .tooMany: .inputTooLarge
        case .tooDeep: .nestingTooDeep
        case .duplicateKey: .duplicateKey
        case .mismatch: .wrongType
        }
        self.init(kind, at: error.path, error.message, byteOffset: error.byteOffset)
    }
}

extension JSONPath {
    /// The root of a bare condition: errors in a condition parsed on its own read `$.condition.args[0]`,
    /// the same as inside a condition document.
    package static let condition = JSONPath([.key("condition")])
}
