import Foundation
import Synchronization

/// `signet playground --record FILE`: appends every body the playground sends to the browser (pages,
/// scripts, styles, redirects, trivia socket messages) to `FILE`, one record after another, so a test
/// can check that none of them holds a secret. Off unless asked for.
final class ResponseRecorder: Sendable {
    private let handle: Mutex<FileHandle?>

    /// Opens (creating or truncating) `path` for recording.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let file = FileHandle(forWritingAtPath: path) else {
            throw CommandFailure("cannot write the record file '\(path)'")
        }
        handle = Mutex(file)
    }

    /// Appends `body` and a separator line.
    func record(_ body: String) {
        handle.withLock { file in
            file?.write(Data((body + "\n\u{1E}\n").utf8))
        }
    }

    /// Closes the file; later records are dropped.
    func close() {
        handle.withLock { file in
            try? file?.close()
            file = nil
        }
    }
}
