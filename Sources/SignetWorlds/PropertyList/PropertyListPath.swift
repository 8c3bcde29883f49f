import SignetJSON

/// Builds the key paths that errors name, spelled like every other path in Signet:
/// `$.allAvailableWorlds[2].worldStatus.id` (`$` is the property list's root).
package enum PropertyListPath {
    /// The root, `$`.
    package static let root = "$"

    /// `path` followed by the dictionary key `key` (`["key"]` for a key that is not an identifier).
    package static func appending(_ key: String, to path: String) -> String {
        rooted(path) + JSONPath([.key(key)]).description.dropFirst()
    }

    /// `path` followed by the array index `index`.
    package static func appending(index: Int, to path: String) -> String {
        "\(rooted(path))[\(index)]"
    }

    /// The path of a list of steps, each `[n]` or `.key`, under the root.
    package static func joined(_ steps: [String]) -> String {
        root + steps.joined()
    }

    /// The step for the dictionary key `key`, as ``joined(_:)`` takes it.
    package static func step(key: String) -> String {
        String(JSONPath([.key(key)]).description.dropFirst())
    }

    private static func rooted(_ path: String) -> String { path.isEmpty ? root : path }
}
