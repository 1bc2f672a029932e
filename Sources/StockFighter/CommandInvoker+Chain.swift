extension CommandInvoker {
    /// What a chain does after a step fails.
    public enum ChainMode: Sendable, Hashable {
        /// Skip the remaining commands.
        case stopAtFirstError
        /// Run every command whatever happened before.
        case continueAfterErrors
    }

    /// One finished step of a chain.
    public struct ChainStep: Sendable {
        /// The step's position in the chain, from 0.
        public var index: Int
        /// The command's description (never the key).
        public var command: String
        /// The command's result (its `Result` type) or its error.
        public var outcome: Result<any Sendable, ExchangeError>
        /// How long the step took, retries included.
        public var duration: Duration
    }

    /// Runs `commands` one after another, calling `onStep` as each finishes, and returns every
    /// finished step in order. With `.stopAtFirstError` the steps after a failure are not run
    /// (and not reported).
    public func runChain(
        _ commands: [any ExchangeCommand], mode: ChainMode,
        onStep: (ChainStep) async -> Void = { _ in }
    ) async -> [ChainStep] {
        var steps: [ChainStep] = []
        for (index, command) in commands.enumerated() {
            let start = ContinuousClock.now
            let outcome: Result<any Sendable, ExchangeError>
            do throws(ExchangeError) {
                outcome = .success(try await run(command))
            } catch {
                outcome = .failure(error)
            }
            let step = ChainStep(index: index, command: command.description, outcome: outcome, duration: ContinuousClock.now - start)
            steps.append(step)
            await onStep(step)
            if case .failure = outcome, mode == .stopAtFirstError { break }
        }
        return steps
    }
}
