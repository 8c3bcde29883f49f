import Foundation
import SignetConditions
import SignetGameSystem
import SignetPuzzles
import SignetPuzzlesStore
import SignetTrivia
import SignetWorlds

/// What the playground talks to, set up once: the service clients over one connection (the embedded
/// reference server, or `--base-url` with the CLI's settings and credentials), the games database, and
/// this device's identity for the worlds login. The secrets live in the clients' signers, on this side.
struct PlaygroundUpstream: Sendable {
    /// Where requests go.
    let baseURL: URL
    /// Whether the embedded reference server answers (then trivia adds scripted opponents).
    let embedded: Bool
    /// The GameSystem client, or why there is none (missing credentials are shown on the page).
    let gameSystem: Result<GameSystemPlayerClient, PlaygroundProblem>
    let puzzles: PuzzlesClient
    let conditions: ConditionsClient
    let trivia: TriviaClient
    /// The worlds client, or why there is none (the device id could not be kept).
    let worlds: Result<WorldsClient, PlaygroundProblem>
    /// The games database shared with `signet puzzle`, or why it cannot be used.
    let store: Result<PuzzleStore, PlaygroundProblem>

    init(connection: ServiceConnection) {
        baseURL = connection.baseURL
        embedded = connection.server != nil
        let transport = connection.transport
        do {
            let (client, admin) = try GameSystemSession.credentials(connection, needsAdmin: true)
            gameSystem = .success(GameSystemClient(
                baseURL: connection.baseURL, tenant: GameSystemSession.tenant(connection), credentials: client,
                adminCredentials: admin, transport: transport
            ).forPlayer(GameSystemSession.player(connection)))
        } catch {
            gameSystem = .failure(PlaygroundProblem(error, upstream: connection.baseURL))
        }
        puzzles = PuzzlesClient(baseURL: connection.baseURL, transport: transport)
        conditions = ConditionsClient(baseURL: connection.baseURL, transport: transport)
        trivia = TriviaClient(baseURL: connection.baseURL, transport: transport)
        let environment = connection.settings.environment
        do {
            let device = try DeviceIdentityStore.standard(environment: environment).loadOrCreate()
            worlds = .success(WorldsClient(baseURL: connection.baseURL, transport: transport, device: device))
        } catch {
            worlds = .failure(PlaygroundProblem(kind: .failed, message: "This device's id cannot be kept: \(error)"))
        }
        do {
            store = .success(try PuzzleStore(environment: environment))
        } catch {
            store = .failure(PlaygroundProblem(error, upstream: connection.baseURL))
        }
    }

    /// Closes the games database.
    func close() {
        if case .success(let store) = store { try? store.close() }
    }
}
