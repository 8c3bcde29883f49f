// PuzzleStoreCrashChild: the child process of the puzzle store's crash test (Tests/SignetPuzzlesTests/
// StoreCrashTests.swift), not a product. It records finds on a real SQLite file as fast as it can and writes
// one line to stdout (unbuffered, straight to the file descriptor) after each change is committed, until it
// has done `COUNT` copies or is killed:
//
//   PuzzleStoreCrashChild DATABASE TEMPLATE-ID PREFIX COUNT
//
// For k in 0..<COUNT it saves a copy of the puzzle TEMPLATE-ID as `PREFIX-k` (line `saved PREFIX-k`), then
// marks each of its words found (line `found PREFIX-k WORD` once `markFound` has returned). Anything unexpected
// ends it with status 1 and a line on stderr.
import Foundation
import SignetPuzzles
import SignetPuzzlesStore

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("PuzzleStoreCrashChild: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 4, let count = Int(arguments[arguments.startIndex + 3]), count > 0 else {
    fail("usage: PuzzleStoreCrashChild DATABASE TEMPLATE-ID PREFIX COUNT")
}
let path = arguments[arguments.startIndex]
let templateID = arguments[arguments.startIndex + 1]
let prefix = arguments[arguments.startIndex + 2]

do {
    let store = try PuzzleStore(path: path)
    let template = try await store.game(puzzleID: templateID).puzzle
    say("open")
    for index in 0..<count {
        let id = "\(prefix)-\(index)"
        try await store.save(Puzzle(id: id, grid: template.grid, words: template.words))
        say("saved \(id)")
        for word in template.distinctWords {
            switch try await store.markFound(puzzleID: id, word: word) {
            case .found, .won: say("found \(id) \(word)")
            case let other: fail("marking \(word) in \(id) gave \(other)")
            }
        }
    }
    try store.close()
    say("done")
} catch {
    fail("\(error)")
}
