import SignetTrivia
extension TriviaConnection {
    /// Performs a scripted player's move through the state machine, as a user's intent would.
    @discardableResult
    package func perform(_ move: TriviaAutoMove) async -> TriviaClientOutcome {
        switch move {
        case .answer(let choice): await answer(choice)
        case .useJoker: await useJoker()
        case .declineJoker: await declineJoker()
        }
    }
}
