/// A failure inside the crypto library underneath (libcrypto or swift-crypto), or while reading input for
/// a digest.
///
/// Bad *input* has its own error types (``Base64DecodingError``, ``HexDecodingError``); this type covers
/// the environment: an algorithm the OpenSSL provider does not offer (MD5 under a FIPS-only
/// configuration, say), an allocation that failed, a spent MAC finalized again, or a file that could not
/// be read, is not a regular file, or is larger than allowed.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The OpenSSL provider does not offer this algorithm (e.g. "MD5" with only the FIPS provider loaded).
    case algorithmUnavailable(String)
    /// A call into the crypto library failed or was refused; the associated value names the operation.
    /// (The name dates from when libcrypto was the only library; swift-crypto's failures use it too.)
    case libcryptoFailure(String)
    /// A file could not be opened or read; `reason` is the system's explanation.
    case fileUnreadable(path: String, reason: String)
    /// The path names something other than a regular file (a FIFO, a device, a directory …), which is
    /// refused rather than read: reading `/dev/zero` never ends and reading a FIFO waits for a writer.
    case notRegularFile(path: String, kind: FileKind)
    /// A file read whole holds more than `limit` bytes.
    case fileTooLarge(path: String, limit: Int)

    /// A one-line explanation that names the algorithm, operation or file.
    public var description: String {
        switch self {
        case .algorithmUnavailable(let name):
            return "libcrypto does not offer \(name) (check the OpenSSL providers configured on this machine)"
        case .libcryptoFailure(let operation):
            return "\(CryptoBackendInfo.name) failed during \(operation)"
        case .fileUnreadable(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .notRegularFile(let path, let kind):
            return "'\(path)' is \(kind), not a regular file"
        case .fileTooLarge(let path, let limit):
            return "'\(path)' is larger than the limit of \(limit) bytes"
        }
    }
}
