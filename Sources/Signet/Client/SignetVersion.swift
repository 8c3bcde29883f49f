/// The version of the Signet client library, as sent in its `User-Agent`.
public enum SignetVersion {
    /// The library version, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
