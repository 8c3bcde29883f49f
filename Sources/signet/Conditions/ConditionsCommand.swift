import ArgumentParser
import Foundation
import SignetConditions

/// `signet conditions list|show|eval`: the Rollout conditions service.
struct ConditionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conditions", abstract: "List conditions, show one as pseudocode, or evaluate it.",
        subcommands: [List.self, Show.self, Eval.self])

    /// `signet conditions list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the conditions (id and name).")
        @OptionGroup var options: ServiceOptions

        func run() async throws {
            try await explainingFailures {
                try await ServiceConnection.with(options) { connection in
                    let summaries = try await ConditionsClient(baseURL: connection.baseURL, transport: connection.transport).conditions()
                    if options.json { return try Terminal.printJSON(summaries) }
                    let terminal = Terminal(json: false)
                    let rows = summaries.map { (id: $0.id.terminalSafe, name: $0.name.terminalSafe) }
                    let width = rows.map(\.id.count).max() ?? 0
                    for row in rows {
                        terminal.line(terminal.styled(row.id.padding(toLength: width, withPad: " ", startingAt: 0), .bold) + "  " + row.name)
                    }
                }
            }
        }
    }

    /// `signet conditions show ID`
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a condition as pseudocode.")
        @Argument(help: "The condition's _id.") var id: String
        @OptionGroup var options: ServiceOptions

        func run() async throws {
            try await explainingFailures {
                try await ServiceConnection.with(options) { connection in
                    let document = try await ConditionsCommand.fetch(id, connection)
                    if options.json {
                        struct Output: Encodable { let id: String; let name: String; let pseudocode: String }
                        return try Terminal.printJSON(Output(id: document.id, name: document.name, pseudocode: document.condition.description))
                    }
                    let terminal = Terminal(json: false)
                    terminal.line(document.name.terminalSafe)
                    terminal.line("  " + document.condition.description.terminalSafe)
                }
            }
        }
    }

    /// `signet conditions eval ID ARG1 [ARG2]`
    struct Eval: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Evaluate a condition with one or two arguments.")
        @Argument(help: "The condition's _id.") var id: String
        @Argument(help: "arg1.") var first: String
        @Argument(help: "arg2 (empty when omitted).") var second: String?
        @OptionGroup var options: ServiceOptions

        func run() async throws {
            try await explainingFailures {
                try await ServiceConnection.with(options) { connection in
                    let document = try await ConditionsCommand.fetch(id, connection)
                    let result = document.condition.evaluate(arguments: [first, second ?? ""])
                    if options.json {
                        struct Output: Encodable { let id: String; let pseudocode: String; let arguments: [String]; let result: Bool }
                        return try Terminal.printJSON(Output(id: id, pseudocode: document.condition.description,
                                                             arguments: [first, second ?? ""], result: result))
                    }
                    let terminal = Terminal(json: false)
                    terminal.line(document.condition.description.terminalSafe)
                    terminal.line(result ? terminal.styled("true", .green, .bold) : terminal.styled("false", .red, .bold))
                }
            }
        }
    }

    /// Fetches a condition, turning a parse failure into a message with its JSON path.
    static func fetch(_ id: String, _ connection: ServiceConnection) async throws -> ConditionDocument {
        do {
            return try await ConditionsClient(baseURL: connection.baseURL, transport: connection.transport).condition(id: id)
        } catch let error as ConditionError {
            throw CommandFailure("condition \(id) cannot be used: \(error)")
        }
    }
}
