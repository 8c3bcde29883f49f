import Foundation
import Signet
import SignetAsyncHTTPClient
import SignetNIOTransport
import SignetServer
import SignetWorlds
import SignetTransportTestSupport

/// Runs a test against a fresh `ReferenceServer` on 127.0.0.1, over any of the three transports, with a recording chain.
enum ReferenceWorldsServer {
    /// A fixed device identity, so tests that do not care about the store never touch the file system.
    static let device = DeviceIdentity(deviceId: UUID(uuid: (0x0F, 0x5C, 0x2A, 0x91, 0x1B, 0x3D, 0x4E, 0x7F,
                                                             0x8A, 0x6B, 0x5C, 0x4D, 0x3E, 0x2F, 0x10, 0x01)))
    static let deviceType = DeviceType(model: "x86_64", systemName: "Linux", systemVersion: "6.1.0")

    /// A chain of the default middleware, then `extra`, then the recorder (innermost).
    static func client(
        _ server: ReferenceServer, _ kind: TransportKind, recorder: WireRecorder, extra: [any SignetMiddleware] = []
    ) -> SignetClient {
        SignetClient(baseURL: server.baseURL, transport: kind.make(), middleware: SignetClient.defaultMiddleware() + extra + [recorder])
    }

    /// A `WorldsClient` asking for `format`, over `kind`, recording into `recorder`.
    static func worldsClient(
        _ server: ReferenceServer, _ kind: TransportKind, recorder: WireRecorder, format: PropertyListFormat = .openStep,
        device: DeviceIdentity = device, extra: [any SignetMiddleware] = []
    ) -> WorldsClient {
        WorldsClient(
            client: client(server, kind, recorder: recorder, extra: extra), device: device, deviceType: deviceType,
            format: format)
    }

    /// Starts a server, runs `body`, and stops the server whatever happens.
    static func with<T>(_ body: (ReferenceServer) async throws -> T) async throws -> T {
        let server = try await ReferenceServer.start()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}
