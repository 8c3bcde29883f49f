import Foundation
import Signet
import SignetPuzzles
import SignetServer
import Testing
import SignetTransportTestSupport

/// `PuzzlesClient` against the real reference server on 127.0.0.1, over all three transports.
@Suite("PuzzlesClient against the reference server")
struct PuzzlesClientTests {
    static let settingsCases: [PuzzleSettings] = [
        // The seed's example request.
        PuzzleSettings(width: 20, height: 20, words: 10, minLength: 4, maxLength: 8,
                       capabilities: ["horizontal", "vertical", "angle"]),
        PuzzleSettings(width: 12, height: 9, words: 6, minLength: 3, maxLength: 6, capabilities: ["horizontal"]),
        PuzzleSettings(width: 9, height: 12, words: 6, minLength: 4, maxLength: 7, capabilities: ["vertical"]),
        PuzzleSettings(width: 10, height: 10, words: 5, minLength: 3, maxLength: 5, capabilities: ["angle"]),
        PuzzleSettings(width: 15, height: 6, words: 8, minLength: 2, maxLength: 3, capabilities: ["vertical", "angle"]),
        PuzzleSettings(width: 30, height: 25, words: 25, minLength: 5, maxLength: 9,
                       capabilities: ["horizontal", "vertical"]),
    ]

    @Test("the published list arrives as published; Vertical's duplicate keyword is resolved with a warning",
          arguments: TransportKind.allCases)
    func duplicateKeyword(kind: TransportKind) async throws {
        try await withPuzzlesClient(kind) { client, _ in
            let capabilities = try await client.capabilities()
            #expect(capabilities.published.map(\.name) == ["Horizontal", "Vertical", "Angle"])
            #expect(capabilities.published.map(\.keyword) == ["horizontal", "horizontal", "angle"])
            #expect(capabilities.offered.keywords == ["horizontal", "vertical", "angle"])
            #expect(capabilities.warnings == [.keywordReplaced(
                name: "Vertical", publishedKeyword: "horizontal", replacement: "vertical", firstUser: "Horizontal")])
            #expect(capabilities.warnings.first?.description.contains("\"Vertical\"") == true)

            // The resolved keyword is what the server accepts: a vertical-only puzzle arrives.
            let received = try await client.puzzle(PuzzleSettings(
                width: 8, height: 10, words: 4, minLength: 3, maxLength: 6, capabilities: ["vertical"]))
            #expect(received.capabilityWarnings == capabilities.warnings)
            for word in received.puzzle.words {
                #expect(WordLine(x1: word.start.x, y1: word.start.y, x2: word.end.x, y2: word.end.y) == .vertical)
            }
        }
    }

    @Test("generation honours every setting: size, count, lengths, directions",
          arguments: TransportKind.allCases, settingsCases)
    func honoursSettings(kind: TransportKind, settings: PuzzleSettings) async throws {
        try await withPuzzlesClient(kind) { client, _ in
            let received = try await client.puzzle(settings)
            #expect(received.settings == settings)
            #expect(received.layout == .rowMajor)
            let rows = received.puzzle.grid.stringRows
            #expect(rows.count == settings.height)
            #expect(rows.allSatisfy { $0.count == settings.width })
            let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init))
            #expect(rows.allSatisfy { $0.allSatisfy(alphabet.contains) })
            let words = received.puzzle.words
            #expect(words.count == settings.words)
            #expect(Set(words.map { $0.word.uppercased() }).count == settings.words)
            for word in words {
                #expect((settings.minLength...settings.maxLength).contains(word.word.count), "\(word.word)")
                let line = WordLine(x1: word.start.x, y1: word.start.y, x2: word.end.x, y2: word.end.y)
                #expect(line.keyword.map(settings.capabilities.contains) == true, "\(word.word) runs \(line)")
                #expect(lettersAlong(rows, x1: word.start.x, y1: word.start.y, x2: word.end.x, y2: word.end.y)
                    == word.word.uppercased())
            }
        }
    }

    @Test("a server without Angle does not list it, and asking for angle is refused before sending",
          arguments: TransportKind.allCases)
    func capabilityRefusal(kind: TransportKind) async throws {
        let recorder = RequestRecorder()
        try await withPuzzlesClient(kind, configuration: .init(puzzlesOfferAngle: false), recorder: recorder) { client, _ in
            let capabilities = try await client.capabilities()
            #expect(capabilities.published.map(\.name) == ["Horizontal", "Vertical"])
            #expect(capabilities.offered.keywords == ["horizontal", "vertical"])
            let settings = PuzzleSettings(
                width: 10, height: 10, words: 3, minLength: 3, maxLength: 5, capabilities: ["horizontal", "angle"])
            let error = try await #require(throws: PuzzlesClientError.self) {
                try await client.puzzle(settings, offered: capabilities)
            }
            #expect(error == .invalidSettings(.unsupportedCapability(keyword: "angle", offered: ["horizontal", "vertical"])))
            #expect(error.description.contains(#"it offers "horizontal", "vertical""#))
            #expect(recorder.requests == ["GET /capabilities"])
        }
    }

    @Test("settings out of bounds are refused before sending, naming the field", arguments: TransportKind.allCases)
    func boundsBeforeSending(kind: TransportKind) async throws {
        let recorder = RequestRecorder()
        try await withPuzzlesClient(kind, recorder: recorder) { client, _ in
            let capabilities = try await client.capabilities()
            let cases: [(PuzzleSettings, PuzzleSettingsError)] = [
                (PuzzleSettings(width: 0, height: 10, words: 3, minLength: 3, maxLength: 5, capabilities: ["horizontal"]),
                 .outOfRange(field: "width", value: 0, allowed: 1...64)),
                (PuzzleSettings(width: 10, height: 65, words: 3, minLength: 3, maxLength: 5, capabilities: ["vertical"]),
                 .outOfRange(field: "height", value: 65, allowed: 1...64)),
                (PuzzleSettings(width: 10, height: 10, words: 3, minLength: 6, maxLength: 5, capabilities: ["horizontal"]),
                 .minLengthAboveMaxLength(minLength: 6, maxLength: 5)),
                (PuzzleSettings(width: 4, height: 12, words: 3, minLength: 5, maxLength: 8, capabilities: ["horizontal"]),
                 .wordsDoNotFit(minLength: 5, longestLine: 4, directions: ["horizontal"])),
            ]
            for (settings, expected) in cases {
                let error = try await #require(throws: PuzzlesClientError.self) {
                    try await client.puzzle(settings, offered: capabilities)
                }
                #expect(error == .invalidSettings(expected))
            }
            #expect(recorder.requests == ["GET /capabilities"])
        }
    }

    @Test("settings no puzzle can satisfy get the server's 422 reason", arguments: TransportKind.allCases)
    func impossibleSettings(kind: TransportKind) async throws {
        try await withPuzzlesClient(kind) { client, _ in
            // Two rows of two cells hold at most two horizontal words; the client's bounds allow the request.
            let crowded = PuzzleSettings(width: 2, height: 2, words: 10, minLength: 2, maxLength: 2, capabilities: ["horizontal"])
            let error = try await #require(throws: PuzzlesClientError.self) { try await client.puzzle(crowded) }
            guard case let .refused(reason) = error else {
                Issue.record("expected a 422 refusal, got \(error)")
                return
            }
            #expect(reason.hasPrefix("words:"))
            #expect(reason.contains("of 10 words could be placed in a 2×2 grid"))
            #expect(error.description.contains("HTTP 422"))

            // More twelve-letter words than the built-in list has.
            let scarce = PuzzleSettings(width: 12, height: 12, words: 60, minLength: 12, maxLength: 12, capabilities: ["horizontal"])
            let scarceError = try await #require(throws: PuzzlesClientError.self) { try await client.puzzle(scarce) }
            guard case let .refused(scarceReason) = scarceError else {
                Issue.record("expected a 422 refusal, got \(scarceError)")
                return
            }
            #expect(scarceReason.contains("60 requested"))
        }
    }

    @Test("one server's puzzles differ per request and repeat for the same seed", arguments: TransportKind.allCases)
    func determinism(kind: TransportKind) async throws {
        let settings = PuzzleSettings(width: 12, height: 12, words: 6, minLength: 3, maxLength: 7,
                                      capabilities: ["horizontal", "vertical", "angle"])
        var runs: [[Puzzle]] = []
        for seed in [42, 42, 43] as [UInt64] {
            try await withPuzzlesClient(kind, configuration: .init(seed: seed)) { client, _ in
                let capabilities = try await client.capabilities()
                let first = try await client.puzzle(settings, offered: capabilities).puzzle
                let second = try await client.puzzle(settings, offered: capabilities).puzzle
                runs.append([first, second])
            }
        }
        #expect(runs[0][0].id != runs[0][1].id)
        #expect(runs[0][0].grid != runs[0][1].grid)
        #expect(runs[0] == runs[1])
        #expect(runs[2][0] != runs[0][0])
    }
}
