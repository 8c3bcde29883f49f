/// What joins the four parts of the GameSystem plain text.
///
/// The published Objective-C utility formats with `@"%@\\n%@\\n%@\\n%@"` and the Ruby clients with
/// `"...\\n..."`, so the server joins with the two characters backslash and `n` (``escaped``). The
/// prose says "separated by '\n'"; ``newline`` is there for servers that followed the prose literally.
public enum GameSystemSeparator: String, Sendable, CaseIterable {
    /// The two characters `\` and `n` (the default; what the reference clients and server use).
    case escaped
    /// A real line feed (U+000A).
    case newline

    /// The separator's text.
    public var text: String {
        switch self {
        case .escaped: return "\\n"
        case .newline: return "\n"
        }
    }
}
