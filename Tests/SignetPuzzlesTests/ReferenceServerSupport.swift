import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetPuzzles
import SignetServer
import Synchronization
import SignetTransportTestSupport

/// Remembers the method and path of every request that passes, so a test can tell what was sent.
final class RequestRecorder: SignetMiddleware {
    private let seen = Mutex<[String]>([])

    /// `"GET /capabilities"`, `"POST /puzzle"`, … in the order sent.
    var requests: [String] { seen.withLock { $0 } }

    func intercept(
        _ request: HTTPRequest, body: Body, context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        seen.withLock { $0.append("\(request.method.rawValue) \(request.path ?? "")") }
        return try await next(request, body, context)
    }
}

/// Starts a reference server with `configuration`, gives `body` a `PuzzlesClient` over `kind`
/// whose chain starts with `recorder`, and stops the server afterwards.
func withPuzzlesClient(
    _ kind: TransportKind,
    configuration: ReferenceServerConfiguration = .init(),
    recorder: RequestRecorder = RequestRecorder(),
    extraMiddleware: [any SignetMiddleware] = [],
    _ body: (PuzzlesClient, ReferenceServer) async throws -> Void
) async throws {
    let server = try await ReferenceServer.start(configuration)
    let client = SignetClient(
        baseURL: server.baseURL, transport: kind.make(),
        middleware: [recorder] + extraMiddleware + SignetClient.defaultMiddleware())
    do {
        try await body(PuzzlesClient(client: client), server)
        await server.stop()
    } catch {
        await server.stop()
        throw error
    }
}

/// How a word runs, read from its coordinates alone (independently of the library).
enum WordLine: Equatable {
    case horizontal, vertical, diagonal, bent

    init(x1: Int, y1: Int, x2: Int, y2: Int) {
        let dx = x2 - x1
        let dy = y2 - y1
        if dy == 0, dx != 0 {
            self = .horizontal
        } else if dx == 0, dy != 0 {
            self = .vertical
        } else if dx != 0, abs(dx) == abs(dy) {
            self = .diagonal
        } else {
            self = .bent
        }
    }

    /// The capability keyword that allows this line.
    var keyword: String? {
        switch self {
        case .horizontal: "horizontal"
        case .vertical: "vertical"
        case .diagonal: "angle"
        case .bent: nil
        }
    }
}
