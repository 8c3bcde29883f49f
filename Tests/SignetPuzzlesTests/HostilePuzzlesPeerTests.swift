import Foundation
import Signet
import SignetAsyncHTTPClient
import SignetPuzzles
import SignetTestSupport
import Testing
import SignetTransportTestSupport

/// `PuzzlesClient` against ``HostileHTTPPeer``, a raw-socket server that shares no code with the
/// reference server: ragged grids, words outside or not in the grid, depth and size bombs and HTTP faults,
/// on `/capabilities` and on `/puzzle`, each ending in a typed error that names the limit or JSON path.
/// The limits under test: ``PuzzleResponseDecoder/Limits`` (1 MiB, 256 cells a side),
/// ``CapabilityListDecoder/maxBytes`` (64 KiB), the transport's 16 MiB, a 3 s attempt timeout (GET
/// retried up to 3 times, the POST never). Bounded by ``HostileRow/bound``.
@Suite("Puzzles against a hostile peer")
struct HostilePuzzlesPeerTests {
    static let settings = PuzzleSettings(width: 5, height: 5, words: 1, minLength: 3, maxLength: 5, capabilities: ["horizontal"])
    static let capabilities = #"[{"name":"Horizontal","description":"left to right","keyword":"horizontal"}]"#
    static let transportLimit = 16 << 20

    /// A 5×5 puzzle whose grid is `rows` and whose one word is `word` from (x1,y1) to (x2,y2).
    static func puzzle(rows: [String] = ["CATXX", "XXXXX", "XXXXX", "XXXXX", "XXXXX"], word: String = "CAT",
                       x1: String = "0", y1: String = "0", x2: String = "2", y2: String = "0") -> String {
        puzzle(cells: rows.map { $0.map(String.init) }, word: word, x1: x1, y1: y1, x2: x2, y2: y2)
    }

    static func puzzle(cells: [[String]], word: String = "CAT",
                       x1: String = "0", y1: String = "0", x2: String = "2", y2: String = "0") -> String {
        let grid = cells.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]" }.joined(separator: ",")
        return #"{"id":"p1","puzzle":[\#(grid)],"words":[{"word":"\#(word)","x1":\#(x1),"y1":\#(y1),"x2":\#(x2),"y2":\#(y2)}]}"#
    }

    static func invalidPuzzle(_ predicate: @escaping @Sendable (PuzzleDecodingError) -> Bool) -> @Sendable (any Error) -> Bool {
        { if case .invalidPuzzle(let problem)? = $0 as? PuzzlesClientError { predicate(problem) } else { false } }
    }

    static func signet(_ predicate: @escaping @Sendable (SignetError.Kind) -> Bool) -> @Sendable (any Error) -> Bool {
        { error in (error as? SignetError).map { predicate($0.kind) } ?? false }
    }

    /// Good capabilities; `steps` for `/puzzle`.
    static func onPuzzle(_ steps: @escaping @Sendable () -> [HostileHTTPPeer.Step]) -> @Sendable (HostileHTTPPeer.Request) -> [HostileHTTPPeer.Step] {
        { $0.path == "/capabilities" ? HostileHTTPPeer.response(capabilities) : steps() }
    }

    static func onPuzzle(_ body: String) -> @Sendable (HostileHTTPPeer.Request) -> [HostileHTTPPeer.Step] {
        onPuzzle { HostileHTTPPeer.response(body) }
    }

    static let puzzleRows: [HostileRow] = [
        HostileRow("a ragged grid (rows of 5, 5, 3, 5, 5 letters)", expected: "PuzzlesClientError.invalidPuzzle(.nonRectangularGrid)",
                   mentions: ["$.puzzle[2]", "has 3 cells", "not rectangular"],
                   matches: invalidPuzzle { $0 == .nonRectangularGrid(path: "$.puzzle[2]", expected: 5, found: 3) },
                   answer: onPuzzle(puzzle(rows: ["CATXX", "XXXXX", "XXX", "XXXXX", "XXXXX"]))),
        HostileRow("a word ending outside the grid (x2 = 9)", expected: "PuzzlesClientError.invalidPuzzle(.coordinateOutOfRange)",
                   mentions: ["$.words[0].x2", "9 is outside the grid"],
                   matches: invalidPuzzle { if case .coordinateOutOfRange("$.words[0].x2", 9, _) = $0 { true } else { false } },
                   answer: onPuzzle(puzzle(x2: "9"))),
        HostileRow("a word at a negative coordinate", expected: "PuzzlesClientError.invalidPuzzle(.coordinateOutOfRange)",
                   mentions: ["$.words[0].y1", "-1 is outside the grid"],
                   matches: invalidPuzzle { if case .coordinateOutOfRange("$.words[0].y1", -1, _) = $0 { true } else { false } },
                   answer: onPuzzle(puzzle(y1: "-1"))),
        HostileRow("a word the grid does not spell there", expected: "PuzzlesClientError.invalidPuzzle(.wordNotInGrid)",
                   mentions: ["$.words[0]", "\"DOG\" is not in the grid", "\"CAT\""],
                   matches: invalidPuzzle { if case .wordNotInGrid("$.words[0]", "DOG", "CAT", _, _) = $0 { true } else { false } },
                   answer: onPuzzle(puzzle(word: "DOG"))),
        HostileRow("a grid cell of two letters", expected: "PuzzlesClientError.invalidPuzzle(.notALetter)",
                   mentions: ["$.puzzle[1][0]", "not a single letter"],
                   matches: invalidPuzzle { if case .notALetter("$.puzzle[1][0]", _) = $0 { true } else { false } },
                   answer: onPuzzle(puzzle(cells: [["C", "A", "T", "X", "X"], ["AB", "X", "X", "X", "X"]]
                                           + Array(repeating: ["X", "X", "X", "X", "X"], count: 3)))),
        HostileRow("a grid of 1 × 10 000 cells", expected: "PuzzlesClientError.invalidPuzzle(.gridTooLarge)",
                   mentions: ["$.puzzle", "at most 256 cells per side"],
                   matches: invalidPuzzle { if case .gridTooLarge(_, _, _, 256) = $0 { true } else { false } },
                   answer: onPuzzle(puzzle(rows: [String(repeating: "A", count: 10_000)]))),
        HostileRow("a coordinate of 2^64", expected: "PuzzlesClientError.invalidPuzzle(.malformed)",
                   mentions: ["$.words[0].x1"],
                   matches: invalidPuzzle { if case .malformed("$.words[0].x1", _) = $0 { true } else { false } },
                   answer: onPuzzle(puzzle(x1: "18446744073709551616"))),
        HostileRow("words as an object", expected: "PuzzlesClientError.invalidPuzzle(.malformed)",
                   mentions: ["$.words", "expected an array"],
                   matches: invalidPuzzle { if case .malformed("$.words", _) = $0 { true } else { false } },
                   answer: onPuzzle(#"{"id":"p1","puzzle":[["A"]],"words":{}}"#)),
        HostileRow("JSON arrays nested 100 000 deep", expected: "PuzzlesClientError.invalidPuzzle(.malformed)",
                   mentions: ["deeper than 512 levels", "$.puzzle[0][0]"],
                   matches: invalidPuzzle { if case .malformed = $0 { true } else { false } },
                   answer: onPuzzle(#"{"id":"p1","puzzle":"# + String(repeating: "[", count: 100_000)
                                    + String(repeating: "]", count: 100_000) + "}")),
        HostileRow("a 2 MiB puzzle (decoder limit 1 MiB)", expected: "SignetError.bodyTooLarge",
                   mentions: ["puzzles.generate", "limit of 1048576 bytes"],
                   matches: signet { if case .bodyTooLarge(1_048_576, _) = $0 { true } else { false } },
                   answer: onPuzzle(puzzle() + String(repeating: " ", count: 2 << 20))),
        HostileRow("a true Content-Length of 40 MiB, the body streamed", expected: "SignetError.bodyTooLarge",
                   mentions: ["limit of \(transportLimit) bytes"],
                   matches: signet { if case .bodyTooLarge(HostilePuzzlesPeerTests.transportLimit, _) = $0 { true } else { false } },
                   answer: onPuzzle { HostileRow.declaredBomb(40 << 20) }),
        HostileRow("a chunked body that never ends", expected: "SignetError.bodyTooLarge",
                   mentions: ["limit of \(transportLimit) bytes"],
                   matches: signet { if case .bodyTooLarge(HostilePuzzlesPeerTests.transportLimit, _) = $0 { true } else { false } },
                   answer: onPuzzle { HostileRow.endlessChunked() }),
        HostileRow("headers, then silence (POST: not retried)", expected: "SignetError.timeout",
                   mentions: ["timed out after 3 s"], matches: signet { if case .timeout = $0 { true } else { false } },
                   answer: onPuzzle { HostileRow.headersThenStall() }),
        HostileRow("Content-Length: 4096, a few bytes, then close (POST: not retried)", expected: "SignetError.transport",
                   mentions: ["transport failure"], matches: signet { if case .transport = $0 { true } else { false } },
                   answer: onPuzzle { HostileRow.cutShort(#"{"id":"p1","puzzle":[["#) }),
        HostileRow("401 with Date in year 9999 (unsigned: the Date is not consulted)", expected: "SignetError.httpStatus(401)",
                   mentions: ["HTTP 401"],
                   matches: signet { if case .httpStatus(let status, _, _) = $0 { status.code == 401 } else { false } },
                   answer: onPuzzle { HostileRow.unauthorizedFromYear9999() }),
    ]

    static let capabilityRows: [HostileRow] = [
        HostileRow("capabilities nested 1 000 deep (within the 64 KiB limit)", expected: "PuzzlesClientError.invalidCapabilityList(.malformed)",
                   mentions: ["deeper than 512 levels"],
                   matches: { if case .invalidCapabilityList(.malformed)? = $0 as? PuzzlesClientError { true } else { false } },
                   answer: { _ in HostileHTTPPeer.response(String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)) }),
        HostileRow("a capability list of 100 KiB (limit 64 KiB)", expected: "SignetError.bodyTooLarge",
                   mentions: ["puzzles.capabilities", "limit of 65536 bytes"],
                   matches: signet { if case .bodyTooLarge(65_536, _) = $0 { true } else { false } },
                   answer: { _ in HostileHTTPPeer.response(capabilities + String(repeating: " ", count: 100 << 10)) }),
        HostileRow("a keyword that is a number", expected: "PuzzlesClientError.invalidCapabilityList(.malformed)",
                   mentions: ["$[0].keyword", "expected a string"],
                   matches: { if case .invalidCapabilityList(.malformed("$[0].keyword", _))? = $0 as? PuzzlesClientError { true } else { false } },
                   answer: { _ in HostileHTTPPeer.response(#"[{"name":"H","description":"d","keyword":18446744073709551616}]"#) }),
        HostileRow("headers, then silence (GET: 3 attempts)", expected: "SignetError.timeout", mentions: ["timed out after 3 s"],
                   attempts: 3...3, matches: signet { if case .timeout = $0 { true } else { false } },
                   answer: { _ in HostileRow.headersThenStall() }),
    ]

    func client(_ peer: HostileHTTPPeer, _ transport: TransportKind, _ row: HostileRow) throws -> PuzzlesClient {
        let transport: any Transport = transport.make()
        let retry = RetryMiddleware(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(4))
        return PuzzlesClient(client: SignetClient(baseURL: try peer.baseURL, transport: transport,
                                            middleware: SignetClient.defaultMiddleware(retry: retry, timeout: row.attemptTimeout(.seconds(3)))))
    }

    @Test("a hostile /puzzle answer ends in a typed error, within the bound, with bounded reading",
          arguments: puzzleRows, TransportKind.allCases)
    func hostilePuzzle(row: HostileRow, transport: TransportKind) async throws {
        let peer = try HostileHTTPPeer(row.answer)
        defer { peer.stop() }
        let puzzles = try client(peer, transport, row)
        let outcome = await HangGuard.run(within: HostileRow.bound) { _ = try await puzzles.puzzle(Self.settings) }
                await row.check(outcome, peer: peer, path: "/puzzle", limit: transport.hangsUpAtLimit ? Self.transportLimit : nil)
    }

    @Test("a hostile /capabilities answer ends in a typed error, within the bound",
          arguments: capabilityRows, TransportKind.allCases)
    func hostileCapabilities(row: HostileRow, transport: TransportKind) async throws {
        let peer = try HostileHTTPPeer(row.answer)
        defer { peer.stop() }
        let puzzles = try client(peer, transport, row)
        let outcome = await HangGuard.run(within: HostileRow.bound) { _ = try await puzzles.capabilities() }
        await row.check(outcome, peer: peer, path: "/capabilities", limit: transport.hangsUpAtLimit ? Self.transportLimit : nil)
    }
}
