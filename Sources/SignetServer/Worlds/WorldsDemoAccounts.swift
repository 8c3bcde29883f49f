import SignetCrypto
import SignetWorlds

/// The logins the reference server's `worlds` action knows, and the worlds each one sees.
///
/// Demo only. These passwords are public (the `signet` command uses ``password`` with the embedded
/// server); they protect nothing.
public enum WorldsDemoAccounts {
    /// The seed's login.
    public static let login = "ios.test@xyrality.com"
    /// The seed's password for ``login``.
    public static let password = "password"
    /// A second login whose password holds every character form encoding must escape, so a client's
    /// encoding is checked by whether the server lets it in.
    public static let awkwardLogin = "awkward+login@signet.example"
    /// ``awkwardLogin``'s password: `+`, `&`, `=`, `%`, spaces, non-ASCII letters and an emoji.
    public static let awkwardPassword = "p+ss w&rd=100% é€ 😀"

    /// The worlds a login with the right password sees; `nil` for an unknown login or a wrong password
    /// (the server does not say which, as a login server should not).
    static func worlds(login: String, password: String) -> [World]? {
        switch login {
        case Self.login where ConstantTime.equals(password, Self.password):
            DemoWorlds.all
        case awkwardLogin where ConstantTime.equals(password, awkwardPassword):
            Array(DemoWorlds.all.prefix(2))
        default:
            nil
        }
    }
}
