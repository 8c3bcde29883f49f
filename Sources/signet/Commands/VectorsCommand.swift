import ArgumentParser
import Foundation
@_spi(Vectors) import SignetConditions
@_spi(Vectors) import SignetCrypto
@_spi(Vectors) import SignetGameSystem

/// `signet vectors`: runs test-vector files through the library.
struct VectorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Work with test-vector files.",
        subcommands: [Check.self]
    )

    /// `signet vectors check FILE...`
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run every vector in the files through the library.",
            discussion: """
                Reads each file's "scheme" and runs it through the matching part of the library:
                \(VectorRunner.knownSchemes.sorted().joined(separator: ", ")).
                Prints one line per failing vector and ends with 'N passed, M failed'. Exits 1 when a
                vector fails or a file cannot be used. A file must be a regular file of at most 16 MiB
                (a FIFO, a device or a directory is refused), and its numeric fields within their ranges
                (repeat 1...16777216 and at most 64 MiB hashed per file, truncate_bytes 1...20,
                max_skew_seconds 0...86400, max_depth 1...128, max_input_bytes 0...16777216).
                """
        )

        @Argument(help: "Vector files (JSON).")
        var files: [String]

        func run() async throws {
            let terminal = Terminal(json: false)
            var passed = 0, failed = 0, unusable = 0
            for file in files {
                do {
                    for outcome in try VectorRunner.run(file: file) {
                        if outcome.passed {
                            passed += 1
                        } else {
                            failed += 1
                            for failure in outcome.failures {
                                terminal.line("FAIL \(file.terminalSafe): \(outcome.name.terminalSafe): \(failure.terminalSafe)")
                            }
                        }
                    }
                } catch {
                    unusable += 1
                    printError("error: \(file): \(error)")
                }
            }
            terminal.line("\(passed) passed, \(failed) failed")
            if failed > 0 || unusable > 0 { throw ExitCode.failure }
        }
    }
}

/// Dispatches a vector file to the runner for its scheme, after reading it as a regular file of at most
/// ``SignetCrypto/VectorJSON/maxFileBytes`` bytes.
enum VectorRunner {
    static var knownSchemes: Set<String> {
        CryptoVectors.schemes.union(GameSystemVectors.schemes).union([ConditionVectors.scheme])
    }

    static func run(file: String) throws -> [VectorOutcome] {
        let data = Data(try BoundedFile.read(file, limit: VectorJSON.maxFileBytes, purpose: "vector"))
        let scheme = try VectorJSON.scheme(of: data)
        if CryptoVectors.schemes.contains(scheme) { return try CryptoVectors.check(scheme: scheme, data: data) }
        if GameSystemVectors.schemes.contains(scheme) { return try GameSystemVectors.check(scheme: scheme, data: data) }
        if scheme == ConditionVectors.scheme {
            return try ConditionVectors.check(data: data).map { outcome in
                VectorOutcome(name: outcome.name, failures: outcome.passed ? [] : [outcome.message])
            }
        }
        throw VectorFileError(path: "$.scheme", reason:
            "unknown scheme '\(scheme)' (known: \(knownSchemes.sorted().joined(separator: ", ")))")
    }
}
