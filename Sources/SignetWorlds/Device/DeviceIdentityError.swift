/// Why the stored device identity could not be loaded or saved. Each case names the file.
public enum DeviceIdentityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but does not hold a UUID. It is not replaced: a new identifier would make the
    /// server see a new device. Delete the file, or save an identity over it, to start afresh.
    case corruptFile(path: String, detail: String)
    /// The file or its directory could not be read or written; `detail` is the system's reason.
    case fileSystem(path: String, detail: String)

    /// A one-line explanation naming the file.
    public var description: String {
        switch self {
        case .corruptFile(let path, let detail):
            "device identity file \(path) is corrupt (\(detail)); delete it or save a new identity to replace it"
        case .fileSystem(let path, let detail):
            "device identity file \(path): \(detail)"
        }
    }
}
