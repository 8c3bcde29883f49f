import ArgumentParser

/// `signet trivia`: Play the trivia game over WebSocket.
struct TriviaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trivia", abstract: "Play the trivia game over WebSocket.", subcommands: [TriviaPlayCommand.self])
}
