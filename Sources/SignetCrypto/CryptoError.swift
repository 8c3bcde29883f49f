/// A failure inside libcrypto or while reading input for a digest.
///
/// Bad *input* has its own error types (``Base64DecodingError``, ``HexDecodingError``); this type covers
/// the environment: an algorithm the OpenSSL provider does not offer (MD5 under a FIPS-only
/// configuration, say), an allocation that failed, or a file that could not be read.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The OpenSSL provider does not offer this algorithm (e.g. "MD5" with only the FIPS provider loaded).
    case algorithmUnavailable(String)
    /// A libcrypto call failed; the associated value names the operation.
    case libcryptoFailure(String)
    /// A file could not be opened or read; `reason` is the system's explanation.
    case fileUnreadable(path: String, reason: String)

    /// A one-line explanation that names the algorithm, operation or file.
    public var description: String {
        switch self {
        case .algorithmUnavailable(let name):
            return "libcrypto does not offer \(name) (check the OpenSSL providers configured on this machine)"
        case .libcryptoFailure(let operation):
            return "libcrypto failed during \(operation)"
        case .fileUnreadable(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        }
    }
}
