import Signet
import SignetTransportTestSupport
import Testing

/// One row of the transport conformance table: a situation a transport meets, and the outcome every
/// transport must reach (checked by `check`, which records issues).
struct ConformanceRow: Sendable, CustomTestStringConvertible {
    /// Why a transport cannot pass a row.
    enum Exception: Sendable {
        /// Reading the row stops the process: it is not run in this one (a tripwire checks elsewhere that it still does).
        case crashes(String)
        /// The transport fails the row: it runs as a known issue, so that the day it passes, the test says so.
        case fails(String)
        /// The transport passes the row but may differ on one point the reason names (one the RFC leaves
        /// open); the row's check is told, and checks the rest.
        case differs(String)
    }

    let testDescription: String
    /// The transports that cannot pass this row, each with the reason.
    var exceptions: [TransportKind: Exception] = [:]
    /// Runs the row on a transport, given the transport's exception, if any.
    let check: @Sendable (TransportKind, Exception?) async throws -> Void

    init(
        _ description: String, exceptions: [TransportKind: Exception] = [:],
        check: @escaping @Sendable (TransportKind, Exception?) async throws -> Void
    ) {
        testDescription = description
        self.exceptions = exceptions
        self.check = check
    }
}

/// One table of what a Signet transport must do with what a server may send, run on all three
/// transports (`TransportKind`): response framings HTTP/1.1 allows (1xx before the answer, chunked with
/// trailers, a body ended by close, HTTP/1.0, HEAD, 204, 304) and forbids, answers that arrive before an
/// upload is written, connections the server closed while idle, deadlines over the answer's head and body
/// and over the upload, and cancellation in the middle of either body. A transport that cannot pass a row is
/// named in the row with the reason. (Redirects and a dripping body through the whole default chain are
/// `RedirectAndDripTests`; each protocol's own hostile answers are its `Hostile…PeerTests` table.)
@Suite("Transport conformance, every row on every transport")
struct TransportConformanceTests {
    static let rows: [ConformanceRow] = ResponseFramings.rows + ExchangeRows.rows

    /// Every row on every transport, but a row that crashes a transport's process.
    static var cases: [(ConformanceRow, TransportKind)] {
        rows.flatMap { row in
            TransportKind.allCases.compactMap { transport in
                if case .crashes = row.exceptions[transport] { return nil }
                return (row, transport)
            }
        }
    }

    @Test("a row of the table, on one transport", arguments: cases)
    func row(_ row: ConformanceRow, transport: TransportKind) async throws {
        let exception = row.exceptions[transport]
        guard case .fails(let reason) = exception else { return try await row.check(transport, exception) }
        await withKnownIssue(Comment(rawValue: reason)) { try await row.check(transport, exception) }
    }
}
