import Foundation
import Testing

/// A newcomer's first commands print help with status 0. `signet --help` once printed
/// `error: CommandError(… helpRequested …)`: the command's own `main` treated ArgumentParser's help request,
/// thrown from `run()`, as a failure. `signet-bench --help` once ran the whole benchmark.
@Suite("Help")
struct HelpTests {
    /// Every command of `signet`, as typed.
    static let commands: [[String]] = [
        [], ["demo"], ["player"], ["event"], ["avatar"], ["avatar", "show"], ["avatar", "set"], ["conditions"], ["conditions", "list"],
        ["conditions", "show"], ["conditions", "eval"], ["worlds"], ["puzzle"], ["puzzle", "new"], ["puzzle", "list"],
        ["puzzle", "show"], ["puzzle", "find"], ["puzzle", "play"], ["puzzle", "delete"], ["trivia"], ["trivia", "play"],
        ["playground"], ["sign"], ["vectors"], ["vectors", "check"], ["doctor"],
    ]

    @Test("signet COMMAND --help, -h and help COMMAND print the command's help with status 0",
          arguments: commands)
    func commandHelp(command: [String]) async throws {
        for arguments in [command + ["--help"], command + ["-h"], ["help"] + command] {
            let output = try await SignetProcess.run(arguments, timeout: .seconds(60))
            #expect(output.status == 0, "signet \(arguments.joined(separator: " ")): \(output.stderr)")
            #expect(output.stdout.hasPrefix("OVERVIEW:"), "signet \(arguments.joined(separator: " ")): \(output.stdout.prefix(200))")
            #expect(output.stdout.contains("USAGE: signet"))
            #expect(!output.stderr.contains("CommandError"))
        }
    }

    @Test("bare signet and a bare command group print their help with status 0", arguments: [[], ["puzzle"], ["trivia"], ["conditions"], ["vectors"]])
    func bareGroup(command: [String]) async throws {
        let output = try await SignetProcess.run(command, timeout: .seconds(60))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("SUBCOMMANDS:"), "\(output.stdout.prefix(300))")
    }

    @Test("signet-server and signet-bench: --help, -h and help print usage with status 0; an unknown flag is a usage error",
          arguments: ["signet-server", "signet-bench"])
    func toolHelp(program: String) async throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let output = try await SignetProcess.run(arguments, timeout: .seconds(60), program: program)
            #expect(output.status == 0, "\(program) \(arguments[0]): \(output.stderr)")
            #expect(output.stdout.lowercased().contains("usage: \(program)"), "\(output.stdout.prefix(300))")
        }
        let unknown = try await SignetProcess.run(["--no-such-flag"], timeout: .seconds(60), program: program)
        #expect(unknown.status == 64, "\(unknown.stdout) \(unknown.stderr)")
        #expect(unknown.stderr.contains("--no-such-flag"))
    }

    @Test("signet-bench refuses a bad --connections and --side-by-side without --wrk, naming the flag; its child mode is not in the help")
    func benchValidation() async throws {
        let refused = [(["--server-side", "--side-by-side"], "--wrk"), (["--all", "--side-by-side", "--wrk", "/bin/true"], "--server-side"),
                       (["--server-side", "--connections", "0"], "--connections")]
        for (arguments, flag) in refused {
            let output = try await SignetProcess.run(arguments, timeout: .seconds(60), program: "signet-bench")
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(flag), "\(arguments): \(output.stderr)")
            #expect(!output.stdout.contains("debug build"), "no benchmark ran")
        }
        let help = try await SignetProcess.run(["--help"], timeout: .seconds(60), program: "signet-bench")
        #expect(help.stdout.contains("--side-by-side"))
        #expect(!help.stdout.contains("--bench-servers"), "the children's mode is hidden")
    }

    @Test("bare signet-bench prints its help instead of running every benchmark")
    func bareBench() async throws {
        let output = try await SignetProcess.run([], timeout: .seconds(60), program: "signet-bench")
        #expect(output.status == 0)
        #expect(output.stdout.contains("USAGE: signet-bench"))
        #expect(!output.stdout.contains("debug build"), "no benchmark ran")
    }
}
