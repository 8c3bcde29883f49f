import ArgumentParser
import Signet

/// A failure the command explains on stderr before exiting with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

extension AsyncParsableCommand {
    /// Runs `body`; a ``CommandFailure`` or any other error is printed as `error: …` (through
    /// ``printError(_:)``, so a server's message cannot write control characters) and exits 1.
    func explainingFailures(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CommandFailure {
            printError("error: \(failure.message)")
            throw ExitCode.failure
        } catch let exit as ExitCode {
            throw exit
        } catch let error as SignetError {
            printError("error: \(error)")
            for line in RefusalReport.lines(for: error) { printError("  " + line) }
            throw ExitCode.failure
        } catch {
            printError("error: \(error)")
            throw ExitCode.failure
        }
    }
}
