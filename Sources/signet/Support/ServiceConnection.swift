import AsyncHTTPClient
import Foundation
import SignetAsyncHTTPClient
import SignetServer

/// Where a networked command sends requests: `--base-url` / `SIGNET_BASE_URL` / the config file, or an
/// embedded reference server started on 127.0.0.1 for the command's lifetime.
struct ServiceConnection {
    /// The resolved settings (flags > environment > config file).
    let settings: Settings
    /// Where requests go.
    let baseURL: URL
    /// The embedded server, when no base URL was given; stopped by ``close()``.
    let server: ReferenceServer?
    /// The HTTP client behind ``transport``; shut down by ``close()``.
    let http: HTTPClient

    /// A transport over this connection's HTTP client.
    var transport: SignetAsyncHTTPClientTransport { SignetAsyncHTTPClientTransport(client: http) }

    /// Resolves the settings and starts the embedded server (configured by `server`) when there is no base URL.
    static func open(_ options: ServiceOptions, server serverConfiguration: ReferenceServerConfiguration = .init()) async throws -> ServiceConnection {
        let settings = try Settings.load(options)
        let http = makeHTTPClient()
        if let baseURL = settings.baseURL {
            return ServiceConnection(settings: settings, baseURL: baseURL, server: nil, http: http)
        }
        do {
            let server = try await ReferenceServer.start(serverConfiguration)
            return ServiceConnection(settings: settings, baseURL: server.baseURL, server: server, http: http)
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// A client that never follows a redirect (a signed request's headers must not reach another origin;
    /// the 3xx is reported with its `Location`). A refused or unreachable server should fail in seconds, not
    /// after AsyncHTTPClient's default 10 s connect timeout on each of the retry middleware's attempts.
    static func makeHTTPClient() -> HTTPClient {
        SignetAsyncHTTPClientTransport.makeHTTPClient { $0.timeout = .init(connect: .seconds(2), read: .seconds(30)) }
    }

    /// Shuts the HTTP client down and stops the embedded server, if any.
    func close() async {
        try? await http.shutdown()
        await server?.stop()
    }

    /// Runs `body` with an open connection and always closes it.
    static func with<T>(_ options: ServiceOptions, server serverConfiguration: ReferenceServerConfiguration = .init(),
                        _ body: (ServiceConnection) async throws -> T) async throws -> T {
        let connection = try await open(options, server: serverConfiguration)
        do {
            let result = try await body(connection)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }
}
