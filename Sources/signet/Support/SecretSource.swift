import Foundation

/// Reads a secret from a file or an environment variable, never from a command-line argument
/// (arguments are visible to every user through `ps` and end up in shell history).
enum SecretSource {
    /// The secret from `file` when given, else from the environment variable `variable`.
    /// A single trailing newline in a file is dropped (`echo secret > file` writes one).
    static func read(file: String?, variable: String, purpose: String) throws -> String {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure("cannot read the \(purpose) file '\(file)'")
            }
            guard var text = String(data: data, encoding: .utf8) else {
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
