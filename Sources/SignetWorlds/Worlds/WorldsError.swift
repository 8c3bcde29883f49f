/// Why a worlds response could not be used.
public enum WorldsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with an `error` key (e.g. `Insufficient parameters.` when a form field is missing).
    case server(message: String)
    /// The body is not a readable property list; `contentType` is the response's, when known.
    case malformedPropertyList(PropertyListError, contentType: String?)
    /// The response's top level is not the expected shape (e.g. `allAvailableWorlds` missing or not an array).
    case invalidResponse(keyPath: String, problem: WorldsDecodingProblem)
    /// A world could not be decoded and the decoder was asked to reject the whole response for it.
    case invalidWorld(WorldDecodingFailure)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .server(let message): "worlds server error: \(message)"
        case .malformedPropertyList(let error, let contentType):
            "worlds response\(contentType.map { " (\($0))" } ?? "") is not a property list: \(error)"
        case .invalidResponse(let keyPath, let problem): "worlds response: \(keyPath.isEmpty ? PropertyListPath.root : keyPath): \(problem)"
        case .invalidWorld(let failure): "worlds response: \(failure)"
        }
    }
}
