import SignetCrypto

/// The playground's form token: 32 random bytes made once when the playground starts, written as a hidden
/// field into every form its pages post, and checked on every post by ``PlaygroundRequestGuard``. A page on
/// another site cannot read the playground's pages, so it cannot know the token and its posts are refused.
/// The token is never logged, never put in a URL, and prints as `<redacted>`.
struct FormToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The name of the hidden form field.
    static let fieldName = "csrf"

    private let value: String

    /// A new token from the system's CSPRNG (`SystemRandomNumberGenerator`: getrandom(2) on Linux).
    init() {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<4 {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        value = Hex.encode(bytes)
    }

    /// The hidden input that every form posting to the playground carries.
    var field: String {
        "<input type=\"hidden\" name=\"\(Self.fieldName)\" value=\"\(HTML.escape(value))\">"
    }

    /// Whether `candidate` is this token, compared in time independent of where they differ.
    func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        return ConstantTime.equals(candidate, value)
    }

    var description: String { "<redacted>" }
    var debugDescription: String { "<redacted>" }
}
