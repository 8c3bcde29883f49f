import Foundation
import SignetCrypto

/// Reads a secret from a file or an environment variable, never from a command-line argument
/// (arguments are visible to every user through `ps` and end up in shell history).
enum SecretSource {
    /// The largest secret file read: 64 KiB. A secret is a few dozen bytes; anything near this is a mistake.
    static let maxFileBytes = 64 * 1024

    /// The secret from `file` when given, else from the environment variable `variable`.
    /// A single trailing newline in a file is dropped (`echo secret > file` writes one). The file must be a
    /// regular file of at most ``maxFileBytes`` bytes: a FIFO or a device is refused, not waited on.
    static func read(file: String?, variable: String, purpose: String) throws -> String {
        if let file {
            let data = try BoundedFile.read(file, limit: maxFileBytes, purpose: purpose)
            guard var text = String(validating: data, as: UTF8.self) else {
                throw CommandFailure("the \(purpose) file '\(file)' is not UTF-8 text")
            }
            if text.hasSuffix("\r\n") || text.hasSuffix("\n") { text.removeLast() } // "\r\n" is one Character
            guard !text.isEmpty else { throw CommandFailure("the \(purpose) file '\(file)' is empty") }
            return text
        }
        if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { return value }
        throw CommandFailure("no \(purpose): set \(variable) or pass the file with --\(purpose.replacingOccurrences(of: " ", with: "-"))-file")
    }
}

/// Reads the small files the command is handed (secrets, the config file, vector files): regular files only,
/// up to a limit, with a message that names the file's purpose and what was wrong.
enum BoundedFile {
    /// The bytes of `path`, or a ``CommandFailure`` such as `cannot use the secret file: '/dev/zero' is a
    /// character device, not a regular file`.
    static func read(_ path: String, limit: Int, purpose: String) throws -> [UInt8] {
        do {
            return try RegularFile.read(path, limit: limit)
        } catch {
            throw CommandFailure("cannot use the \(purpose) file: \(error)")
        }
    }
}
