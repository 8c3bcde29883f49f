import Foundation

/// Lines typed on standard input, for the interactive game.
enum TriviaInput {
    /// The lines of standard input as they are typed. `readLine` blocks, so it runs on a thread of its
    /// own rather than on one of the few threads Swift concurrency shares.
    static func lines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let reader = Thread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
        reader.name = "signet-trivia-stdin"
        reader.start()
        return stream
    }
}
