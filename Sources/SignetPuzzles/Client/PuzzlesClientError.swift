/// Why `PuzzlesClient` could not deliver a puzzle or a capability list. Transport failures and
/// other HTTP statuses arrive as `SignetError` instead.
public enum PuzzlesClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The settings were refused before anything was sent: out of bounds, or asking for a
    /// capability the server does not offer (the error lists what it offers).
    case invalidSettings(PuzzleSettingsError)
    /// `GET /capabilities` answered something that is not a capability list.
    case invalidCapabilityList(PuzzleDecodingError)
    /// The server refused the settings (HTTP 422); `reason` is its `error_message`, or the start
    /// of its body when it sent none.
    case refused(reason: String)
    /// `POST /puzzle` answered a puzzle that does not decode or whose words are not in its grid
    /// (`PuzzleDecodingError.wordNotInGrid` names the word).
    case invalidPuzzle(PuzzleDecodingError)

    /// What went wrong, with the field, JSON path or word at fault.
    public var description: String {
        switch self {
        case let .invalidSettings(problem):
            "settings refused before sending: \(problem)"
        case let .invalidCapabilityList(problem):
            "the server's capability list is unusable: \(problem)"
        case let .refused(reason):
            "the server cannot make this puzzle (HTTP 422): \(reason)"
        case let .invalidPuzzle(problem):
            "the server's puzzle is unusable: \(problem)"
        }
    }
}
