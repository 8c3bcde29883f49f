#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif

/// Credentials read from two environment variables, on every attempt: a process whose environment a
/// supervisor updates signs with the new values from the next attempt on.
///
/// ```swift
/// let credentials = EnvironmentCredentials(apiKeyVariable: "ORDERS_API_KEY", secretVariable: "ORDERS_SECRET")
/// ```
public struct EnvironmentCredentials: GameSystemCredentialsProvider {
    /// The variable holding the API key.
    public let apiKeyVariable: String
    /// The variable holding the secret.
    public let secretVariable: String
    private let environment: @Sendable () -> [String: String]

    /// Reads `apiKeyVariable` and `secretVariable` from the process's environment (or `environment`).
    public init(apiKeyVariable: String, secretVariable: String,
                environment: @escaping @Sendable () -> [String: String] = { ProcessInfo.processInfo.environment }) {
        self.apiKeyVariable = apiKeyVariable
        self.secretVariable = secretVariable
        self.environment = environment
    }

    /// The credentials the variables hold now.
    /// - Throws: ``GameSystemCredentialsError/missingVariable(_:)`` naming an unset or empty variable.
    public func credentials() throws -> GameSystemCredentials {
        let values = environment()
        guard let apiKey = values[apiKeyVariable], !apiKey.isEmpty else { throw GameSystemCredentialsError.missingVariable(apiKeyVariable) }
        guard let secret = values[secretVariable], !secret.isEmpty else { throw GameSystemCredentialsError.missingVariable(secretVariable) }
        return try GameSystemCredentials(apiKey: apiKey, secret: secret)
    }
}
