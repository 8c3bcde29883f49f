import Foundation
import SignetServer

extension ServiceConnection {
    /// Like ``ServiceConnection/with(_:_:)``, but an embedded reference server is started with
    /// `seed` (its generator seed), so successive `signet puzzle new` runs, each with its own
    /// embedded server, do not all get the server's first puzzle for the default seed.
    static func with<T>(
        _ options: ServiceOptions, embeddedSeed seed: UInt64, _ body: (ServiceConnection) async throws -> T
    ) async throws -> T {
        let connection = try await open(options, embeddedSeed: seed)
        do {
            let result = try await body(connection)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }

    private static func open(_ options: ServiceOptions, embeddedSeed seed: UInt64) async throws -> ServiceConnection {
        let settings = try Settings.load(options)
        let http = makeHTTPClient()
        if let baseURL = settings.baseURL {
            return ServiceConnection(settings: settings, baseURL: baseURL, server: nil, http: http)
        }
        do {
            let server = try await ReferenceServer.start(ReferenceServerConfiguration(seed: seed))
            return ServiceConnection(settings: settings, baseURL: server.baseURL, server: server, http: http)
        } catch {
            try? await http.shutdown()
            throw error
        }
    }
}
