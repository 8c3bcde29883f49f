import HTTPTypes

extension GameSystemVerification {
    /// Whether a request with `headers` is for GameSystem verification: it has an `Authorization` that is
    /// not another scheme's `<scheme> <credentials>` (`Bearer …`, `Basic …`). `KEY:signature` has no space
    /// before its colon. Authenticators pass every other request on untouched, so another authenticator can
    /// try it.
    public static func claims(_ headers: HTTPFields) -> Bool {
        guard let authorization = headers[.authorization] else { return false }
        guard let space = authorization.firstIndex(of: " ") else { return true }
        let scheme = authorization[..<space]
        // `KEY : signature` (spaces around the colon) is a GameSystem spelling; `Bearer abc` is not.
        return scheme.contains(":") || authorization[space...].drop(while: { $0 == " " }).first == ":"
    }
}
