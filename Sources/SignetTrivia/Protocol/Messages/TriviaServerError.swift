import SignetJSON

/// Server → one user: their last message was refused, with the reason and, for a malformed
/// message, where the fault was.
public struct TriviaServerError: Sendable, Equatable, TriviaMessagePayload {
    /// What went wrong, machine-readable.
    public var code: TriviaErrorCode
    /// What went wrong, for people, e.g. `choice: expected integer, found string`.
    public var message: String
    /// The JSON path of the faulty field (`choice`), when one field was at fault.
    public var path: String?
    /// The byte offset of a JSON syntax fault.
    public var byteOffset: Int?

    /// An error with the given fields.
    public init(code: TriviaErrorCode, message: String, path: String? = nil, byteOffset: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.byteOffset = byteOffset
    }

    /// The error a server answers an undecodable client message with.
    public init(_ decodingError: TriviaMessageError) {
        self.init(code: decodingError.code, message: decodingError.description,
                  path: decodingError.path, byteOffset: decodingError.byteOffset)
    }

    init(fields: TriviaJSONFields) throws(TriviaMessageError) {
        self.init(code: TriviaErrorCode(rawValue: try fields.identifier("code")), message: try fields.string("message"),
                  path: try fields.optionalString("path"), byteOffset: try fields.optionalInteger("byteOffset"))
    }

    var jsonMembers: [(key: String, value: JSONValue)] {
        [("code", .string(code.rawValue)), ("message", .string(message)),
         ("path", path.map { .string($0) } ?? .null), ("byteOffset", byteOffset.json)]
    }
}
