/// Builds the key paths that errors name: `allAvailableWorlds[2].worldStatus.id`.
enum KeyPath {
    /// `path` followed by the dictionary key `key`.
    static func appending(_ key: String, to path: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// `path` followed by the array index `index`.
    static func appending(index: Int, to path: String) -> String {
        "\(path)[\(index)]"
    }
}
