/// The reference server's demo data: one tenant, one player, one client key and one admin key.
///
/// Demo only. These values are public (printed by `signet-server`, used by the `signet` command when it
/// starts the embedded server); they protect nothing and must never guard a real service.
public enum DemoCredentials {
    /// The tenant seeded with the demo player and rules.
    public static let tenant = "acme"
    /// The demo player's external id, used in paths and event bodies.
    public static let player = "ann"
    /// The API key accepted on `/{tenant}/client/…` routes.
    public static let clientKey = "demo-client"
    /// The shared secret of ``clientKey`` (public demo value).
    public static let clientSecret = "demo-client-secret"
    /// The API key accepted on `/{tenant}/admin/…` routes.
    public static let adminKey = "demo-admin"
    /// The shared secret of ``adminKey`` (public demo value).
    public static let adminSecret = "demo-admin-secret"
}
