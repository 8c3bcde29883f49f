import Foundation
import Logging
import Testing

/// A server the table runs against, started for a test and stopped after it.
struct RunningServer: Sendable {
    let baseURL: URL
    let stop: @Sendable () async -> Void
}

/// The environments of the table: each adapter in an app of its framework, and the reference server.
enum ConformanceEnvironment: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case hummingbird = "Hummingbird gatekeeper"
    case vapor = "Vapor middleware"
    case openAPI = "OpenAPI ServerMiddleware on swift-openapi-hummingbird"
    case openAPIOnVapor = "OpenAPI ServerMiddleware on swift-openapi-vapor"
    case reference = "reference server"

    /// The adapters (every environment but the reference server, whose stores are its own).
    static let adapters: [ConformanceEnvironment] = [.hummingbird, .vapor, .openAPI, .openAPIOnVapor]

    var testDescription: String { rawValue }

    /// Starts this environment on 127.0.0.1, port 0, with `setup`'s keys, stores and explanations, serving
    /// `/{tenant}/client/echo`.
    func start(_ setup: ConformanceSetup) async throws -> RunningServer {
        switch self {
        case .hummingbird: try await HummingbirdHarness.start(setup)
        case .vapor: try await VaporHarness.start(setup)
        case .openAPI: try await OpenAPIHarness.start(setup)
        case .openAPIOnVapor: try await OpenAPIHarness.startOnVapor(setup)
        case .reference: try await ReferenceHarness.start(setup)
        }
    }

    /// A logger that writes nothing.
    static let quiet = Logger(label: "conformance", factory: { _ in SwiftLogNoOpLogHandler() })
}
